import { addDays, at, CalendarPage, instantOf, local, wall, zone, type StoredEvent } from './calendar-page';
import { expect, test } from './fixtures';
import { chooseValue } from './choice-menu';
import { screenshotVariants } from './screens';

/** Starts on New York clocks, `YYYY-MM-DDTHH:MM`. */
const starts = (events: StoredEvent[]) => events.map((event) => wall(instantOf(event.start)));

/** RFC 5545 UTC stamp, e.g. `20261130T135959Z`. */
const utcStamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

test('a weekly series: move one instance, change this and following, delete one instance', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const week = (n: number) => addDays(monday, 7 * n);

  // Create: Mondays 09:00–10:00, six times.
  await calendar.dragRange(monday, '09:00', '10:00');
  await calendar.moreOptions();
  await expect(calendar.editor).toBeVisible();
  await calendar.editor.getByTestId('editor-title').fill('Team sync');
  // A one-off event: the menu says "Does not repeat", and nothing beside it says it again.
  await expect(calendar.editor.getByTestId('editor-repeat-choice')).toHaveAttribute('data-value', 'none');
  await expect(calendar.editor.getByTestId('editor-repeat-summary')).toHaveCount(0);
  await chooseValue(calendar.editor.getByTestId('editor-repeat-choice'), 'WEEKLY');
  await calendar.editor.getByTestId('editor-repeat-end-count').check();
  await calendar.editor.getByTestId('editor-repeat-count').fill('6');
  await expect(calendar.editor.getByTestId('editor-repeat-summary')).toContainText('Weekly on Mon · 6 times');
  await calendar.save();
  await expect
    .poll(async () => (await calendar.stored()).map((event) => event.recurrence))
    .toEqual([['RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6']]);
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([0, 1, 2, 3, 4, 5].map((n) => `${week(n)}T09:00`));

  // This event: the first instance moves to 11:00, the rest stay.
  await calendar.dragEvent('Team sync', monday, '11:00', monday);
  await calendar.chooseScope('this');
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([`${week(0)}T11:00`, ...[1, 2, 3, 4, 5].map((n) => `${week(n)}T09:00`)]);

  // This and following, from the editor on next week's instance: 14:00 from then on.
  await page.getByRole('button', { name: 'Next week' }).click();
  await calendar.openEvent('Team sync');
  await calendar.editor.getByTestId('editor-start-time').fill('14:00');
  await calendar.save();
  await calendar.chooseScope('following');
  await expect(calendar.editor).toBeHidden();
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([`${week(0)}T11:00`, ...[1, 2, 3, 4, 5].map((n) => `${week(n)}T14:00`)]);
  const series = (await calendar.stored()).filter((event) => event.recurrence);
  expect(series.map((event) => event.recurrence?.[0]).sort()).toEqual([
    `RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5`,
    // The old series ends one second before the split instance's original 09:00.
    `RRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=${utcStamp(local(week(1), '09:00') - 1000)}`,
  ]);

  // Delete one instance: the one two weeks from now.
  await page.getByRole('button', { name: 'Next week' }).click();
  await calendar.openEvent('Team sync');
  await calendar.editor.getByTestId('editor-delete').click();
  await calendar.chooseScope('this');
  await expect(calendar.event('Team sync')).toHaveCount(0);

  await page.reload();
  await calendar.ready();
  const expected = [`${week(0)}T11:00`, `${week(1)}T14:00`, ...[3, 4, 5].map((n) => `${week(n)}T14:00`)];
  expect(starts(await calendar.storedInstances())).toEqual(expected);
  const cancelled = (await calendar.stored('primary', '&singleEvents=true&showDeleted=true')).filter(
    (event) => event.status === 'cancelled',
  );
  expect(cancelled.map((event) => instantOf(event.originalStartTime))).toContain(local(week(2), '14:00'));
  // The grid agrees after the reload.
  await expect(calendar.event('Team sync')).toContainText(/11am\s–\s12pm/);
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(calendar.event('Team sync')).toContainText(/2\s–\s3pm/);
});

test('moving one instance with "all events" shifts the whole series; deleting "this and following" ends it', async ({
  page,
  app,
}) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = '', tuesday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Stretch',
    start: { dateTime: at(monday, '08:00'), timeZone: zone },
    end: { dateTime: at(monday, '08:30'), timeZone: zone },
    recurrence: ['RRULE:FREQ=DAILY;COUNT=5'],
  });
  await expect(calendar.event('Stretch')).toHaveCount(5);

  await calendar.dragEvent('Stretch', tuesday, '10:00', tuesday);
  await calendar.chooseScope('all');
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([0, 1, 2, 3, 4].map((n) => `${addDays(monday, n)}T10:00`));
  // The grid moves every instance at once (optimistically), not only the dragged one.
  await expect(calendar.event('Stretch').filter({ hasText: /\b10(:00)?\s?am\b/i })).toHaveCount(5);

  const thursday = addDays(monday, 3);
  await calendar.event('Stretch').nth(3).click();
  await calendar.editFromQuickView();
  await expect(calendar.editor.getByTestId('editor-start-date')).toHaveAttribute('data-value', thursday);
  await calendar.editor.getByTestId('editor-delete').click();
  await calendar.chooseScope('following');
  await expect(calendar.event('Stretch')).toHaveCount(3);
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([0, 1, 2].map((n) => `${addDays(monday, n)}T10:00`));
});

