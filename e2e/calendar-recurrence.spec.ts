import { addDays, at, CalendarPage, instantOf, local, wall, zone, type StoredEvent } from './calendar-page';
import { expect, test } from './fixtures';

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
  await expect(calendar.editor.getByTestId('editor-repeat-choice')).toHaveValue('none');
  await expect(calendar.editor.getByTestId('editor-repeat-summary')).toHaveCount(0);
  await calendar.editor.getByTestId('editor-repeat-choice').selectOption('WEEKLY');
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
  await expect(calendar.event('Team sync')).toContainText('11:00');
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(calendar.event('Team sync')).toContainText('2:00');
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
  await expect(calendar.editor.getByTestId('editor-start-date')).toHaveValue(thursday);
  await calendar.editor.getByTestId('editor-delete').click();
  await calendar.chooseScope('following');
  await expect(calendar.event('Stretch')).toHaveCount(3);
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([0, 1, 2].map((n) => `${addDays(monday, n)}T10:00`));
});
