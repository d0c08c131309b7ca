import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, saveScreenshot, serviceGet, serviceRequest, test } from './fixtures';
import { screenshotVariants } from './screens';
import { expectAxeCleanInBothSchemes } from './axe';
import {
  card,
  column,
  dragTo,
  expectBoardMatchesService,
  listId,
  lists,
  openBoard,
  seed,
  settled,
  shownOutline,
  storedOutline,
  tasksOf,
  type TaskList,
} from './tasks-helpers';
import { setColorScheme } from './color-scheme';

test.describe('task board drop targets', () => {
  test('the whole column takes a drop: top of an empty list, and the space under the cards', async ({
    page,
    app,
  }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    const empty = (await serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Empty' })).id;
    await seed(app, mine, ['Trip', ['Pack', 'Tickets'], 'Stay']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Trip', '  Pack', '  Tickets', 'Stay']);

    // A subtask let go in the empty space just under the last card becomes the last top-level task.
    await dragTo(
      page,
      'Pack',
      async () => {
        const last = await card(page, 'Stay').boundingBox();
        if (!last) throw new Error('no card Stay');
        return { x: last.x + last.width / 2, y: last.y + last.height + 40 };
      },
      false,
    );
    await expect(column(page, 'My Tasks')).toHaveClass(/task-column--drop/);
    // (A window resize cancels a drag, so only this size shows the drag under way.)
    await saveScreenshot(page, 'tasks-drop-column-end-dragging');
    await page.mouse.up();
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Trip', '  Tickets', 'Stay', 'Pack']);
    await settled(page);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Trip', '  Tickets', 'Stay', 'Pack']);

    // The top of an empty list, right under its "Add a task" field, far from the "Drop here" line.
    await dragTo(page, 'Tickets', async () => {
      const scroller = await column(page, 'Empty').getByTestId('task-column-scroller').boundingBox();
      if (!scroller) throw new Error('no scroller');
      return { x: scroller.x + scroller.width / 2, y: scroller.y + 12 };
    });
    await expect.poll(() => shownOutline(page, 'Empty')).toEqual(['Tickets']);
    await settled(page);
    await expect.poll(() => storedOutline(app, empty)).toEqual(['Tickets']);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Trip', 'Stay', 'Pack']);

    // The column's header counts too.
    await dragTo(page, 'Trip', async () => {
      const header = await column(page, 'Empty').getByTestId('task-column-title').boundingBox();
      if (!header) throw new Error('no header');
      return { x: header.x + header.width / 2, y: header.y + header.height / 2 };
    });
    await expect.poll(() => storedOutline(app, empty)).toEqual(['Tickets', 'Trip']);
    await screenshotVariants(page, testInfo, 'tasks-drop-column-end');
    await expectBoardMatchesService(page, app);
  });
});

/** `YYYY-MM-DD` `days` from today in the board's zone (the browser's, set by the test config). */
function dateFrom(days: number, zone: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const utcLabel = (date: string, options: Intl.DateTimeFormatOptions) =>
  new Date(`${date}T00:00:00.000Z`).toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });

test.describe('task cards', () => {
  test('due dates read as people say them; overdue is red and says so', async ({ page, app, timezoneId }, testInfo) => {
    const zone = timezoneId ?? 'UTC';
    const mine = await listId(app, 'My Tasks');
    const dated: [string, number][] = [
      ['Call the bank', -4],
      ['Water plants', -1],
      ['Standup notes', 0],
      ['Dentist', 1],
      ['Pick up parcel', 3],
      ['Renew passport', 20],
      ['Anniversary', 400],
    ];
    for (const [title, days] of dated) {
      await serviceRequest(app, 'POST', `/tasks/v1/lists/${mine}/tasks`, {
        title,
        due: `${dateFrom(days, zone)}T00:00:00.000Z`,
      });
    }
    await openBoard(page);
    const due = (title: string) => card(page, title).getByTestId('task-due');
    const shown = (title: string) => due(title).locator('[aria-hidden="true"]');
    const long = (days: number) =>
      utcLabel(dateFrom(days, zone), { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

    await expect(shown('Water plants')).toHaveText('⚠ Overdue · Yesterday');
    await expect(shown('Call the bank')).toHaveText(
      `⚠ Overdue · ${utcLabel(dateFrom(-4, zone), dateFrom(-4, zone).slice(0, 4) === dateFrom(0, zone).slice(0, 4) ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' })}`,
    );
    await expect(shown('Standup notes')).toHaveText('Today');
    await expect(shown('Dentist')).toHaveText('Tomorrow');
    await expect(shown('Pick up parcel')).toHaveText(utcLabel(dateFrom(3, zone), { weekday: 'short' }));
    await expect(shown('Anniversary')).toHaveText(
      utcLabel(dateFrom(400, zone), { month: 'short', day: 'numeric', year: 'numeric' }),
    );
    // Screen readers hear the full date.
    await expect(due('Call the bank')).toContainText(`Overdue, was due ${long(-4)}`);
    await expect(due('Dentist')).toContainText(`Due tomorrow, ${long(1)}`);
    await expect(due('Renew passport')).toContainText(`Due ${long(20)}`);

    // Overdue is red (the danger colour), the rest is not.
    const colour = (title: string) => due(title).evaluate((el) => getComputedStyle(el).color);
    await expect(due('Call the bank')).toHaveAttribute('data-overdue', 'true');
    expect(await colour('Call the bank')).toBe('rgb(201, 55, 44)');
    expect(await colour('Renew passport')).not.toBe('rgb(201, 55, 44)');
    await expect(due('Dentist')).not.toHaveAttribute('data-overdue', 'true');

    // A completed task is not overdue.
    await card(page, 'Water plants').getByRole('checkbox', { name: 'Completed: Water plants' }).click();
    await column(page, 'My Tasks').getByRole('button', { name: 'Completed (1)' }).click();
    await expect(shown('Water plants')).toHaveText('Yesterday');
    // The completed tasks are under the open ones in the same scroll: opening them hides none of the
    // open tasks, even in a short window.
    const viewport = page.viewportSize();
    await page.setViewportSize({ width: 1024, height: 700 });
    for (const [title] of dated.filter(([t]) => t !== 'Water plants')) {
      await expect(card(page, title)).toBeInViewport({ ratio: 1 });
    }
    await column(page, 'My Tasks')
      .getByTestId('task-column-scroller')
      .evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
    await expect(card(page, 'Water plants')).toBeInViewport({ ratio: 1 });
    await column(page, 'My Tasks')
      .getByTestId('task-column-scroller')
      .evaluate((el) => {
        el.scrollTop = 0;
      });
    if (viewport) await page.setViewportSize(viewport);
    await screenshotVariants(page, testInfo, 'tasks-due-dates');
  });

  test('a card gives its title and due date the whole width; its actions show over the corner when pointed at', async ({
    page,
    app,
  }) => {
    await page.setViewportSize({ width: 1360, height: 860 });
    const mine = await listId(app, 'My Tasks');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await serviceRequest(app, 'POST', `/tasks/v1/lists/${mine}/tasks`, {
      title: 'Book flights to Lisbon',
      due: `${yesterday}T00:00:00.000Z`,
    });
    await openBoard(page);
    const flights = card(page, 'Book flights to Lisbon');
    const lineCount = (locator: Locator) =>
      locator.evaluate((element) => {
        const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
        return Math.round(element.getBoundingClientRect().height / lineHeight);
      });
    // One line each in a column of the board's width: nothing is kept aside for the hidden actions.
    const title = flights.getByTestId('task-title');
    expect(await lineCount(title)).toBe(1);
    expect(await lineCount(flights.getByTestId('task-due'))).toBe(1);

    const menu = flights.getByTestId('task-menu-button');
    const opacity = () => menu.evaluate((element) => getComputedStyle(element.parentElement!).opacity);
    await page.mouse.move(0, 0);
    await expect.poll(opacity).toBe('0');
    await flights.hover();
    await expect.poll(opacity).toBe('1');
    const [cardBox, menuBox] = [await flights.boundingBox(), await menu.boundingBox()];
    // Top right, inside the card.
    expect(cardBox && menuBox && cardBox.x + cardBox.width - (menuBox.x + menuBox.width)).toBeLessThan(12);
    expect(cardBox && menuBox && menuBox.y - cardBox.y).toBeLessThan(12);
    await saveScreenshot(page, 'tasks-card-actions-hover');
    await menu.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test('completed section, add subtask, Tab only moves the focus, Ctrl+] / Ctrl+[ indent and outdent with Undo', async ({
    page,
    app,
  }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Alpha', 'Bravo', 'Charlie']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', 'Charlie']);

    // Completing moves a task into the collapsed "Completed (1)" section.
    await card(page, 'Charlie').getByRole('checkbox', { name: 'Completed: Charlie' }).click();
    const completed = column(page, 'My Tasks').getByTestId('task-completed-toggle');
    await expect(completed).toHaveAccessibleName('Completed (1)');
    await expect(completed).toHaveAttribute('aria-expanded', 'false');
    await expect(card(page, 'Charlie')).toHaveCount(0);
    await completed.click();
    await expect(completed).toHaveAttribute('aria-expanded', 'true');
    await expect(card(page, 'Charlie')).toHaveAttribute('data-status', 'completed');
    // The section remembers it is open.
    await page.reload();
    await openBoard(page);
    await expect(column(page, 'My Tasks').getByTestId('task-completed-toggle')).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await card(page, 'Charlie').getByRole('checkbox', { name: 'Completed: Charlie' }).click();
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await expect.poll(async () => (await storedOutline(app, mine)).length).toBe(3);
    await expect(column(page, 'My Tasks').getByTestId('task-completed')).toHaveCount(0);

    // Add a subtask from the card's hover action.
    await card(page, 'Alpha').hover();
    await card(page, 'Alpha').getByRole('button', { name: 'Add subtask to Alpha' }).click();
    await page.getByTestId('subtask-dialog-input').fill('Alpha one');
    await page.keyboard.press('Enter');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', '  Alpha one', 'Bravo', 'Charlie']);
    await settled(page);

    // Tab only moves the focus through the board: nothing changes.
    await card(page, 'Alpha').focus();
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    await expect(page.getByTestId('toast')).toHaveCount(0);
    expect(await storedOutline(app, mine)).toEqual(['Alpha', '  Alpha one', 'Bravo', 'Charlie']);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', '  Alpha one', 'Bravo', 'Charlie']);

    // Ctrl+] on a focused card: it becomes the last subtask of the card above; Ctrl+[ takes it out.
    await card(page, 'Bravo').focus();
    await page.keyboard.press('Control+BracketRight');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', '  Alpha one', '  Bravo', 'Charlie']);
    await expect(page.getByTestId('task-board-status')).toHaveText('“Bravo” is now a subtask of “Alpha”.');
    await expect(card(page, 'Bravo')).toBeFocused();
    // A screen reader hears the outline: its level, and its place among the rows.
    const bravoRow = column(page, 'My Tasks')
      .getByRole('listitem')
      .filter({ has: card(page, 'Bravo') });
    await expect(bravoRow).toHaveAttribute('aria-level', '2');
    await expect(bravoRow).toHaveAttribute('aria-posinset', '3');
    await expect(bravoRow).toHaveAttribute('aria-setsize', '4');
    await settled(page);
    await screenshotVariants(page, testInfo, 'tasks-indented');
    await card(page, 'Bravo').focus();
    await page.keyboard.press('Control+BracketLeft');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', '  Alpha one', 'Bravo', 'Charlie']);
    await expect(page.getByTestId('task-board-status')).toHaveText('“Bravo” is no longer a subtask of “Alpha”.');
    await settled(page);

    // Indent again and take it back with the toast's Undo.
    await card(page, 'Charlie').focus();
    await page.keyboard.press('Control+BracketRight');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', '  Alpha one', 'Bravo', '  Charlie']);
    const indented = page.getByTestId('toast').filter({ hasText: '“Charlie” is now a subtask of “Bravo”' });
    await indented.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', '  Alpha one', 'Bravo', 'Charlie']);
    await expectBoardMatchesService(page, app);
  });
});

test('completing a task completes its open subtasks with it; Undo reopens them all', async ({ page, app }) => {
  const mine = await listId(app, 'My Tasks');
  await seed(app, mine, ['Buy groceries', ['Eggs', 'Milk'], 'Call mom']);
  await openBoard(page);
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Buy groceries', '  Eggs', '  Milk', 'Call mom']);
  const statuses = async () =>
    Object.fromEntries(
      (await tasksOf(app, mine, '&showCompleted=true&showHidden=true')).map((t) => [t.title, t.status]),
    );

  await card(page, 'Buy groceries').getByRole('checkbox', { name: 'Completed: Buy groceries' }).click();
  // No subtask is left behind on its own.
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Call mom']);
  await expect(column(page, 'My Tasks').getByTestId('task-completed-toggle')).toHaveAccessibleName('Completed (3)');
  await expect
    .poll(statuses)
    .toEqual({ 'Buy groceries': 'completed', Eggs: 'completed', Milk: 'completed', 'Call mom': 'needsAction' });
  const toast = page.getByTestId('toast').filter({ hasText: 'Completed “Buy groceries” and its 2 subtasks' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Buy groceries', '  Eggs', '  Milk', 'Call mom']);
  await expect
    .poll(statuses)
    .toEqual({ 'Buy groceries': 'needsAction', Eggs: 'needsAction', Milk: 'needsAction', 'Call mom': 'needsAction' });

  // A subtask completed before stays completed through its task's completion and Undo.
  await card(page, 'Milk').getByRole('checkbox', { name: 'Completed: Milk' }).click();
  await expect.poll(statuses).toMatchObject({ Milk: 'completed' });
  await card(page, 'Buy groceries').getByRole('checkbox', { name: 'Completed: Buy groceries' }).click();
  await page
    .getByTestId('toast')
    .filter({ hasText: 'Completed “Buy groceries” and its subtask' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect
    .poll(statuses)
    .toEqual({ 'Buy groceries': 'needsAction', Eggs: 'needsAction', Milk: 'completed', 'Call mom': 'needsAction' });
  await page.reload();
  await openBoard(page);
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Buy groceries', '  Eggs', 'Call mom']);
  await expect(column(page, 'My Tasks').getByTestId('task-completed-toggle')).toHaveAccessibleName('Completed (1)');
});

test('a task and its subtasks stay together whichever control completes or reopens them', async ({
  page,
  app,
}, testInfo) => {
  const mine = await listId(app, 'My Tasks');
  await seed(app, mine, ['Plan trip', ['Book flights', 'Pack'], 'Other']);
  await openBoard(page);
  const statuses = async () =>
    Object.fromEntries(
      (await tasksOf(app, mine, '&showCompleted=true&showHidden=true')).map((t) => [t.title, t.status]),
    );
  const completedOutline = async () => {
    const cards = column(page, 'My Tasks').getByTestId('task-completed').getByTestId('task-card');
    const lines: string[] = [];
    for (let i = 0; i < (await cards.count()); i++) {
      const c = cards.nth(i);
      lines.push(`${'  '.repeat(Number(await c.getAttribute('data-depth')))}${await c.getAttribute('aria-label')}`);
    }
    return lines;
  };

  // The details dialog's Completed box completes the subtasks too, as the card's checkbox does.
  await card(page, 'Plan trip').getByRole('button', { name: 'Open task Plan trip' }).click();
  const details = page.getByTestId('task-details');
  await expect(details.getByTestId('task-details-delete')).toHaveText('Delete task and its 2 subtasks');
  await details.getByTestId('task-details-completed').check();
  await details.getByTestId('task-details-save').click();
  await expect
    .poll(statuses)
    .toEqual({ 'Plan trip': 'completed', 'Book flights': 'completed', Pack: 'completed', Other: 'needsAction' });
  await expect(page.getByTestId('toast').filter({ hasText: 'Completed “Plan trip” and its 2 subtasks' })).toBeVisible();

  // The Completed section shows them as they were: the subtasks under their task.
  await column(page, 'My Tasks').getByTestId('task-completed-toggle').click();
  await expect.poll(completedOutline).toEqual(['Plan trip', '  Book flights', '  Pack']);
  await settled(page);
  await screenshotVariants(page, testInfo, 'tasks-completed-nested');

  // Reopening a subtask reopens the task it is under (it would otherwise stand alone), not its sibling.
  await card(page, 'Pack').getByRole('checkbox', { name: 'Completed: Pack' }).click();
  await expect
    .poll(statuses)
    .toEqual({ 'Plan trip': 'needsAction', 'Book flights': 'completed', Pack: 'needsAction', Other: 'needsAction' });
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Marked “Pack” and the task it is under not completed' }),
  ).toBeVisible();
  await expect.poll(completedOutline).toEqual(['Book flights']);
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Plan trip', '  Pack', 'Other', 'Book flights']);

  // Reopening a task reopens the subtasks completed with it.
  await card(page, 'Plan trip').getByRole('checkbox', { name: 'Completed: Plan trip' }).click();
  await expect.poll(completedOutline).toEqual(['Plan trip', '  Book flights', '  Pack']);
  await card(page, 'Plan trip').getByRole('checkbox', { name: 'Completed: Plan trip' }).click();
  await expect
    .poll(statuses)
    .toEqual({ 'Plan trip': 'needsAction', 'Book flights': 'needsAction', Pack: 'needsAction', Other: 'needsAction' });
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Plan trip', '  Book flights', '  Pack', 'Other']);
  // And Undo completes all three again.
  await page
    .getByTestId('toast')
    .filter({ hasText: 'Marked “Plan trip” and its 2 subtasks not completed' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect
    .poll(statuses)
    .toEqual({ 'Plan trip': 'completed', 'Book flights': 'completed', Pack: 'completed', Other: 'needsAction' });
  await page.reload();
  await openBoard(page);
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Other', 'Plan trip', '  Book flights', '  Pack']);
});

test('the keyboard stays on the board when a card leaves its place: completed, deleted, reopened', async ({
  page,
  app,
}) => {
  const mine = await listId(app, 'My Tasks');
  await seed(app, mine, ['Alpha', 'Bravo', ['Bravo one'], 'Charlie', 'Delta']);
  await openBoard(page);
  await expect
    .poll(() => shownOutline(page, 'My Tasks'))
    .toEqual(['Alpha', 'Bravo', '  Bravo one', 'Charlie', 'Delta']);

  // Space on a checkbox completes the task (and its subtask): the focus goes to the card below them.
  await card(page, 'Bravo').getByRole('checkbox', { name: 'Completed: Bravo' }).focus();
  await page.keyboard.press('Space');
  await expect(card(page, 'Charlie')).toBeFocused();

  // Deleting from the card's menu by keyboard: on to the next card; the last one hands it to the one above.
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(card(page, 'Delta')).toBeFocused();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', 'Bravo', '  Bravo one']);
  await expect(card(page, 'Alpha')).toBeFocused();

  // Reopening from the Completed section: the focus follows the task to its place among the open ones.
  await column(page, 'My Tasks').getByTestId('task-completed-toggle').click();
  await column(page, 'My Tasks')
    .getByTestId('task-completed')
    .getByRole('checkbox', { name: 'Completed: Bravo', exact: true })
    .focus();
  await page.keyboard.press('Space');
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', '  Bravo one']);
  await expect(column(page, 'My Tasks').getByTestId('task-completed')).toHaveCount(0);
  await expect(card(page, 'Bravo')).toBeFocused();
});

test('a task typed with a day in its words gets that due date, shown before it is added, and can keep the words', async ({
  page,
  app,
}) => {
  const mine = await listId(app, 'My Tasks');
  await openBoard(page);
  const field = column(page, 'My Tasks').getByTestId('task-new-title');
  const tomorrow = await page.evaluate(() => {
    const d = new Date(Date.now() + 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });

  await field.fill('Pay rent tomorrow');
  await expect(column(page, 'My Tasks').getByTestId('task-new-due')).toContainText('Due: Tomorrow');
  await saveScreenshot(page, 'tasks-add-reads-due');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await tasksOf(app, mine)).map((t) => [t.title, t.due?.slice(0, 10) ?? null]))
    .toEqual([['Pay rent', tomorrow]]);
  await expect(card(page, 'Pay rent')).toContainText('Tomorrow');

  // The ✕ keeps the words in the title and sets no date.
  await field.fill('Read Tomorrow by Nobody');
  await column(page, 'My Tasks')
    .getByRole('button', { name: /^Keep “.*” in the title$/ })
    .click();
  await expect(column(page, 'My Tasks').getByTestId('task-new-due')).toHaveCount(0);
  await field.press('Enter');
  await expect
    .poll(async () => (await tasksOf(app, mine)).map((t) => [t.title, t.due?.slice(0, 10) ?? null]))
    .toContainEqual(['Read Tomorrow by Nobody', null]);
});

test('? shows the board’s keyboard shortcuts, and Escape closes them', async ({ page }, testInfo) => {
  await openBoard(page);
  await page.getByRole('heading', { name: 'Tasks', level: 1 }).click();
  await page.keyboard.press('?');
  const sheet = page.getByTestId('shortcut-sheet');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  for (const does of ['Indent', 'Pick up, drop (on ⠿)', 'Search and commands'])
    await expect(sheet.getByTestId('shortcut-row').filter({ hasText: does })).toBeVisible();
  await screenshotVariants(page, testInfo, 'tasks-shortcut-sheet');
  await expectAxeCleanInBothSchemes(page, 'tasks shortcut sheet');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  // Typed into a field, "?" is text.
  await column(page, 'My Tasks').getByTestId('task-new-title').click();
  await page.keyboard.type('Why?');
  await expect(column(page, 'My Tasks').getByTestId('task-new-title')).toHaveValue('Why?');
  await expect(sheet).toHaveCount(0);
});

test.describe('task menus', () => {
  test('list actions sit in one menu: sort by date and back, delete with a confirm', async ({
    page,
    app,
  }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    const later = (await serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Later' })).id;
    await seed(app, mine, ['No date', 'Far', 'Soon']);
    const tasks = await serviceGet<{ items: { id: string; title: string }[] }>(app, `/tasks/v1/lists/${mine}/tasks`);
    const dueOn = { Far: '2031-05-01', Soon: '2030-01-02' } as Record<string, string>;
    for (const task of tasks.items) {
      const date = dueOn[task.title];
      if (date)
        await serviceRequest(app, 'PATCH', `/tasks/v1/lists/${mine}/tasks/${task.id}`, {
          due: `${date}T00:00:00.000Z`,
        });
    }
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['No date', 'Far', 'Soon']);

    const menuButton = column(page, 'My Tasks').getByRole('button', { name: 'List actions for My Tasks' });
    await menuButton.click();
    // Radix names the menu after its button.
    const menu = page.getByRole('menu', { name: 'List actions for My Tasks' });
    await expect(menu.getByRole('menuitemradio', { name: 'My order' })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Move list left' })).toHaveAttribute('aria-disabled', 'true');
    await screenshotVariants(page, testInfo, 'tasks-list-menu');
    if (!(await menu.isVisible())) await menuButton.click();
    await menu.getByRole('menuitemradio', { name: 'Date' }).click();
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Soon', 'Far', 'No date']);
    // Sorted by date, cards keep their place: no drag handles.
    await expect(column(page, 'My Tasks').getByTestId('task-drag-handle')).toHaveCount(0);
    await page.reload();
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Soon', 'Far', 'No date']);
    // The stored order is untouched.
    expect(await storedOutline(app, mine)).toEqual(['No date', 'Far', 'Soon']);
    // Nor can a card be indented under a task it is shown under but not kept under: the keys say why, the menu is off.
    await card(page, 'Far').focus();
    await page.keyboard.press('Control+BracketRight');
    await expect(page.getByTestId('toast').filter({ hasText: 'This list is sorted by date.' })).toBeVisible();
    await card(page, 'Far').click({ button: 'right' });
    await expect(page.getByRole('menuitem', { name: /^Indent/ })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    expect(await storedOutline(app, mine)).toEqual(['No date', 'Far', 'Soon']);
    await menuButton.click();
    await page.getByRole('menuitemradio', { name: 'My order' }).click();
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['No date', 'Far', 'Soon']);

    // From the keyboard: the menu button, arrows and Enter.
    await column(page, 'Later').getByRole('button', { name: 'List actions for Later' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'List actions for Later' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Delete list…' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByTestId('list-delete-dialog');
    await expect(confirm).toContainText('can’t be undone');
    await page.getByTestId('list-delete-dialog-confirm').click();
    await expect(column(page, 'Later')).toHaveCount(0);
    await expect.poll(async () => (await lists(app)).map((l) => l.id)).not.toContain(later);
  });

  test('a card’s menu by right-click and by Shift+F10: due date, move to list, outdent, delete with Undo', async ({
    page,
    app,
  }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    const errands = (await serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Errands' })).id;
    await seed(app, mine, ['Trip', ['Pack'], 'Stay']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Trip', '  Pack', 'Stay']);
    const menu = page.getByTestId('task-menu');

    // Right-click: due tomorrow.
    await card(page, 'Stay').getByTestId('task-title').click({ button: 'right' });
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Due date' }).hover();
    await expect(page.getByRole('menuitem', { name: 'Tomorrow' })).toBeVisible();
    await screenshotVariantsKeepingMenu(page, testInfo);
    await page.getByRole('menuitem', { name: 'Tomorrow' }).click();
    await expect(card(page, 'Stay').getByTestId('task-due')).toContainText('Tomorrow');
    await expect.poll(async () => (await tasksOf(app, mine)).find((t) => t.title === 'Stay')?.due).toBeTruthy();

    // Right-click: outdent the subtask.
    await card(page, 'Pack').getByTestId('task-title').click({ button: 'right' });
    await menu.getByRole('menuitem', { name: /Outdent/ }).click();
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Trip', 'Pack', 'Stay']);
    await settled(page);

    // Right-click: move to another list.
    await card(page, 'Trip').getByTestId('task-title').click({ button: 'right' });
    await menu.getByRole('menuitem', { name: 'Move to list' }).hover();
    await page.getByRole('menuitem', { name: 'Errands' }).click();
    await expect.poll(() => storedOutline(app, errands)).toEqual(['Trip']);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Pack', 'Stay']);
    await settled(page);

    // Keyboard: Shift+F10 on the focused card, arrows to Delete, Enter; Ctrl+Z brings it back.
    await card(page, 'Pack').focus();
    await page.keyboard.press('Shift+F10');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Stay']);
    await expect(page.getByTestId('toast').filter({ hasText: 'Deleted “Pack”' })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Pack', 'Stay']);

    // The ⋯ button opens the same menu; Escape closes it.
    await card(page, 'Stay').hover();
    await card(page, 'Stay').getByRole('button', { name: 'More actions for Stay' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expectBoardMatchesService(page, app);
  });
});

/** The open card menu at each size and scheme: a resize closes menus, so it is taken once per variant. */
async function screenshotVariantsKeepingMenu(page: Page, testInfo: TestInfo): Promise<void> {
  // Radix closes a context menu on resize; this size is the one the test runs at.
  await saveScreenshot(page, 'tasks-card-menu-1360x900-light');
  await setColorScheme(page, 'dark');
  await saveScreenshot(page, 'tasks-card-menu-1360x900-dark');
  await setColorScheme(page, null);
  void testInfo;
}

test('a dropped card goes straight to its new place: no frame shows it back where it was', async ({ page, app }) => {
  const mine = await listId(app, 'My Tasks');
  await seed(app, mine, ['Alpha', 'Bravo', 'Charlie']);
  await openBoard(page);
  await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', 'Charlie']);
  await settled(page);

  // From the release on, each frame's cards in the column top to bottom, as they are about to be painted.
  await page.evaluate(() => {
    const w = window as unknown as { dropFrames: string[][] };
    w.dropFrames = [];
    const frame = (started: number) => {
      const cards = [...document.querySelectorAll<HTMLElement>('[data-testid="task-row"] [data-testid="task-card"]')];
      w.dropFrames.push(
        cards
          .map((card) => ({ title: card.getAttribute('aria-label') ?? '', top: card.getBoundingClientRect().top }))
          .sort((a, b) => a.top - b.top)
          .map((card) => card.title),
      );
      if (performance.now() - started < 600) requestAnimationFrame(() => frame(started));
    };
    window.addEventListener('pointerup', () => requestAnimationFrame(() => frame(performance.now())), {
      capture: true,
      once: true,
    });
  });
  const target = await card(page, 'Alpha').boundingBox();
  if (!target) throw new Error('no card Alpha');
  await dragTo(page, 'Charlie', async () => ({ x: target.x + target.width / 2, y: target.y + 2 }));
  await expect.poll(() => storedOutline(app, mine)).toEqual(['Charlie', 'Alpha', 'Bravo']);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { dropFrames: string[][] }).dropFrames.length))
    .toBeGreaterThan(10);
  const frames = await page.evaluate(() => (window as unknown as { dropFrames: string[][] }).dropFrames);
  const after = frames.map((order) => order.join(', '));
  expect(new Set(after)).toEqual(new Set(['Charlie, Alpha, Bravo']));
});

test('an empty list says so under its field, and a list with every task done says "All tasks complete"', async ({
  page,
  app,
}, testInfo) => {
  await openBoard(page);
  const mine = column(page, 'My Tasks');
  const empty = mine.getByTestId('task-column-empty');
  await expect(empty).toContainText('No tasks yet');
  // Right under the field, not at the foot of the column.
  const field = await mine.getByTestId('task-new-title').boundingBox();
  const box = await empty.boundingBox();
  expect(box && field && box.y - (field.y + field.height)).toBeLessThan(60);
  await screenshotVariants(page, testInfo, 'tasks-empty-list');
  await expectAxeCleanInBothSchemes(page, 'empty task list');

  await mine.getByTestId('task-new-title').fill('Water plants');
  await mine.getByTestId('task-new-title').press('Enter');
  await expect(card(page, 'Water plants')).toBeVisible();
  await expect(empty).toHaveCount(0);

  await card(page, 'Water plants').getByRole('checkbox', { name: 'Completed: Water plants' }).click();
  await expect(empty).toContainText('All tasks complete');
  await settled(page);
  await expect
    .poll(async () =>
      (await tasksOf(app, await listId(app, 'My Tasks'), '&showCompleted=true&showHidden=true')).map((t) => t.status),
    )
    .toEqual(['completed']);
  await screenshotVariants(page, testInfo, 'tasks-all-complete');
  await expectAxeCleanInBothSchemes(page, 'list with every task done');
});

test('a task’s due date is typed, picked from a month, or set to Today, Tomorrow or no date, as in Todoist', async ({
  page,
  app,
}, testInfo) => {
  const mine = await listId(app, 'My Tasks');
  await seed(app, mine, ['Renew passport']);
  await openBoard(page);
  const open = async () => {
    await card(page, 'Renew passport').getByRole('button', { name: 'Open task Renew passport' }).click();
    return page.getByTestId('task-details');
  };
  const stored = async () => (await tasksOf(app, mine))[0]?.due ?? null;

  // No date yet: the field says so; a click opens the month with the quick choices.
  let dialog = await open();
  const due = dialog.getByTestId('task-details-due');
  await expect(due).toHaveValue('');
  await expect(due).toHaveAttribute('placeholder', 'No due date');
  await due.click();
  const month = page.getByTestId('task-details-due-month');
  await expect(month).toBeVisible();
  await screenshotVariants(page, testInfo, 'tasks-due-date-picker');
  await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
  await expect(month).toBeHidden();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(card(page, 'Renew passport').getByTestId('task-due')).toContainText('Tomorrow');
  const tomorrow = (await stored())?.slice(0, 10) ?? '';
  expect(tomorrow).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // Typed as people write it; Enter takes it and the dialog stays open until Save.
  dialog = await open();
  await dialog.getByTestId('task-details-due').fill('3/15/2030');
  await dialog.getByTestId('task-details-due').press('Enter');
  await expect(dialog.getByTestId('task-details-due')).toHaveAttribute('data-value', '2030-03-15');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(stored).toBe('2030-03-15T00:00:00.000Z');

  // No date clears it.
  dialog = await open();
  await dialog.getByTestId('task-details-due').click();
  await page.getByTestId('task-details-due-none').click();
  await expect(dialog.getByTestId('task-details-due')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(stored).toBeNull();
  await expect(card(page, 'Renew passport').getByTestId('task-due')).toHaveCount(0);
});
