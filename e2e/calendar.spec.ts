import { expect, serviceGet, serviceRequest, test } from './fixtures';
import { injectApiFailures } from './ipc-faults';

interface EventList {
  items?: { summary?: string; start?: { date?: string; dateTime?: string } }[];
}

/** Today's date on New York clocks (the tests' time zone), as YYYY-MM-DD. */
function newYorkDate(offsetDays = 0): string {
  const date = new Date(Date.now() + offsetDays * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

test('moves between weeks and back to today', async ({ page }) => {
  const title = page.getByTestId('calendar-title');
  const thisWeek = (await title.textContent()) ?? '';
  expect(thisWeek).toMatch(/\d{4}/);

  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(title).not.toHaveText(thisWeek);
  const nextWeek = (await title.textContent()) ?? '';

  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByRole('button', { name: 'Previous week' }).click();
  await expect(title).not.toHaveText(thisWeek);
  await expect(title).not.toHaveText(nextWeek);

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(title).toHaveText(thisWeek);
});

test('creates an event from the keyboard, and Escape creates nothing', async ({ page, app }) => {
  await expect(page.getByTestId('calendar-empty')).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'New event' }).click();
  await page.keyboard.type('Call the plumber');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('calendar-event').filter({ hasText: 'Call the plumber' })).toBeVisible();

  const stored = await serviceGet<EventList>(app, '/calendar/v3/calendars/primary/events');
  expect(stored.items?.map((item) => item.summary)).toEqual(['Call the plumber']);
});

test('shows an all-day event made elsewhere without a reload', async ({ page, app }) => {
  await expect(page.getByTestId('calendar-empty')).toBeVisible();
  await serviceRequest(app, 'POST', '/calendar/v3/calendars/primary/events', {
    summary: 'Company holiday',
    start: { date: newYorkDate() },
    end: { date: newYorkDate(1) },
  });
  const event = page.getByTestId('calendar-event').filter({ hasText: 'Company holiday' });
  await expect(event).toBeVisible({ timeout: 15_000 });
});

test('does not offer to create an event without a title', async ({ page }) => {
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('   ');
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeDisabled();
  await dialog.getByLabel('Title').fill('Lunch');
  await expect(dialog.getByRole('button', { name: 'Create event' })).toBeEnabled();
});

test('takes a refused event off the grid again and says why', async ({ page, app }) => {
  const faults = await injectApiFailures(page, (operation) =>
    operation === 'CalendarEventsInsert' ? { code: 'forbidden', message: 'You need writer access to change this calendar.', status: 403, reason: 'forbidden' } : null,
  );
  await page.reload();
  await expect(page.getByTestId('calendar-empty')).toBeVisible();

  await page.getByRole('button', { name: 'New event' }).click();
  await page.getByRole('dialog', { name: 'New event' }).getByLabel('Title').fill('Not allowed');
  await page.keyboard.press('Enter');

  await expect(page.getByTestId('calendar-action-error')).toContainText('You need writer access to change this calendar.');
  await expect(page.getByTestId('calendar-event')).toHaveCount(0);
  expect(faults.failed()).toBe(1);
  const stored = await serviceGet<EventList>(app, '/calendar/v3/calendars/primary/events');
  expect(stored.items ?? []).toEqual([]);
});
