import { addDays, at, CalendarPage, instantOf, local, wall, type StoredEvent } from './calendar-page';
import { expect, test } from './fixtures';
import { screenshotVariants } from './screens';

/** Starts on New York clocks, `YYYY-MM-DDTHH:MM`. */
const starts = (events: StoredEvent[]) => events.map((event) => wall(instantOf(event.start)));

const undoKey = process.platform === 'darwin' ? 'Meta+z' : 'Control+z';

test('a deleted event comes back with its own id from the toast’s Undo', async ({ page, app }, testInfo) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const stored = await calendar.insert({
    summary: 'Dentist',
    location: 'Main St 4',
    start: { dateTime: at(monday, '10:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  await (await calendar.settled('Dentist')).focus();
  await page.keyboard.press('Delete');

  // Deleted at once, no question asked; the toast offers Undo.
  await expect(calendar.event('Dentist')).toHaveCount(0);
  const toast = page.getByTestId('toast').filter({ hasText: 'Event deleted' });
  await expect(toast).toBeVisible();
  await expect.poll(async () => (await calendar.stored()).length).toBe(0);
  await screenshotVariants(page, testInfo, 'calendar-event-deleted-toast');

  await toast.getByTestId('toast-undo').click();
  await expect(calendar.event('Dentist')).toBeVisible();
  await expect.poll(async () => (await calendar.stored()).map((event) => event.id)).toEqual([stored.id]);
  const [restored] = await calendar.stored();
  expect(restored?.status).toBe('confirmed');
  expect(restored?.location).toBe('Main St 4');
  expect(instantOf(restored?.start)).toBe(local(monday, '10:00'));
});

test('Ctrl/Cmd+Z puts a moved event back, and a resize too', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  await calendar.insert({
    summary: 'Review',
    start: { dateTime: at(monday, '10:00') },
    end: { dateTime: at(monday, '11:00') },
  });
  await calendar.settled('Review');

  await calendar.dragEvent('Review', monday, '14:00');
  await expect(page.getByTestId('toast').filter({ hasText: 'Event moved' })).toBeVisible();
  await expect.poll(async () => starts(await calendar.stored())).toEqual([`${monday}T14:00`]);

  await page.keyboard.press(undoKey);
  await expect.poll(async () => starts(await calendar.stored())).toEqual([`${monday}T10:00`]);
  await expect(calendar.event('Review')).toContainText(/10\s–\s11am/);

  await calendar.resizeEvent('Review', monday, '12:00');
  await expect
    .poll(async () => (await calendar.stored()).map((event) => wall(instantOf(event.end))))
    .toEqual([`${monday}T12:00`]);
  // Told as what happened: a resize, not a move.
  await expect(page.getByTestId('toast').filter({ hasText: 'Event resized' })).toBeVisible();
  await page.keyboard.press(undoKey);
  await expect
    .poll(async () => (await calendar.stored()).map((event) => wall(instantOf(event.end))))
    .toEqual([`${monday}T11:00`]);
});

test('Undo of a change to a whole series sends the inverse through the same command', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const [, monday = ''] = await calendar.days();
  const week = (n: number) => addDays(monday, 7 * n);
  await calendar.insert({
    summary: 'Team sync',
    start: { dateTime: at(monday, '09:00'), timeZone: 'America/New_York' },
    end: { dateTime: at(monday, '10:00'), timeZone: 'America/New_York' },
    recurrence: ['RRULE:FREQ=WEEKLY;COUNT=4'],
  });
  await calendar.settled('Team sync');
  const before = starts(await calendar.storedInstances());
  expect(before).toEqual([0, 1, 2, 3].map((n) => `${week(n)}T09:00`));

  // This and following, from the first instance: a split in the core (several writes).
  await page.getByRole('button', { name: 'Next week' }).click();
  await calendar.dragEvent('Team sync', week(1), '13:00', week(1));
  await calendar.chooseScope('following');
  await expect
    .poll(async () => starts(await calendar.storedInstances()))
    .toEqual([`${week(0)}T09:00`, ...[1, 2, 3].map((n) => `${week(n)}T13:00`)]);
  await expect(page.getByTestId('toast').filter({ hasText: 'Event moved' })).toBeVisible();

  await page.keyboard.press(undoKey);
  await expect.poll(async () => starts(await calendar.storedInstances())).toEqual(before);
  expect((await calendar.stored()).map((event) => event.recurrence)).toEqual([['RRULE:FREQ=WEEKLY;COUNT=4']]);
  await expect(calendar.event('Team sync')).toContainText(/9\s–\s10am/);
});
