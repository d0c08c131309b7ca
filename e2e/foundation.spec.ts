import { dayLanes, dragTimeRange } from './calendar-grid';
import { expect, saveScreenshot, serviceGet, test } from './fixtures';

interface ListOf<T> {
  items?: T[];
  files?: T[];
}

const eventTitle = 'Design review';
const taskTitle = 'Send the agenda';
const folderName = 'Quarterly reports';

/** Hour and minute of an instant on New York clocks (the tests' time zone). */
function newYorkTime(dateTime: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(
    new Date(dateTime),
  );
}

test('creates an event, a task and a folder that survive a reload and are stored by the service', async ({
  page,
  app,
}) => {
  await expect(page.getByTestId('account-email')).toContainText(app.localUser.email);
  await expect(page.getByTestId('nav-calendar')).toHaveAttribute('aria-current', 'page');

  // Calendar: drag 10:00–11:00 on the fourth day of the visible week.
  await expect(page.getByTestId('calendar-empty')).toBeVisible();
  const lanes = await dayLanes(page);
  expect(lanes).toHaveLength(7);
  const day = lanes[3]?.date ?? '';
  await dragTimeRange(page, day, '10:00:00', '11:00:00');
  // A drag offers quick-create; "More options" is the full editor.
  await page.getByTestId('quick-create').getByRole('button', { name: 'More options' }).click();
  const eventDialog = page.getByRole('dialog', { name: 'New event' });
  await expect(eventDialog).toBeVisible();
  await eventDialog.getByLabel('Title').fill(eventTitle);
  await eventDialog.getByRole('button', { name: 'Create event' }).click();
  await expect(eventDialog).toBeHidden();
  const event = page.getByTestId('calendar-event').filter({ hasText: eventTitle });
  await expect(event).toBeVisible();
  await expect(event).not.toHaveAttribute('data-pending', 'true');
  await saveScreenshot(page, 'foundation-calendar');

  // Tasks: add one on the board.
  await page.getByTestId('nav-tasks').click();
  await expect(page.getByTestId('nav-tasks')).toHaveAttribute('aria-current', 'page');
  const board = page.getByTestId('task-board');
  await expect(board).toBeVisible();
  const newTask = board.getByRole('textbox', { name: /new task|add a task/i }).first();
  await newTask.fill(taskTitle);
  await newTask.press('Enter');
  await expect(board.getByText(taskTitle)).toBeVisible();
  await saveScreenshot(page, 'foundation-tasks');

  // Files: a new folder in My Drive.
  await page.getByTestId('nav-files').click();
  await expect(page.getByTestId('files-current-folder')).toHaveText('My Drive');
  await expect(page.getByTestId('files-empty')).toBeVisible();
  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'New folder' });
  await folderDialog.getByLabel('Folder name').fill(folderName);
  await folderDialog.getByRole('button', { name: 'Create' }).click();
  const folderRow = page.getByTestId('file-row').filter({ hasText: folderName });
  await expect(folderRow).toHaveAttribute('data-kind', 'folder');
  await expect(folderRow).not.toHaveAttribute('data-pending', 'true');
  await saveScreenshot(page, 'foundation-files');

  // After a reload all three are still there (the view comes back where it was).
  await page.reload();
  await expect(page.getByTestId('nav-files')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('file-row').filter({ hasText: folderName })).toBeVisible();
  await page.getByTestId('nav-tasks').click();
  await expect(page.getByTestId('task-board').getByText(taskTitle)).toBeVisible();
  await page.getByTestId('nav-calendar').click();
  await expect(page.getByTestId('calendar-event').filter({ hasText: eventTitle })).toBeVisible();

  // And the service holds them, as seen by the local user over plain HTTP.
  const events = await serviceGet<
    ListOf<{ summary?: string; start?: { dateTime?: string }; end?: { dateTime?: string } }>
  >(app, '/calendar/v3/calendars/primary/events?singleEvents=true');
  const stored = events.items?.find((item) => item.summary === eventTitle);
  expect(stored?.start?.dateTime?.slice(0, 10)).toBe(day);
  expect(newYorkTime(stored?.start?.dateTime ?? '')).toBe('10:00');
  expect(newYorkTime(stored?.end?.dateTime ?? '')).toBe('11:00');

  const lists = await serviceGet<ListOf<{ id: string }>>(app, '/tasks/v1/users/@me/lists');
  const titles: string[] = [];
  for (const list of lists.items ?? []) {
    const tasks = await serviceGet<ListOf<{ title?: string }>>(
      app,
      `/tasks/v1/lists/${encodeURIComponent(list.id)}/tasks`,
    );
    titles.push(...(tasks.items ?? []).map((task) => task.title ?? ''));
  }
  expect(titles).toContain(taskTitle);

  const files = await serviceGet<ListOf<{ name?: string; mimeType?: string }>>(
    app,
    `/drive/v3/files?q=${encodeURIComponent("'root' in parents and trashed = false")}`,
  );
  expect(files.files).toContainEqual(
    expect.objectContaining({ name: folderName, mimeType: 'application/vnd.google-apps.folder' }),
  );
});
