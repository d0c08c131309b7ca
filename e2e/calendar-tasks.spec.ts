import type { Locator, Page } from '@playwright/test';
import { CalendarPage, today } from './calendar-page';
import { dayLanes } from './calendar-grid';
import { expect, serviceRequest, test, type AtriumApp } from './fixtures';
import { screenshotVariants } from './screens';
import { lists, tasksOf, type Task, type TaskList } from './tasks-helpers';

/** Tasks with due dates on the calendar, as Google Calendar shows them. */

async function addList(app: AtriumApp, title: string): Promise<TaskList> {
  return serviceRequest<TaskList>(app, 'POST', '/tasks/v1/users/@me/lists', { title });
}

async function addTask(app: AtriumApp, list: string, body: Record<string, unknown>): Promise<Task> {
  return serviceRequest<Task>(app, 'POST', `/tasks/v1/lists/${list}/tasks`, body);
}

/** A task's entry on the grid (not the copy that follows the pointer while it is dragged). */
const task = (page: Page, title: string): Locator =>
  page.locator('[data-testid="calendar-task"]:not([data-drag-copy])').filter({ hasText: title });
/** The entry's label, which says whether the task is done. */
const label = (page: Page, title: string): Locator => task(page, title).getByTestId('grid-task-label');

/**
 * The day column (or month cell) a grid entry sits over, by where it is drawn; null unless it is
 * drawn exactly once (while an entry moves, the grid may hold it at both places for a frame).
 */
async function dayUnder(page: Page, entry: Locator): Promise<string | null> {
  const boxes = await entry.evaluateAll((elements) =>
    elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
  );
  const box = boxes.length === 1 ? boxes[0] : undefined;
  if (!box) return null;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  for (const cell of await page.getByTestId('calendar-week').locator('[role="cell"][data-date]').all()) {
    const cellBox = await cell.boundingBox();
    // Week view: the day's column runs below the all-day row, so only x decides; month: the cell holds it.
    const inRow = !cellBox || cellBox.height > 300 || (y >= cellBox.y && y < cellBox.y + cellBox.height);
    if (cellBox && inRow && x >= cellBox.x && x < cellBox.x + cellBox.width) return cell.getAttribute('data-date');
  }
  return null;
}

test('tasks with due dates show on their day, open a quick view, complete with Undo, and hide per list', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = '', tuesday = ''] = await calendar.days();
  const defaultList = (await lists(app))[0];
  if (!defaultList) throw new Error('the account has no task list');
  const errands = await addList(app, 'Errands');
  const rent = await addTask(app, defaultList.id, {
    title: 'Pay rent',
    notes: 'Transfer before noon.',
    due: `${monday}T00:00:00.000Z`,
  });
  await addTask(app, errands.id, { title: 'Call the plumber', due: `${tuesday}T00:00:00.000Z` });
  await addTask(app, errands.id, { title: 'Send invoice', due: `${monday}T00:00:00.000Z`, status: 'completed' });
  await addTask(app, errands.id, { title: 'Someday, no date' });

  // A fresh view reads them (the seeds above came from another client).
  await page.reload();
  await calendar.ready();
  await expect(task(page, 'Pay rent')).toBeVisible();
  await expect(task(page, 'Call the plumber')).toBeVisible();
  await expect(label(page, 'Send invoice')).toHaveAttribute('data-completed', 'true');
  await expect(task(page, 'Someday')).toHaveCount(0);
  await expect.poll(() => dayUnder(page, task(page, 'Pay rent'))).toBe(monday);
  await expect.poll(() => dayUnder(page, task(page, 'Call the plumber'))).toBe(tuesday);
  await expect(page.getByTestId('task-list-entry')).toHaveCount(2);

  // A click shows the task's card.
  await task(page, 'Pay rent').click();
  const card = page.getByTestId('task-quick-view');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('task-quick-view-title')).toHaveText('Pay rent');
  await expect(card.getByTestId('task-quick-view-notes')).toHaveText('Transfer before noon.');
  await expect(card.getByTestId('task-quick-view-list')).toHaveText(defaultList.title ?? '');
  await screenshotVariants(page, testInfo, 'calendar-task-quick-view');

  // Complete it from the card, then take it back with Undo.
  await card.getByTestId('task-quick-view-complete').click();
  await expect(card).toBeHidden();
  await expect(label(page, 'Pay rent')).toHaveAttribute('data-completed', 'true');
  const status = async () =>
    (await tasksOf(app, defaultList.id, '&showHidden=true')).find((t) => t.id === rent.id)?.status;
  await expect.poll(status).toBe('completed');
  await page.getByTestId('toast').filter({ hasText: 'Completed “Pay rent”' }).getByTestId('toast-undo').click();
  await expect.poll(status).toBe('needsAction');
  await expect(label(page, 'Pay rent')).not.toHaveAttribute('data-completed');

  // Hiding a list hides its tasks, and the choice outlives a reload.
  const errandsToggle = page
    .getByTestId('task-list-entry')
    .filter({ hasText: 'Errands' })
    .getByTestId('task-list-toggle');
  await errandsToggle.uncheck();
  await expect(task(page, 'Call the plumber')).toHaveCount(0);
  await expect(task(page, 'Pay rent')).toBeVisible();
  await page.reload();
  await calendar.ready();
  await expect(task(page, 'Pay rent')).toBeVisible();
  await expect(errandsToggle).not.toBeChecked();
  await expect(task(page, 'Call the plumber')).toHaveCount(0);
  await errandsToggle.check();
  await expect(task(page, 'Call the plumber')).toBeVisible();
  await screenshotVariants(page, testInfo, 'calendar-tasks-week');

  // The day, month and agenda views show them too.
  await calendar.view('month');
  await expect(task(page, 'Pay rent')).toBeVisible();
  await expect.poll(() => dayUnder(page, task(page, 'Call the plumber'))).toBe(tuesday);
  await screenshotVariants(page, testInfo, 'calendar-tasks-month');
  // The agenda runs from today on.
  await addTask(app, errands.id, { title: 'Water the plants', due: `${today()}T00:00:00.000Z` });
  await calendar.view('agenda');
  await expect(task(page, 'Water the plants')).toBeVisible();
  await screenshotVariants(page, testInfo, 'calendar-tasks-agenda');
  await calendar.view('day');
  await page.getByTestId('calendar-today').click();
  await expect(task(page, 'Water the plants')).toBeVisible();
  await calendar.view('week');
  await page.getByTestId('calendar-next').click();
  await expect(task(page, 'Pay rent')).toHaveCount(0);
  await page.getByTestId('calendar-prev').click();
  await expect(task(page, 'Pay rent')).toBeVisible();
});

