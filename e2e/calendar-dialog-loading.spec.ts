import type { Page, Route } from '@playwright/test';
import { CalendarPage } from './calendar-page';
import { expect, test } from './fixtures';

/** Holds requests for a chunk until `release`; counts them. */
async function holdChunk(page: Page, name: string) {
  const held: Route[] = [];
  let released = false;
  let requests = 0;
  await page.route(`**/assets/${name}-*.js`, (route) => {
    requests += 1;
    if (released) return route.continue();
    held.push(route);
  });
  return {
    requests: () => requests,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

test('a dialog opened before its code has arrived opens when it does', async ({ page, app }) => {
  const chunk = await holdChunk(page, 'TimeZoneDialog');
  const calendar = new CalendarPage(page, app);
  await page.reload();
  await calendar.ready();

  const open = page.getByTestId('calendar-time-zones');
  await open.click();
  // Asked for now (or by the fetch ahead), and held: nothing is drawn, the calendar stays usable.
  await expect.poll(chunk.requests).toBeGreaterThan(0);
  await expect(page.getByTestId('time-zone-dialog')).toHaveCount(0);
  await expect(calendar.surface).toBeVisible();

  await chunk.release();
  const dialog = page.getByTestId('time-zone-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('time-zone-display')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Opened again, it is there at once.
  await open.click();
  await expect(dialog).toBeVisible();
});

test('the dialogs are fetched ahead once the calendar is up, before any is opened', async ({ page, app }) => {
  const editor = await holdChunk(page, 'EventEditorDialog');
  const settings = await holdChunk(page, 'CalendarSettingsDialog');
  const calendar = new CalendarPage(page, app);
  await page.reload();
  await calendar.ready();
  await expect.poll(editor.requests, { timeout: 10_000 }).toBeGreaterThan(0);
  await expect.poll(settings.requests, { timeout: 10_000 }).toBeGreaterThan(0);
  await editor.release();
  await settings.release();

  await page.keyboard.press('c');
  await expect(calendar.editor).toBeVisible();
});

test.describe('a dialog whose code is refused', () => {
  // The refused fetch, as the browser reports it.
  test.use({
    expectedPageErrors:
      /^console: (Failed to load resource: net::ERR_CONNECTION_REFUSED|TypeError: Failed to fetch dynamically imported module: .*TimeZoneDialog-)/,
  });

  test('a dialog whose code cannot be loaded closes and says so; opened again, it loads', async ({ page, app }) => {
    let refusing = true;
    let refused = 0;
    await page.route('**/assets/TimeZoneDialog-*.js', async (route) => {
      if (!refusing) return route.continue();
      refused += 1;
      await route.abort('connectionrefused');
    });
    const calendar = new CalendarPage(page, app);
    await page.reload();
    await calendar.ready();

    const open = page.getByTestId('calendar-time-zones');
    const dialog = page.getByTestId('time-zone-dialog');
    await open.click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Couldn’t open the time zones.' })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // Tried for the click (and perhaps before it by the fetch ahead), never in a loop, and not again
    // behind the person's back: the fetch ahead (1.5 s after the calendar is up) leaves a failed dialog
    // to its next opening, which would otherwise wait for that attempt, failing too, instead of fetching afresh.
    const triedForTheClick = refused;
    expect(triedForTheClick).toBeGreaterThan(0);
    expect(triedForTheClick).toBeLessThanOrEqual(2);
    await page.waitForTimeout(2000);
    expect(refused).toBe(triedForTheClick);

    // The rest of the calendar works meanwhile.
    await page.keyboard.press('c');
    await expect(calendar.editor).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar.editor).toHaveCount(0);

    refusing = false;
    await open.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('time-zone-display')).toBeVisible();
  });
});
