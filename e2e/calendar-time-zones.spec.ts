import { CalendarPage } from './calendar-page';
import { expect, test } from './fixtures';
import { screenshotVariants } from './screens';

const renamed = ['Asia/Calcutta', 'Asia/Saigon', 'Europe/Kiev', 'America/Godthab'];

test('time zones are picked from a searchable list of current names, by keyboard', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  // A zone chosen under its old name, as an earlier version stored it.
  await page.evaluate(() => {
    const key = 'atrium.calendar.view';
    const stored = JSON.parse(localStorage.getItem(key) ?? '{"state":{},"version":0}') as {
      state: Record<string, unknown>;
    };
    stored.state.displayZone = 'Asia/Calcutta';
    localStorage.setItem(key, JSON.stringify(stored));
  });
  await page.reload();
  await calendar.ready();
  await expect(page.getByTestId('primary-zone-label')).toHaveText('GMT+5:30');

  await page.getByTestId('calendar-time-zones').click();
  const dialog = page.getByTestId('time-zone-dialog');
  const display = dialog.getByTestId('time-zone-display');
  // The old name shows as today's.
  await expect(display).toHaveText('Kolkata (GMT+5:30)');

  // Keyboard: open, type to filter, arrows, Enter.
  await display.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search time zones' });
  await expect(search).toBeFocused();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // The chosen zone is the one highlighted when the list opens.
  await expect(listbox.locator('[role="option"][aria-selected="true"]')).toHaveAttribute('data-zone', 'Asia/Kolkata');
  const names = await listbox
    .locator('[role="option"][data-zone]')
    .evaluateAll((options) => options.map((option) => option.getAttribute('data-zone') ?? ''));
  expect(names.length).toBeGreaterThan(300);
  expect(names.length).toBeLessThan(400);
  for (const old of renamed) expect(names).not.toContain(old);
  for (const current of ['Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Europe/Kyiv', 'America/Nuuk'])
    expect(names).toContain(current);
  await screenshotVariants(page, testInfo, 'calendar-time-zone-picker');

  // An old name finds the zone it became; each option says its offset now.
  await page.keyboard.type('kiev');
  const kyiv = listbox.getByRole('option', { name: /Kyiv/ });
  await expect(kyiv).toHaveCount(1);
  await expect(kyiv).toContainText(/GMT\+[23]/);
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(display).toBeFocused();
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-display-zone', 'Europe/Kyiv');

  // Typing a place highlights it first.
  await page.keyboard.press('Enter');
  await page.keyboard.type('new york');
  await expect(listbox.locator('[role="option"][aria-selected="true"]')).toHaveAttribute(
    'data-zone',
    'America/New_York',
  );
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  // "new" matches more than one place; the second is reached with the arrow key.
  const matches = await listbox.locator('[role="option"]').count();
  expect(matches).toBeGreaterThan(1);
  await page.keyboard.press('Home');
  const first = await listbox.locator('[role="option"][aria-selected="true"]').getAttribute('data-zone');
  await page.keyboard.press('ArrowDown');
  const second = await listbox.locator('[role="option"][aria-selected="true"]').getAttribute('data-zone');
  expect(second).not.toBe(first);
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
  // Escape closed the list only; the choice stands.
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-display-zone', 'Europe/Kyiv');

  // "Automatic" takes the choice back.
  await display.click();
  await page.getByRole('option', { name: /^Automatic/ }).click();
  await expect(page.getByTestId('calendar-view')).toHaveAttribute('data-display-zone', 'America/New_York');
});

test('the event editor shows an event stored under an old zone name by its current one', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Standup in Kyiv',
    start: { dateTime: `${monday}T16:00:00+02:00`, timeZone: 'Europe/Kiev' },
    end: { dateTime: `${monday}T16:30:00+02:00`, timeZone: 'Europe/Kiev' },
  });
  await calendar.openEvent('Standup in Kyiv');
  const field = calendar.editor.getByTestId('editor-time-zone');
  await expect(field).toHaveText(/^Kyiv \(GMT\+2\)/);
  // A screen reader hears the field's name with its value.
  await expect(field).toHaveAccessibleName('Time zone: Kyiv (GMT+2)');
  await expect(calendar.editor.getByTestId('editor-start-time')).toHaveValue('4:00pm');
  await calendar.pickZone(field, 'lisbon', 'Europe/Lisbon');
  await expect(field).toHaveAccessibleName(/^Time zone: Lisbon \(GMT/);
  await expect(calendar.editor.getByTestId('editor-start-time')).toHaveValue('4:00pm');
});
