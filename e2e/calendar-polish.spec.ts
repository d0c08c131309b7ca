import { Temporal } from 'temporal-polyfill';
import { CalendarPage, instantOf, local, today, wall, zone } from './calendar-page';
import { expect, saveScreenshot, test } from './fixtures';

/** The first `weekday` (1 = Monday … 7 = Sunday) after today on New York clocks (today counts unless `strictlyAfter`). */
function nextWeekday(weekday: number, strictlyAfter = false): string {
  const start = Temporal.PlainDate.from(today());
  for (let step = strictlyAfter ? 1 : 0; step < 15; step += 1) {
    const date = start.add({ days: step });
    if (date.dayOfWeek === weekday) return date.toString();
  }
  throw new Error('unreachable');
}

test('quick add reads repeats and lengths, and shows what it will add before adding', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await page.locator('body').press('q');
  const dialog = page.getByRole('dialog', { name: 'Quick add' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Gym every Monday 7am @ Fitness First');
  await expect(dialog.getByTestId('quick-add-title')).toHaveText('Gym');
  await expect(dialog.getByTestId('quick-add-repeat')).toHaveText('Weekly on Mon');
  await expect(dialog.getByTestId('quick-add-when')).toContainText('Mon');
  await expect(dialog.getByTestId('quick-add-when')).toContainText('7:00 AM');
  await expect(dialog.getByTestId('quick-add-location')).toHaveText('Fitness First');
  await expect(dialog.getByTestId('quick-add-calendar')).toHaveValue(app.localUser.email);
  await saveScreenshot(page, 'calendar-quick-add-preview');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(calendar.event('Gym').first()).toBeVisible();

  await expect.poll(async () => (await calendar.stored()).length).toBe(1);
  const [gym] = await calendar.stored();
  expect(gym?.summary).toBe('Gym');
  expect(gym?.location).toBe('Fitness First');
  expect(gym?.recurrence).toEqual(['RRULE:FREQ=WEEKLY;BYDAY=MO']);
  const firstStart = instantOf(gym?.start);
  expect(Temporal.Instant.fromEpochMilliseconds(firstStart).toZonedDateTimeISO(zone).dayOfWeek).toBe(1);
  expect(wall(firstStart).slice(11)).toBe('07:00');
  expect(instantOf(gym?.end) - firstStart).toBe(3_600_000);

  await page.locator('body').press('q');
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Dentist next Thursday 30 minutes 4pm');
  await expect(dialog.getByTestId('quick-add-title')).toHaveText('Dentist');
  await expect(dialog.getByTestId('quick-add-when')).toContainText('4:00 PM – 4:30 PM');
  await expect(dialog.getByTestId('quick-add-repeat')).toHaveText('Does not repeat');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await calendar.stored()).length).toBe(2);
  const dentist = (await calendar.stored()).find((event) => event.summary === 'Dentist');
  expect(dentist?.start?.date).toBeUndefined();
  const dentistStart = instantOf(dentist?.start);
  const thursday = wall(dentistStart).slice(0, 10);
  // chrono's "next Thursday": the Thursday of next week, never today or this week's past one.
  expect([nextWeekday(4, true), Temporal.PlainDate.from(nextWeekday(4, true)).add({ days: 7 }).toString()]).toContain(
    thursday,
  );
  expect(dentistStart).toBe(local(thursday, '16:00'));
  expect(instantOf(dentist?.end)).toBe(local(thursday, '16:30'));
});