/** The `ordinal`th `weekday` (0 = Sunday) of a month, `-1` the last: `YYYY-MM-DD`. */
function weekdayOfMonth(year: number, month: number, weekday: number, ordinal: number): string {
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const matching = Array.from({ length: days }, (_, i) => i + 1).filter(
    (day) => new Date(Date.UTC(year, month, day)).getUTCDay() === weekday,
  );
  const day = ordinal === -1 ? matching[matching.length - 1] : matching[ordinal - 1];
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

test('repeat as Google Calendar offers it: monthly on a weekday of the month, every weekday', async ({
  page,
  app,
}, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const dayOfMonth = Number(monday.slice(8, 10));
  const place = Math.ceil(dayOfMonth / 7);
  // A fifth Monday is offered as the last one.
  const ordinal = place > 4 ? -1 : place;
  const word = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' }[ordinal];
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(`${monday}T00:00:00Z`),
  );

  await calendar.dragRange(monday, '09:00', '10:00');
  await calendar.moreOptions();
  await calendar.editor.getByTestId('editor-title').fill('Book club');
  const choice = calendar.editor.getByTestId('editor-repeat-choice');
  // The menu names the choices by the event's date.
  await choice.click();
  const repeats = page.getByRole('menu', { name: 'Repeat' });
  await expect(repeats.locator('[data-value="WEEKLY"]')).toHaveText('Weekly on Monday');
  await expect(repeats.locator('[data-value="MONTHLY"]')).toHaveText(`Monthly on day ${dayOfMonth}`);
  await expect(repeats.locator('[data-value="MONTHLY_WEEKDAY"]')).toHaveText(`Monthly on the ${word} Monday`);
  await expect(repeats.locator('[data-value="YEARLY"]')).toHaveText(`Annually on ${monthName} ${dayOfMonth}`);
  await expect(repeats.locator('[data-value="WEEKDAYS"]')).toHaveText('Every weekday (Monday to Friday)');
  await repeats.locator('[data-value="MONTHLY_WEEKDAY"]').click();
  await calendar.editor.getByTestId('editor-repeat-end-count').check();
  await calendar.editor.getByTestId('editor-repeat-count').fill('3');
  const summary = calendar.editor.getByTestId('editor-repeat-summary');
  await expect(summary).toHaveText(`Monthly on the ${word} Monday · 3 times`);
  // The rule follows the start: a day later it is that day's weekday of the month.
  const tuesday = addDays(monday, 1);
  const tuesdayPlace = Math.ceil(Number(tuesday.slice(8, 10)) / 7);
  const tuesdayWord = tuesdayPlace > 4 ? 'last' : ['first', 'second', 'third', 'fourth'][tuesdayPlace - 1];
  const startDate = calendar.editor.getByTestId('editor-start-date');
  await startDate.fill(tuesday);
  await startDate.press('Enter');
  await expect(summary).toHaveText(`Monthly on the ${tuesdayWord} Tuesday · 3 times`);
  await startDate.fill(monday);
  await startDate.press('Enter');
  await expect(summary).toHaveText(`Monthly on the ${word} Monday · 3 times`);
  await calendar.editor.getByTestId('editor-repeat').scrollIntoViewIfNeeded();
  await screenshotVariants(page, testInfo, 'calendar-editor-monthly-repeat');
  await calendar.save();

  const code = ordinal === -1 ? '-1MO' : `${ordinal}MO`;
  await expect
    .poll(async () => (await calendar.stored()).map((event) => event.recurrence))
    .toEqual([[`RRULE:FREQ=MONTHLY;BYDAY=${code};COUNT=3`]]);
  const [year, month] = [Number(monday.slice(0, 4)), Number(monday.slice(5, 7)) - 1];
  const expected = [0, 1, 2].map((k) => `${weekdayOfMonth(year, month + k, 1, ordinal)}T09:00`);
  expect(starts(await calendar.storedInstances())).toEqual(expected);

  // The quick view says it in the same words; the editor opens on the same choice.
  await calendar.event('Book club').first().click();
  await expect(page.getByTestId('quick-view-repeat')).toContainText(`Monthly on the ${word} Monday`);
  await calendar.editFromQuickView();
  await expect(choice).toHaveAttribute('data-value', 'MONTHLY_WEEKDAY');
  await expect(calendar.editor.getByTestId('editor-repeat-monthly')).toHaveAttribute('data-value', 'nth');

  // Every weekday: Monday to Friday, the end kept.
  await chooseValue(choice, 'WEEKDAYS');
  await expect(summary).toHaveText(/^Every weekday · 3 times · changes apply to the series/);
  await calendar.save();
  await calendar.chooseScope('all');
  await expect
    .poll(async () => (await calendar.stored()).map((event) => event.recurrence))
    .toEqual([['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=3']]);
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([0, 1, 2].map((n) => `${addDays(monday, n)}T09:00`));
  await page.screenshot({ path: test.info().outputPath('repeat-every-weekday.png') });
});
