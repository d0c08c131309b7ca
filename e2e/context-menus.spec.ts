import { at, CalendarPage, instantOf, wall } from './calendar-page';
import { expect, saveScreenshot, test } from './fixtures';
import { card, listId, openBoard, seed, settled, storedOutline, tasksOf } from './tasks-helpers';
import { setColorScheme } from './color-scheme';

test('an event’s right-click menu opens, edits, duplicates and deletes it, and so does the keyboard', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const stored = await calendar.insert({
    summary: 'Lunch',
    start: { dateTime: at(monday, '12:00') },
    end: { dateTime: at(monday, '13:00') },
  });
  const menu = page.getByTestId('event-context-menu');
  const event = await calendar.settled('Lunch');

  // Away from an event the grid has no menu.
  await calendar.surface
    .locator('[role="cell"][data-date]')
    .first()
    .click({ button: 'right', position: { x: 10, y: 10 } });
  await expect(menu).toHaveCount(0);

  await event.click({ button: 'right' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveText(['Open', 'Edit E', 'Duplicate', 'Color ›', 'Delete Del']);
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    await saveScreenshot(page, `calendar-event-menu-1360x900-${scheme}`);
  }
  await setColorScheme(page, null);
  await menu.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(menu).toHaveCount(0);
  await expect(calendar.event('Lunch')).toHaveCount(2);
  await expect
    .poll(async () => (await calendar.stored()).map((entry) => wall(instantOf(entry.start))))
    .toEqual([`${monday}T12:00`, `${monday}T12:00`]);
  const copy = (await calendar.stored()).find((entry) => entry.id !== stored.id)!;

  // Delete the copy from its menu; Undo brings it back.
  const copyBlock = page.locator(`[data-event-id="${copy.id}"]`);
  await expect(copyBlock).not.toHaveAttribute('data-pending');
  await copyBlock.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /Delete/ }).click();
  await expect(copyBlock).toHaveCount(0);
  await expect.poll(async () => (await calendar.stored()).map((entry) => entry.id)).toEqual([stored.id]);
  await page.getByTestId('toast').filter({ hasText: 'Event deleted' }).getByTestId('toast-undo').click();
  await expect.poll(async () => (await calendar.stored()).length).toBe(2);

  // Keyboard: Shift+F10 on the focused event, arrows to Edit, Enter opens the editor.
  const original = page.locator(`[data-event-id="${stored.id}"]`);
  await original.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Edit/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(calendar.editor).toBeVisible();
  await expect(calendar.editor.getByTestId('editor-title')).toHaveValue('Lunch');
  await page.keyboard.press('Escape');
  await expect(calendar.editor).toBeHidden();

  // The context-menu key does the same; Open shows the quick view; Escape on the menu gives focus back.
  await original.focus();
  await page.keyboard.press('ContextMenu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(original).toBeFocused();
  await page.keyboard.press('ContextMenu');
  await expect(menu.getByRole('menuitem', { name: 'Open' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-quick-view')).toBeVisible();
  await expect(page.getByTestId('quick-view-title')).toHaveText('Lunch');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('event-quick-view')).toBeHidden();

  // Color, for this event alone: → opens the palette from the keyboard, the event's own is checked;
  // the block wears the new one at once, and the toast's Undo puts the calendar's back.
  const colorOf = () => calendar.stored().then((all) => all.find((entry) => entry.id === stored.id)?.colorId);
  const background = () => original.evaluate((el) => getComputedStyle(el).backgroundColor);
  const before = await background();
  await original.focus();
  await page.keyboard.press('Shift+F10');
  await menu.getByTestId('event-menu-color').focus();
  await page.keyboard.press('ArrowRight');
  const colors = page.getByTestId('event-menu-colors');
  await expect(colors).toBeVisible();
  await expect(colors.getByTestId('event-menu-color-calendar')).toHaveAttribute('data-state', 'checked');
  await expect(colors.getByRole('menuitemradio')).toHaveCount(12);
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    await saveScreenshot(page, `calendar-event-colors-1360x900-${scheme}`);
  }
  await setColorScheme(page, null);
  await colors.getByRole('menuitemradio', { name: 'Tomato' }).click();
  await expect(menu).toHaveCount(0);
  await expect.poll(background).not.toBe(before);
  await expect.poll(colorOf).toBe('11');
  await page.getByTestId('toast').filter({ hasText: 'Color changed' }).getByTestId('toast-undo').click();
  await expect.poll(colorOf).toBeUndefined();
  await expect.poll(background).toBe(before);
});

test('a task card’s menu from the context-menu key: complete, add subtask', async ({ page, app }) => {
  const mine = await listId(app, 'My Tasks');
  await seed(app, mine, ['Trip', 'Stay']);
  await openBoard(page);
  const menu = page.getByTestId('task-menu');

  await card(page, 'Trip').focus();
  await page.keyboard.press('ContextMenu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Add subtask' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('subtask-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Pack');
  await page.keyboard.press('Enter');
  await expect.poll(() => storedOutline(app, mine)).toEqual(['Trip', '  Pack', 'Stay']);
  await settled(page);

  await card(page, 'Stay').focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Complete' }).focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(
      async () =>
        (await tasksOf(app, mine, '&showCompleted=true&showHidden=true')).find((t) => t.title === 'Stay')?.status,
    )
    .toBe('completed');
});
