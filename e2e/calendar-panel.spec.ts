import { CalendarPage } from './calendar-page';
import { expect, saveScreenshot, test } from './fixtures';
import { setColorScheme } from './color-scheme';

test('at 800x600 the side panel starts hidden and opens as a drawer over the grid', async ({ page, app }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const panel = page.getByTestId('calendar-sidebar');
  const toggle = page.getByRole('button', { name: 'Side panel' });

  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const gridWidth = (await calendar.surface.boundingBox())!.width;
  expect(gridWidth).toBeGreaterThan(700);
  // Creating stays one click away while the panel is hidden.
  await expect(page.getByRole('button', { name: 'New event', exact: true })).toBeInViewport({ ratio: 1 });

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeInViewport({ ratio: 1 });
  await expect(panel.getByTestId('calendar-quick-add')).toBeVisible();
  // The drawer lies over the grid rather than squeezing it.
  expect((await calendar.surface.boundingBox())!.width).toBe(gridWidth);
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    await saveScreenshot(page, `calendar-panel-drawer-800x600-${scheme}`);
  }
  await setColorScheme(page, null);

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // A click outside the drawer closes it too.
  await toggle.click();
  await expect(panel).toBeVisible();
  const box = (await calendar.surface.boundingBox())!;
  await page.mouse.click(box.x + box.width - 40, box.y + box.height / 2);
  await expect(panel).toHaveCount(0);
  await expect(toggle).toBeFocused();

  // Choosing an action in the drawer closes it, so the action's dialog is in front.
  await toggle.click();
  await panel.getByTestId('calendar-quick-add').click();
  await expect(page.getByRole('dialog', { name: 'Quick add' })).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('at 1360 the toggle collapses the side panel in place and the choice survives a reload', async ({ page, app }) => {
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  const panel = page.getByTestId('calendar-sidebar');
  const toggle = page.getByRole('button', { name: 'Side panel' });
  const compactNew = page.getByTestId('calendar-new-event-compact');

  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(compactNew).toHaveCount(0);
  const narrowGrid = (await calendar.surface.boundingBox())!.width;

  await toggle.click();
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(compactNew).toBeVisible();
  await expect.poll(async () => (await calendar.surface.boundingBox())!.width).toBeGreaterThan(narrowGrid + 200);
  // In a wide window it is not a drawer: Escape leaves the choice alone.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  await page.reload();
  await calendar.ready();
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(compactNew).toBeVisible();

  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('calendar-new-event')).toBeVisible();
  await page.reload();
  await calendar.ready();
  await expect(panel).toBeVisible();
});

test('at 1024x700 the side panel sits beside the grid', async ({ page, app }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const calendar = new CalendarPage(page, app);
  await calendar.ready();
  await expect(page.getByTestId('calendar-sidebar')).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('calendar-panel-backdrop')).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    await saveScreenshot(page, `calendar-panel-1024x700-${scheme}`);
  }
});
