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