/** Drags a grid entry with the mouse to the column of `date`, keeping it in the all-day row; `hours` drops it on the time grid instead. */
async function dragEntryTo(page: Page, entry: Locator, date: string, hours = false): Promise<void> {
  const box = await entry.boundingBox();
  const lane = (await dayLanes(page)).find((found) => found.date === date)?.lane;
  const column = await lane?.boundingBox();
  if (!box || !column) throw new Error(`cannot drag to ${date}`);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const to = { x: column.x + column.width / 2, y: hours ? column.y + column.height / 2 : from.y };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 2, { steps: 2 });
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  // FullCalendar removes the copy of the entry that followed the pointer a task after the drop (a plain
  // clone of the entry, so it carries the entry's marks): until then the entry is found twice.
  await expect(entry).toHaveCount(1);
}

test('a task dragged to another day takes that day as its due date, with Undo', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = '', , , thursday = ''] = await calendar.days();
  const list = (await lists(app))[0];
  if (!list) throw new Error('the account has no task list');
  const report = await addTask(app, list.id, { title: 'File the report', due: `${monday}T00:00:00.000Z` });
  await page.reload();
  await calendar.ready();
  const entry = task(page, 'File the report');
  await expect(entry).toBeVisible();
  await expect.poll(() => dayUnder(page, entry)).toBe(monday);
  const due = async () => (await tasksOf(app, list.id, '&showHidden=true')).find((t) => t.id === report.id)?.due;

  // Dropped on the hours, it stays an all-day entry on its own day and nothing is saved; the dragged copy goes away.
  await dragEntryTo(page, entry, thursday, true);
  await expect(page.locator('[data-drag-copy]')).toHaveCount(0);
  await expect(entry).toBeVisible();
  await expect.poll(() => dayUnder(page, entry)).toBe(monday);
  await expect(page.getByTestId('toast').filter({ hasText: 'File the report' })).toHaveCount(0);
  expect(await due()).toBe(`${monday}T00:00:00.000Z`);

  // Along the all-day row, it moves: the grid at once, the service too, and the toast says where.
  await dragEntryTo(page, entry, thursday);
  await expect.poll(() => dayUnder(page, entry)).toBe(thursday);
  await expect.poll(due).toBe(`${thursday}T00:00:00.000Z`);
  const toast = page.getByTestId('toast').filter({ hasText: '“File the report” is now due' });
  await expect(toast).toBeVisible();

  // Undo puts it back on Monday, on the grid and in the service.
  await toast.getByTestId('toast-undo').click();
  await expect.poll(due).toBe(`${monday}T00:00:00.000Z`);
  await expect.poll(() => dayUnder(page, entry)).toBe(monday);

  // The new date is the task's own: the task list reads it after a reload.
  await dragEntryTo(page, entry, thursday);
  await expect.poll(due).toBe(`${thursday}T00:00:00.000Z`);
  await page.reload();
  await calendar.ready();
  await expect.poll(() => dayUnder(page, task(page, 'File the report'))).toBe(thursday);
});
