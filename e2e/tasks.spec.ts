import type { WebSocketRoute } from '@playwright/test';
import { expect, saveScreenshot, serviceRequest, test } from './fixtures';
import { injectApiFailures } from './ipc-faults';
import { screenshotVariants } from './screens';
import {
  card,
  column,
  drag,
  errorToasts,
  expectBoardMatchesService,
  listId,
  lists,
  openBoard,
  row,
  seed,
  settled,
  shownOutline,
  storedOutline,
  tasksOf,
  toasts,
  type TaskList,
} from './tasks-helpers';

test.describe('task board', () => {
  test('drag to reorder within a list', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Alpha', 'Bravo', 'Charlie']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', 'Charlie']);

    await drag(page, 'Charlie', row(page, 'Alpha'), 'before');
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    await settled(page);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Charlie', 'Alpha', 'Bravo']);

    await drag(page, 'Charlie', row(page, 'Bravo'), 'after');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await expectBoardMatchesService(page, app);
  });

  test('drag onto a card to nest, and out again to promote', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Plan', 'Book venue', 'Invite', ['Draft list']]);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Plan', 'Book venue', 'Invite', '  Draft list']);

    // Nest: "Book venue" onto "Plan".
    await drag(page, 'Book venue', row(page, 'Plan'), 'inside');
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Plan', '  Book venue', 'Invite', '  Draft list']);
    await settled(page);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Plan', '  Book venue', 'Invite', '  Draft list']);

    // Each next drag starts from the board as shown: the store may answer before the board has
    // placed its cards, and a drag aimed at the earlier layout would miss its handle.
    const both = async (outline: string[]) => {
      await expect.poll(() => storedOutline(app, mine)).toEqual(outline);
      await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(outline);
    };

    // Promote: "Draft list" out to the top level, before "Plan".
    await drag(page, 'Draft list', row(page, 'Plan'), 'before');
    await both(['Draft list', 'Plan', '  Book venue', 'Invite']);

    // Promote by dropping at the end of the column.
    await drag(page, 'Book venue', column(page, 'My Tasks').getByTestId('task-column-end'));
    await both(['Draft list', 'Plan', 'Invite', 'Book venue']);

    // A task cannot go into its own subtask: refused on the board, nothing sent.
    await drag(page, 'Invite', row(page, 'Plan'), 'inside');
    await both(['Draft list', 'Plan', '  Invite', 'Book venue']);
    await drag(page, 'Plan', row(page, 'Invite'), 'inside');
    await expect(page.getByTestId('task-board-status')).toContainText(/stays where it was|cannot go inside/);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Draft list', 'Plan', '  Invite', 'Book venue']);
    await expectBoardMatchesService(page, app);
  });

  test('drag a parent with two subtasks to another list', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    const errands = (await serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Errands' })).id;
    await seed(app, mine, ['Trip', ['Pack', 'Tickets'], 'Stay']);
    await seed(app, errands, ['Groceries']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'Errands')).toEqual(['Groceries']);

    await drag(page, 'Trip', row(page, 'Groceries'), 'after');
    await expect.poll(() => shownOutline(page, 'Errands')).toEqual(['Groceries', 'Trip', '  Pack', '  Tickets']);
    await settled(page);
    await expect.poll(() => storedOutline(app, errands)).toEqual(['Groceries', 'Trip', '  Pack', '  Tickets']);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Stay']);
    await saveScreenshot(page, 'tasks-moved-to-another-list');
    await expectBoardMatchesService(page, app);
  });

  test('complete a task and clear completed tasks', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Water plants', 'Pay rent']);
    await openBoard(page);

    await card(page, 'Pay rent').getByRole('checkbox', { name: 'Completed: Pay rent' }).click();
    // It leaves the outline for the collapsed "Completed (1)" section; opening it shows it there.
    await expect(card(page, 'Pay rent')).toHaveCount(0);
    await column(page, 'My Tasks').getByRole('button', { name: 'Completed (1)' }).click();
    await expect(card(page, 'Pay rent')).toHaveAttribute('data-status', 'completed');
    await expect
      .poll(async () => (await tasksOf(app, mine)).find((t) => t.title === 'Pay rent')?.status)
      .toBe('completed');

    await column(page, 'My Tasks').getByRole('button', { name: 'List actions for My Tasks' }).click();
    await page.getByRole('menuitem', { name: 'Clear completed tasks' }).click();
    await expect(card(page, 'Pay rent')).toHaveCount(0);
    await expect
      .poll(async () => (await tasksOf(app, mine, '&showHidden=true')).find((t) => t.title === 'Pay rent')?.hidden)
      .toBe(true);
    await expectBoardMatchesService(page, app);

    await page.getByTestId('toggle-show-hidden').check();
    await expect(card(page, 'Pay rent')).toHaveAttribute('data-hidden', 'true');
    await card(page, 'Pay rent').getByRole('checkbox', { name: 'Completed: Pay rent' }).uncheck();
    await expect.poll(async () => (await tasksOf(app, mine)).map((t) => t.title)).toContain('Pay rent');
  });

  test('keyboard moves: nest, reorder and move to another list', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    await serviceRequest(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Later' });
    await seed(app, mine, ['One', 'Two', 'Three']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['One', 'Two', 'Three']);

    // Pick up "Three": the nearest places are above it; step up to "onto Two" and drop.
    const handle = (title: string) => card(page, title).getByRole('button', { name: `Move task ${title}` });
    // A person sees the card lift before pressing the next key; the board listens for keys from then on.
    const lifted = (title: string) =>
      expect(
        page.getByText(new RegExp(`Picked up task “${title}”|“${title}” is over its own place`)).first(),
      ).toBeAttached();
    await handle('Three').focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(/“Three” is over its own place/)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(row(page, 'Two')).toHaveClass(/task-row--inside/);
    await expect(page.getByText(/would go onto “Two”, as its subtask/)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['One', 'Two', '  Three']);

    // "One" to the end of the list: down through every place to the column's end.
    await handle('One').focus();
    await page.keyboard.press('Enter');
    await lifted('One');
    for (let i = 0; i < 12; i++) await page.keyboard.press('ArrowDown');
    await expect(column(page, 'My Tasks').getByTestId('task-column-end')).toHaveClass(/task-column__end--active/);
    await page.keyboard.press('Enter');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Two', '  Three', 'One']);

    // "Two" (with its subtask) to the next list with the right arrow.
    await handle('Two').focus();
    await page.keyboard.press('Space');
    await lifted('Two');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/in list “Later”|end of list “Later”/)).toBeAttached();
    await page.keyboard.press('Space');
    const later = await listId(app, 'Later');
    await expect.poll(() => storedOutline(app, later)).toEqual(['Two', '  Three']);
    await expect.poll(() => storedOutline(app, mine)).toEqual(['One']);

    // Escape cancels: nothing moves.
    await handle('One').focus();
    await page.keyboard.press('Space');
    await lifted('One');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(page.getByText(/was cancelled/)).toBeAttached();
    await expectBoardMatchesService(page, app);
  });

  test('a refused move is rolled back with a visible error', async ({ page, app }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['First', 'Second']);
    const faults = await injectApiFailures(page, (operation) =>
      operation === 'TasksTasksMove'
        ? { code: 'apiError', message: 'Invalid Value', status: 400, reason: 'invalid' }
        : null,
    );
    await page.reload();
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['First', 'Second']);
    await drag(page, 'Second', row(page, 'First'), 'before');
    await expect(errorToasts(page)).toContainText('Couldn’t move “Second”; it’s back where it was.');
    await errorToasts(page).getByText('Details').click();
    await expect(errorToasts(page)).toContainText('Invalid Value');
    await screenshotVariants(page, testInfo, 'tasks-error-toast');
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['First', 'Second']);
    expect(faults.failed()).toBe(1);
    expect(await storedOutline(app, mine)).toEqual(['First', 'Second']);
  });

  test('a move to another list that the core refuses loses nothing and leaves both lists as they were', async ({
    page,
    app,
  }) => {
    const mine = await listId(app, 'My Tasks');
    const other = (await serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Other' })).id;
    await seed(app, mine, ['Parent', ['Child one', 'Child two']]);
    await seed(app, other, ['Resident']);
    // The core runs the move (and undoes a half-done one itself, see electron/core/commands); here it is refused.
    const faults = await injectApiFailures(page, (method) =>
      method === 'tasks.moveToList'
        ? { code: 'unavailable', message: 'Backend Error', status: 503, reason: 'backendError' }
        : null,
    );
    await page.reload();
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'Other')).toEqual(['Resident']);
    await drag(page, 'Parent', row(page, 'Resident'), 'after');
    await expect(errorToasts(page)).toContainText('Couldn’t move “Parent”; it’s back where it was.');
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Parent', '  Child one', '  Child two']);
    await expect.poll(() => shownOutline(page, 'Other')).toEqual(['Resident']);
    expect(await storedOutline(app, mine)).toEqual(['Parent', '  Child one', '  Child two']);
    expect(await storedOutline(app, other)).toEqual(['Resident']);
    expect(faults.failed()).toBe(1);
  });

  test('Page Down, Page Up, Home and End keep the keyboard on the cards of a long column', async ({ page, app }) => {
    test.setTimeout(120_000);
    const mine = await listId(app, 'My Tasks');
    await seed(
      app,
      mine,
      Array.from({ length: 150 }, (_, i) => `Task ${String(i + 1).padStart(3, '0')}`),
    );
    await openBoard(page);
    const myTasks = column(page, 'My Tasks');
    await expect(myTasks.getByTestId('task-column-count')).toHaveText('150');
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    const number = async () => Number((await focused())?.replace('Task ', '') ?? Number.NaN);
    await card(page, 'Task 001').focus();

    // A screenful down: a card further down has the keyboard, and it is in view.
    await page.keyboard.press('PageDown');
    await expect.poll(number).toBeGreaterThan(5);
    const afterOnePage = await number();
    expect(afterOnePage).toBeLessThan(40);
    await expect(card(page, (await focused()) ?? '')).toBeInViewport();
    await page.keyboard.press('PageDown');
    await expect.poll(number).toBeGreaterThan(afterOnePage);
    await page.keyboard.press('PageUp');
    await expect.poll(number).toBe(afterOnePage);

    // The last and the first task, far outside the rows drawn before.
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('Task 150');
    await expect(card(page, 'Task 150')).toBeInViewport();
    await page.keyboard.press('Home');
    await expect.poll(focused).toBe('Task 001');
    await expect(card(page, 'Task 001')).toBeInViewport();
    // The arrows go on from there.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Task 002');
  });

  test('a column of 1,000 tasks renders only the cards in view', async ({ page, app }) => {
    test.setTimeout(120_000);
    const mine = await listId(app, 'My Tasks');
    await seed(
      app,
      mine,
      Array.from({ length: 1000 }, (_, i) => `Task ${String(i + 1).padStart(4, '0')}`),
    );
    await openBoard(page);
    const myTasks = column(page, 'My Tasks');
    await expect(myTasks.getByTestId('task-column-count')).toHaveText('1000');
    await expect(card(page, 'Task 0001')).toBeVisible();
    const rendered = await myTasks.getByTestId('task-card').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);

    await myTasks.getByTestId('task-column-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(card(page, 'Task 1000')).toBeVisible();
    await expect(card(page, 'Task 0001')).toHaveCount(0);
    expect(await myTasks.getByTestId('task-card').count()).toBeLessThan(60);

    // Dragging works in the long column too: the last task to the top.
    await myTasks.getByTestId('task-column-scroller').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const lastHandle = card(page, 'Task 1000').getByRole('button', { name: 'Move task Task 1000' });
    await lastHandle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await storedOutline(app, mine)).slice(-3))
      .toEqual(['Task 0998', 'Task 1000', 'Task 0999']);
  });

  test('edit a task’s title, notes and due date; lists are created, renamed and deleted', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Draft']);
    await openBoard(page);

    await card(page, 'Draft').getByRole('button', { name: 'Open task Draft' }).click();
    const dialog = page.getByTestId('task-details');
    await dialog.getByLabel('Title').fill('Final draft');
    await dialog.getByLabel('Notes').fill('Check the figures on page 3');
    await dialog.getByLabel('Due date').fill('2030-03-15');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(card(page, 'Final draft').getByTestId('task-due')).toHaveAttribute('data-due', '2030-03-15');
    await expect(card(page, 'Final draft').getByTestId('task-notes')).toHaveText('Check the figures on page 3');
    await expect
      .poll(async () => (await tasksOf(app, mine))[0])
      .toMatchObject({ title: 'Final draft', notes: 'Check the figures on page 3', due: '2030-03-15T00:00:00.000Z' });

    await page.getByTestId('list-create').click();
    await page.getByTestId('list-create-dialog-input').fill('Someday');
    await page.keyboard.press('Enter');
    await expect(column(page, 'Someday')).toBeVisible();
    await column(page, 'Someday').getByRole('button', { name: 'List actions for Someday' }).click();
    await page.getByRole('menuitem', { name: 'Move list left' }).click();
    await expect(page.getByTestId('task-column-title')).toHaveText(['Someday', 'My Tasks']);
    await column(page, 'Someday').getByRole('button', { name: 'List actions for Someday' }).click();
    await page.getByRole('menuitem', { name: 'Rename list…' }).click();
    await page.getByTestId('list-rename-dialog-input').fill('Maybe');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await lists(app)).map((l) => l.title).sort()).toEqual(['Maybe', 'My Tasks']);
    await page.reload();
    await openBoard(page);
    await expect(page.getByTestId('task-column-title')).toHaveText(['Maybe', 'My Tasks']);

    await column(page, 'Maybe').getByRole('button', { name: 'List actions for Maybe' }).click();
    await page.getByRole('menuitem', { name: 'Delete list…' }).click();
    await expect(page.getByTestId('list-delete-dialog')).toContainText('can’t be undone');
    await page.getByTestId('list-delete-dialog-confirm').click();
    await expect(column(page, 'Maybe')).toHaveCount(0);
    await expect.poll(async () => (await lists(app)).map((l) => l.title)).toEqual(['My Tasks']);

    await card(page, 'Final draft').getByRole('button', { name: 'Open task Final draft' }).click();
    await page.getByTestId('task-details-delete').click();
    await expect(card(page, 'Final draft')).toHaveCount(0);
    await expect.poll(async () => (await tasksOf(app, mine)).length).toBe(0);
  });
  test('a link to a task opens it on the board; a link to a missing task says so', async ({ page, app }) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Plan the trip', ['Book flights']]);
    const flights = (await tasksOf(app, mine)).find((t) => t.title === 'Book flights')!;
    // Stands between the page and the host, so the test can push what the core pushes for an atrium:// link.
    let host: WebSocketRoute | undefined;
    await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
      socket.connectToServer();
      host = socket;
    });
    await page.reload();
    await page.getByTestId('nav-files').click();
    const navigate = (route: Record<string, unknown>) =>
      host!.send(JSON.stringify({ type: 'event', event: { type: 'navigate', route } }));

    navigate({ kind: 'task', tasklist: mine, task: flights.id });
    await expect(page.getByTestId('nav-tasks')).toHaveAttribute('aria-current', 'page');
    const dialog = page.getByTestId('task-details');
    await expect(dialog.getByLabel('Title')).toHaveValue('Book flights');
    await dialog.getByLabel('Notes').fill('Window seats');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => (await tasksOf(app, mine)).find((t) => t.id === flights.id)?.notes)
      .toBe('Window seats');

    navigate({ kind: 'task', tasklist: mine, task: 'no-such-task' });
    await expect(errorToasts(page)).toContainText('Couldn’t open the task');
    await expect(dialog).toHaveCount(0);
    await errorToasts(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(errorToasts(page)).toHaveCount(0);

    navigate({ kind: 'task', account: 'acct-removed', tasklist: mine, task: flights.id });
    await expect(errorToasts(page)).toContainText('Couldn’t open the task');
    await expect(dialog).toHaveCount(0);
  });
  test('deleting a task offers Undo; Undo and Ctrl+Z bring it back with its subtasks', async ({
    page,
    app,
  }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Trip', ['Pack', 'Tickets'], 'Stay']);
    await openBoard(page);
    const outline = ['Trip', '  Pack', '  Tickets', 'Stay'];
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(outline);

    const deleteTrip = async () => {
      await card(page, 'Trip').getByTestId('task-title').click();
      await page.getByTestId('task-details').getByRole('button', { name: 'Delete task' }).click();
      await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Stay']);
      await expect.poll(() => storedOutline(app, mine)).toEqual(['Stay']);
    };

    await deleteTrip();
    const deleted = toasts(page).filter({ hasText: 'Deleted “Trip” and its 2 subtasks' });
    await expect(deleted).toBeVisible();
    await expect(deleted.getByRole('button', { name: 'Undo' })).toBeVisible();
    await screenshotVariants(page, testInfo, 'tasks-deleted-toast');

    // Undo with the pointer: the task comes back with both subtasks, same ids, same places. Pointing
    // at the button first waits until the toast has finished coming in (a box read while it slides
    // would put the press beside the button).
    await deleted.getByTestId('toast-undo').hover();
    const undo = await deleted.getByTestId('toast-undo').boundingBox();
    if (!undo) throw new Error('no Undo button');
    await page.mouse.move(undo.x + undo.width / 2, undo.y + undo.height / 2, { steps: 5 });
    await page.mouse.down();
    await page.mouse.up();
    await expect(toasts(page).filter({ hasText: 'Restored “Trip” and its 2 subtasks' })).toBeVisible();
    await expect.poll(() => storedOutline(app, mine)).toEqual(outline);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(outline);
    await expect(deleted).toHaveCount(0);

    // Undo with Ctrl+Z.
    await deleteTrip();
    await expect(toasts(page).filter({ hasText: 'Deleted “Trip” and its 2 subtasks' })).toBeVisible();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => storedOutline(app, mine)).toEqual(outline);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(outline);
    await settled(page);
    await expectBoardMatchesService(page, app);
  });

  test('completing, moving and editing a task can each be undone', async ({ page, app }, testInfo) => {
    const mine = await listId(app, 'My Tasks');
    await seed(app, mine, ['Alpha', 'Bravo', 'Charlie']);
    await openBoard(page);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    const stored = async (title: string) => (await tasksOf(app, mine)).find((t) => t.title === title);

    // Complete with the checkbox, undo with Ctrl+Z while the checkbox still has focus.
    await card(page, 'Bravo').getByTestId('task-complete').click();
    await expect(toasts(page).filter({ hasText: 'Completed “Bravo”' })).toBeVisible();
    await expect.poll(async () => (await stored('Bravo'))?.status).toBe('completed');
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(async () => (await stored('Bravo'))?.status).toBe('needsAction');
    await expect(card(page, 'Bravo')).toHaveAttribute('data-status', 'needsAction');

    // Move by dragging, undo with the toast's button.
    await drag(page, 'Charlie', row(page, 'Alpha'), 'before');
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    const moved = toasts(page).filter({ hasText: '“Charlie” moved' });
    await expect(moved.getByRole('button', { name: 'Undo' })).toBeVisible();
    await screenshotVariants(page, testInfo, 'tasks-moved-toast');
    await moved.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => storedOutline(app, mine)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    await expect.poll(() => shownOutline(page, 'My Tasks')).toEqual(['Alpha', 'Bravo', 'Charlie']);

    // Edit in the details dialog, undo with Ctrl+Z once the dialog is closed.
    await card(page, 'Alpha').getByTestId('task-title').click();
    const dialog = page.getByTestId('task-details');
    await dialog.getByLabel('Title').fill('Alpha, renamed');
    await dialog.getByLabel('Notes').fill('Some notes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toasts(page).filter({ hasText: 'Saved “Alpha, renamed”' })).toBeVisible();
    await expect.poll(async () => (await stored('Alpha, renamed'))?.notes).toBe('Some notes');
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(async () => (await stored('Alpha'))?.notes).toBeUndefined();
    await expect(card(page, 'Alpha')).toBeVisible();
    await settled(page);
    await expectBoardMatchesService(page, app);
  });
});
