import { CalendarPage } from './calendar-page';
import { expect, test } from './fixtures';

const warmUp = /\/assets\/intl-warm-up-[\w-]+\.js$/;

test('the date formatter warm-up is asked for before the app’s modules, as a script of its own, and runs in a worker', async ({
  page,
  app,
}) => {
  const requested: string[] = [];
  const workers: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  const calendar = new CalendarPage(page, app);
  await page.reload();
  await calendar.ready();
  // The formatter is made off the page's thread: a worker of its own, named by its content.
  await expect
    .poll(() => workers)
    .toContainEqual(expect.stringMatching(/\/assets\/intl-warm-up-worker-[0-9a-f]{8}\.js$/));

  const warmUpAt = requested.findIndex((path) => warmUp.test(path));
  const firstModuleAt = requested.findIndex((path) => /\/assets\/index-[\w-]+\.js$/.test(path));
  expect(warmUpAt).toBeGreaterThanOrEqual(0);
  expect(firstModuleAt).toBeGreaterThan(warmUpAt);
  // Run as soon as it arrives, never waiting for (or holding up) the modules.
  const script = page.locator('head script[src*="intl-warm-up-"]');
  await expect(script).toHaveCount(1);
  expect(await script.evaluate((element: HTMLScriptElement) => ({ async: element.async, type: element.type }))).toEqual(
    { async: true, type: '' },
  );
});

test.describe('without the warm-up', () => {
  // The refused fetch, as the browser reports it.
  test.use({ expectedPageErrors: /^console: Failed to load resource: net::ERR_FAILED$/ });

  test('the calendar starts as before when the warm-up cannot be fetched', async ({ page, app }) => {
    let refused = 0;
    await page.route(warmUp, (route) => {
      refused += 1;
      return route.abort();
    });
    const calendar = new CalendarPage(page, app);
    await page.reload();
    await calendar.ready();
    expect(refused).toBeGreaterThan(0);
    await expect(calendar.surface).toBeVisible();
    await expect(page.getByTestId('calendar-week').locator('[role="columnheader"]').first()).toBeVisible();
  });
});
