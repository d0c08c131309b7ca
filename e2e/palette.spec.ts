import type { Page } from '@playwright/test';
import { axeFindings } from './axe';
import { expect, saveScreenshot, serviceRequest, test } from './fixtures';
import { createFile, createFolder } from './files-helpers';
import { checkScreens, expectInWindow } from './files-screens';
import { setColorScheme } from './color-scheme';

/** Opens the palette with its shortcut and types, as a person would; answers the palette. */
async function palette(page: Page, words: string) {
  await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByTestId('command-palette');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('command-input')).toBeFocused();
  await page.keyboard.type(words);
  return dialog;
}

/** The row the keyboard is on. */
function selectedRow(page: Page) {
  return page.getByTestId('command-palette').locator('[cmdk-item][data-selected="true"]');
}

test('goes to views and dates from the keyboard, fuzzy-matched', async ({ page }) => {
  await expect(page.getByTestId('calendar-view')).toBeVisible();
  // Letters in order, not a substring: "gtfls" finds "Go to Files".
  await palette(page, 'gtfls');
  await expect(selectedRow(page)).toContainText('Go to Files');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command-palette')).toBeHidden();
  await expect(page.getByTestId('files-view')).toBeVisible();
  await expect(page.getByTestId('nav-files')).toHaveAttribute('aria-current', 'page');

  // A place in Files, from another view: the Trash is one command away.
  await page.getByTestId('nav-tasks').click();
  await expect(page.getByTestId('task-board')).toBeVisible();
  await palette(page, 'trash');
  await expect(selectedRow(page)).toContainText('Files: Trash');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('files-empty')).toContainText('The trash is empty');

  // A date in words opens that day in the calendar.
  const dialog = await palette(page, 'dec 20');
  const year =
    new Date().getMonth() === 11 && new Date().getDate() > 20 ? new Date().getFullYear() + 1 : new Date().getFullYear();
  const dayTitle = new Date(year, 11, 20).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  await expect(dialog.getByRole('option', { name: new RegExp(`Go to ${dayTitle}`) })).toBeVisible();
  await saveScreenshot(page, 'palette-date-1360x900-light');
  await setColorScheme(page, 'dark');
  await saveScreenshot(page, 'palette-date-1360x900-dark');
  await setColorScheme(page, null);
  // Arrow keys move through the rows; the date is the only row left for these words.
  await expect(selectedRow(page)).toContainText(`Go to ${dayTitle}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-view')).toBeVisible();
  await expect(page.getByTestId('calendar-view-day')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('calendar-title')).toContainText('December 20');
  await expect(page.getByTestId('calendar-title')).toContainText(String(year));

  // Words that name no command or date say so; Escape closes and gives the focus back.
  await page.getByTestId('calendar-today').focus();
  await palette(page, 'zzqx');
  await expect(page.getByTestId('command-status')).toHaveText('Nothing matches “zzqx”.');
  // Said beside the list, not in it: a listbox holds options and their groups only.
  await expect(page.getByTestId('command-list')).not.toContainText('Nothing matches');
  expect(await axeFindings(page, 'command palette, nothing matches')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('command-palette')).toBeHidden();
  await expect(page.getByTestId('calendar-today')).toBeFocused();
});

test('finds a file by name and a task list by name', async ({ page, app }) => {
  await createFile(app, 'Quarterly budget.txt', 'numbers');
  await createFile(app, 'Holiday photos.txt', 'sun');
  await serviceRequest(app, 'POST', '/tasks/v1/users/@me/lists', { title: 'Groceries' });

  const dialog = await palette(page, 'budget');
  const file = dialog.getByRole('option', { name: /Quarterly budget\.txt/ });
  await expect(file).toBeVisible();
  await expect(dialog.getByRole('option', { name: /Holiday photos/ })).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  // Move until the file's row is the chosen one, by keyboard only.
  for (let i = 0; i < 10 && (await file.getAttribute('data-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(file).toHaveAttribute('data-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('files-view')).toBeVisible();
  const row = page.getByTestId('file-row').filter({ hasText: 'Quarterly budget.txt' });
  await expect(row).toHaveAttribute('aria-selected', 'true');

  await palette(page, 'grocer');
  await expect(selectedRow(page)).toContainText('Groceries');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-board')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New task in Groceries' })).toBeFocused();
  await page.keyboard.type('Milk');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'List Groceries' })).toContainText('Milk');
});

test('lists the file named exactly so first, then names that start so, and tells same-named files apart by their folder', async ({
  page,
  app,
}) => {
  // Made oldest first: Drive's own order (most recently changed first) would put them the other way round.
  const mine = await createFile(app, 'budget.txt', 'mine');
  const projects = await createFolder(app, 'Projects');
  await createFile(app, 'budget.txt', 'the team’s', projects.id);
  await createFile(app, 'budget.txt.bak', 'old');
  await createFile(app, 'Copy of budget.txt', 'copy');

  const dialog = await palette(page, 'budget.txt');
  const results = dialog.getByRole('option').filter({ hasText: 'budget' });
  await expect(results).toHaveText([
    'budget.txtFile in Projects',
    'budget.txtFile in My Drive',
    'budget.txt.bakFile in My Drive',
    'Copy of budget.txtFile in My Drive',
  ]);
  await checkScreens(page, 'palette-file-results', async () => {
    await expectInWindow(page, results.last());
  });
  await results.nth(1).click();
  await expect(page.getByTestId('files-view')).toBeVisible();
  await expect(page.locator(`[data-testid="file-row"][data-file-id="${mine.id}"]`)).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('finds an upcoming event and an open task by their words, and opens each', async ({ page, app }) => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await serviceRequest(app, 'POST', '/calendar/v3/calendars/primary/events', {
    summary: 'Dentist appointment',
    start: { date: tomorrow },
    end: { date: new Date(Date.parse(tomorrow) + 86_400_000).toISOString().slice(0, 10) },
  });
  const lists = await serviceRequest<{ items: { id: string }[] }>(app, 'GET', '/tasks/v1/users/@me/lists');
  await serviceRequest(app, 'POST', `/tasks/v1/lists/${lists.items[0]!.id}/tasks`, { title: 'Renew passport' });

  const dialog = await palette(page, 'dentist');
  const event = dialog.getByRole('option', { name: /Dentist appointment/ });
  await expect(event).toBeVisible();
  for (let i = 0; i < 10 && (await event.getAttribute('data-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('calendar-view')).toBeVisible();
  await expect(page.getByTestId('event-editor').getByTestId('editor-title')).toHaveValue('Dentist appointment');
  await page.keyboard.press('Escape');

  const again = await palette(page, 'passport');
  const task = again.getByRole('option', { name: /Renew passport/ });
  await expect(task).toBeVisible();
  for (let i = 0; i < 10 && (await task.getAttribute('data-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-details')).toBeVisible();
  await expect(page.getByTestId('task-details').getByRole('textbox').first()).toHaveValue('Renew passport');
});

test('finds a task past the first hundred of its list, and by its words in any order', async ({ page, app }) => {
  const lists = await serviceRequest<{ items: { id: string }[] }>(app, 'GET', '/tasks/v1/users/@me/lists');
  const list = lists.items[0]!.id;
  for (let i = 1; i <= 130; i++)
    await serviceRequest(app, 'POST', `/tasks/v1/lists/${list}/tasks`, { title: `Item ${String(i).padStart(3, '0')}` });
  await serviceRequest(app, 'POST', `/tasks/v1/lists/${list}/tasks`, { title: 'Buy oat milk' });

  const late = await palette(page, 'Item 125');
  await expect(late.getByRole('option', { name: /Item 125/ })).toBeVisible();
  await page.keyboard.press('Escape');

  const shuffled = await palette(page, 'milk buy');
  await expect(shuffled.getByRole('option', { name: /Buy oat milk/ })).toBeVisible();
});

test('runs commands: new event, new task, upload, share the selection, switch account', async ({ page, app }) => {
  await palette(page, 'new event');
  await expect(selectedRow(page)).toContainText('New event');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-editor')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('event-editor')).toBeHidden();

  await palette(page, 'new task');
  await expect(selectedRow(page)).toContainText('New task');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: /^New task in / }).first()).toBeFocused();

  // Files' own commands are offered while Files is shown.
  await page.getByTestId('nav-files').click();
  await expect(page.getByTestId('files-view')).toBeVisible();
  await palette(page, 'upload files');
  await expect(selectedRow(page)).toContainText('Upload files…');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  const row = page.getByTestId('file-row').filter({ hasText: 'notes.txt' });
  await expect(row).toBeVisible();

  await row.click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await palette(page, 'share');
  await expect(selectedRow(page)).toContainText('Share “notes.txt”');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('share-dialog')).toBeVisible();
  await expect(page.getByTestId('share-dialog')).toContainText('notes.txt');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).toBeHidden();

  await palette(page, 'switch acc');
  await expect(selectedRow(page)).toContainText('Switch account…');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('accounts-screen')).toBeVisible();
  await expect(page.getByTestId('accounts-screen')).toContainText(app.localUser.email);
});

test('the sidebar’s Search button opens the palette, in the rail and in the drawer too', async ({ page }) => {
  const search = page.getByRole('button', { name: 'Search', exact: true });
  await expect(search).toHaveAttribute('aria-keyshortcuts', /K$/);
  await search.click();
  await expect(page.getByTestId('command-input')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(search).toBeFocused();

  await page.setViewportSize({ width: 1024, height: 700 });
  await search.click();
  await expect(page.getByTestId('command-palette')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 800, height: 600 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await search.click();
  // The drawer closes behind the palette.
  await expect(page.getByTestId('command-input')).toBeFocused();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('tasks');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-board')).toBeVisible();
});

test('the palette fits small windows', async ({ page }) => {
  for (const size of [
    { width: 1024, height: 700 },
    { width: 800, height: 600 },
  ]) {
    await page.setViewportSize(size);
    const dialog = await palette(page, 'go');
    await expect(dialog).toBeInViewport({ ratio: 1 });
    for (const scheme of ['light', 'dark'] as const) {
      await setColorScheme(page, scheme);
      await saveScreenshot(page, `palette-${size.width}x${size.height}-${scheme}`);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`while results are on their way the palette says so beside its list, and axe finds nothing, ${colorScheme}`, async ({
    page,
  }) => {
    await setColorScheme(page, colorScheme);
    // While `slow` is set, every answer from the host arrives 1.5 s late: the palette's search is on its way.
    let slow = false;
    await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (slow) setTimeout(() => socket.send(message), 1500);
        else socket.send(message);
      });
      socket.onMessage((message) => server.send(message));
    });
    await page.reload();
    await expect(page.getByTestId('calendar-view')).toBeVisible();
    slow = true;
    const dialog = await palette(page, 'budget');
    const status = page.getByTestId('command-status');
    await expect(status).toHaveText('Searching…');
    // Nothing listed yet: the footer follows the status line with no blank band of an empty list between.
    await expect(page.getByTestId('command-list')).toHaveJSProperty('offsetHeight', 0);
    await saveScreenshot(page, `palette-searching-${colorScheme}`);
    await expect(status).toHaveAttribute('role', 'status');
    // A listbox holds options and their groups only: the note is beside it, not in it.
    await expect(dialog.getByRole('listbox').locator('[role="status"], [role="progressbar"]')).toHaveCount(0);
    expect(await axeFindings(page, `${colorScheme} command palette while searching`)).toEqual([]);
    slow = false;
    // The answers in: nothing is named "budget" here, and that too is said beside the list.
    await expect(status).toHaveText('Nothing matches “budget”.', { timeout: 10_000 });
    await expect(page.getByTestId('command-list')).toHaveJSProperty('offsetHeight', 0);
    expect(await axeFindings(page, `${colorScheme} command palette, nothing found`)).toEqual([]);
  });
}

test('what is found at once is listed at once: a date while the search of events is on its way; a row chosen meanwhile stays chosen', async ({
  page,
  app,
}) => {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await serviceRequest(app, 'POST', '/calendar/v3/calendars/primary/events', {
    summary: 'Plans for tomorrow',
    start: { date: tomorrow },
    end: { date: new Date(Date.parse(tomorrow) + 86_400_000).toISOString().slice(0, 10) },
  });
  const lists = await serviceRequest<{ items: { id: string }[] }>(app, 'GET', '/tasks/v1/users/@me/lists');
  await serviceRequest(app, 'POST', `/tasks/v1/lists/${lists.items[0]!.id}/tasks`, { title: 'Pack for tomorrow' });
  // The search of events waits until the test lets it through, as a slow account's would.
  const held: Array<() => void> = [];
  let holding = true;
  await page.routeWebSocket(/\/ipc(\?|$)/, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      if (
        holding &&
        typeof message === 'string' &&
        message.includes('"CalendarEventsList"') &&
        message.includes('"q"')
      ) {
        held.push(() => server.send(message));
        return;
      }
      server.send(message);
    });
  });
  await page.reload();
  await expect(page.getByTestId('calendar-view')).toBeVisible();

  const dialog = await palette(page, 'tomorrow');
  const date = dialog.getByRole('option', { name: /^Go to \w+day, / });
  await expect(date).toBeVisible();
  await expect(page.getByTestId('command-status')).toHaveText('Searching…');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const event = dialog.getByRole('option', { name: /Plans for tomorrow/ });
  await expect(event).toHaveCount(0);
  // The keyboard picks another row before the rest arrives; the answers that arrive then leave it chosen.
  await expect(dialog.getByRole('option', { name: /Pack for tomorrow/ })).toBeVisible();
  const first = await selectedRow(page).textContent();
  await page.keyboard.press('ArrowDown');
  await expect(selectedRow(page)).not.toHaveText(first ?? '');
  const picked = await selectedRow(page).textContent();

  holding = false;
  for (const release of held.splice(0)) release();
  await expect(event).toBeVisible();
  await expect(page.getByTestId('command-status')).toHaveText('');
  await expect(selectedRow(page)).toHaveText(picked ?? '');
});
