import { CalendarPage } from './calendar-page';
import { expect, serviceGet, test } from './fixtures';
import { chooseValue } from './choice-menu';
import { screenshotVariants } from './screens';

interface StoredEntry {
  defaultReminders?: { method: string; minutes: number }[];
  notificationSettings?: { notifications?: { type: string; method: string }[] };
}

test('a calendar’s default reminders and email notifications are set in its settings', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const entry = () => serviceGet<StoredEntry>(app, '/calendar/v3/users/me/calendarList/primary');
  const reminders = async () => (await entry()).defaultReminders ?? [];
  const emails = async () =>
    ((await entry()).notificationSettings?.notifications ?? []).map((notification) => notification.type).sort();

  let dialog = await calendar.calendarSettings(app.localUser.email);
  const rows = dialog.getByTestId('calendar-settings-reminder');
  const startCount = await rows.count();
  await expect(rows).toHaveCount((await reminders()).length);
  // Start from none.
  for (let index = 0; index < startCount; index++)
    await rows.first().getByTestId('calendar-settings-reminder-remove').click();
  await expect.poll(reminders).toEqual([]);

  // Add one: 30 minutes by default; then say "1 hour".
  await dialog.getByTestId('calendar-settings-add-reminder').click();
  await expect.poll(reminders).toEqual([{ method: 'popup', minutes: 30 }]);
  const first = rows.nth(0);
  await first.getByTestId('calendar-settings-reminder-amount').fill('1');
  await first.getByTestId('calendar-settings-reminder-amount').press('Enter');
  await chooseValue(first.getByTestId('calendar-settings-reminder-unit'), 'hours');
  await expect.poll(reminders).toEqual([{ method: 'popup', minutes: 60 }]);

  // A second, by email, a day before.
  await dialog.getByTestId('calendar-settings-add-reminder').click();
  const second = rows.nth(1);
  await chooseValue(second.getByTestId('calendar-settings-reminder-method'), 'email');
  await second.getByTestId('calendar-settings-reminder-amount').fill('1');
  await chooseValue(second.getByTestId('calendar-settings-reminder-unit'), 'days');
  await expect.poll(reminders).toEqual([
    { method: 'popup', minutes: 60 },
    { method: 'email', minutes: 1440 },
  ]);

  // More than four weeks is refused where it is typed, and nothing is saved.
  await second.getByTestId('calendar-settings-reminder-amount').fill('5');
  await chooseValue(second.getByTestId('calendar-settings-reminder-unit'), 'weeks');
  await expect(dialog.getByRole('alert')).toContainText('up to 4 weeks');
  await expect(second.getByTestId('calendar-settings-reminder-amount')).toHaveAttribute('aria-invalid', 'true');
  await second.getByTestId('calendar-settings-reminder-amount').fill('2');
  await second.getByTestId('calendar-settings-reminder-amount').blur();
  await expect.poll(reminders).toEqual([
    { method: 'popup', minutes: 60 },
    { method: 'email', minutes: 20160 },
  ]);
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Email notifications: the boxes show what is stored, and each click changes just that one.
  const types = ['eventCreation', 'eventChange', 'eventCancellation', 'eventResponse', 'agenda'];
  const before = await emails();
  for (const type of types) {
    const box = dialog.getByTestId(`calendar-settings-email-${type}`);
    if (before.includes(type)) await expect(box).toBeChecked();
    else await expect(box).not.toBeChecked();
  }
  await dialog.getByTestId('calendar-settings-email-eventCreation').check();
  await dialog.getByTestId('calendar-settings-email-agenda').check();
  await expect.poll(emails).toEqual([...new Set([...before, 'agenda', 'eventCreation'])].sort());
  await dialog.getByTestId('calendar-settings-email-eventCreation').uncheck();
  await expect.poll(emails).toEqual([...new Set([...before, 'agenda'])].filter((t) => t !== 'eventCreation').sort());
  // The reminders line up whatever their menus say; at 1024×700 the settings scroll between the
  // title and the buttons, and Done stays in view.
  const removeAt = await rows
    .getByTestId('calendar-settings-reminder-remove')
    .evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().x)));
  expect(removeAt.length).toBeGreaterThan(1);
  expect(new Set(removeAt).size).toBe(1);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1024, height: 700 });
  const done = (await dialog.getByTestId('calendar-settings-close').boundingBox())!;
  expect(done.y + done.height).toBeLessThanOrEqual(700);
  expect(done.y).toBeGreaterThan(0);
  await page.setViewportSize(size);
  await screenshotVariants(page, testInfo, 'calendar-settings-notifications');

  // What was saved is what the dialog shows next time.
  await dialog.getByTestId('calendar-settings-close').click();
  await page.reload();
  await calendar.ready();
  dialog = await calendar.calendarSettings(app.localUser.email);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('calendar-settings-reminder-amount')).toHaveValue('1');
  await expect(rows.nth(0).getByTestId('calendar-settings-reminder-unit')).toHaveAttribute('data-value', 'hours');
  await expect(rows.nth(1).getByTestId('calendar-settings-reminder-method')).toHaveAttribute('data-value', 'email');
  await expect(rows.nth(1).getByTestId('calendar-settings-reminder-amount')).toHaveValue('2');
  await expect(rows.nth(1).getByTestId('calendar-settings-reminder-unit')).toHaveAttribute('data-value', 'weeks');
  await expect(dialog.getByTestId('calendar-settings-email-agenda')).toBeChecked();
  await expect(dialog.getByTestId('calendar-settings-email-eventCreation')).not.toBeChecked();

  // The event editor says what "the calendar's default reminders" are, to the eye and to a screen reader.
  await dialog.getByTestId('calendar-settings-close').click();
  await page.getByRole('button', { name: 'New event' }).click();
  const box = calendar.editor.getByTestId('editor-default-reminders');
  await expect(box).toBeChecked();
  const words = '2 weeks before, by email; 1 hour before, by notification';
  await expect(calendar.editor.getByTestId('editor-default-reminders-words')).toHaveText(words);
  await expect(box).toHaveAccessibleDescription(words);
  await calendar.editor.getByTestId('editor-default-reminders-words').scrollIntoViewIfNeeded();
  await screenshotVariants(page, testInfo, 'calendar-editor-default-reminders');
});
