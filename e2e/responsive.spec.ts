import { expect, saveScreenshot, test } from './fixtures';
import { cutControls } from './layout';
import { screenshotVariants } from './screens';
import type { Page } from '@playwright/test';
import { setColorScheme } from './color-scheme';

const sizes = [
  { width: 1360, height: 860 },
  { width: 1024, height: 700 },
  { width: 800, height: 600 },
] as const;

const viewChecks = [
  { id: 'calendar', label: 'Calendar', ready: 'calendar-view' },
  { id: 'tasks', label: 'Tasks', ready: 'task-board' },
  { id: 'files', label: 'Files', ready: 'files-view' },
] as const;

/** Chooses a view the way a person would at this width: in the sidebar, or from the menu when it is a drawer. */
async function openView(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
  }
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: label }).click();
  // Choosing a view closes the drawer (even when it is the view shown), leaving the view whole.
  if (await menu.isVisible()) await expect(page.getByTestId('sidebar')).toBeHidden();
}

for (const size of sizes) {
  test(`every view's controls are on screen at ${size.width}x${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    for (const view of viewChecks) {
      await openView(page, view.label);
      await expect(page.getByTestId(view.ready)).toBeVisible();
      await expect(page.getByTestId('view-loading-panel')).toHaveCount(0);
      // The drawer closes once a view is chosen, and leaves the view whole.
      await expect(page.getByTestId('sidebar-backdrop')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(await cutControls(page), `${view.label} at ${size.width}x${size.height}`).toEqual([]);
      await expect(page.getByTestId('nav-' + view.id)).toHaveAttribute('aria-current', 'page');
      for (const scheme of ['light', 'dark'] as const) {
        await setColorScheme(page, scheme);
        await saveScreenshot(page, `layout-${view.id}-${size.width}x${size.height}-${scheme}`);
      }
      await setColorScheme(page, null);
    }
  });
}

test('the sidebar is a rail of named icons below 1100 px and a menu at 800 px', async ({ page }, testInfo) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const tasks = nav.getByRole('button', { name: 'Tasks' });

  await page.setViewportSize({ width: 1360, height: 860 });
  await expect(tasks).toContainText('Tasks');
  const wide = (await page.getByTestId('sidebar').boundingBox())!.width;
  expect(wide).toBeGreaterThan(200);

  await page.setViewportSize({ width: 1024, height: 700 });
  const rail = (await page.getByTestId('sidebar').boundingBox())!.width;
  expect(rail).toBeLessThan(80);
  // The label is gone from sight but not from the button's name; hovering shows it as a tooltip.
  await expect(tasks).toBeVisible();
  await expect(tasks.locator('.nav__label')).toBeHidden();
  await tasks.hover();
  const tip = await tasks.evaluate((element) => getComputedStyle(element, '::after').content);
  expect(tip).toContain('Tasks');
  await expect(page.getByRole('button', { name: 'Accounts…' })).toBeInViewport({ ratio: 1 });
  await screenshotVariants(page, testInfo, 'shell-rail');

  await page.setViewportSize({ width: 800, height: 600 });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: open the drawer, move to Tasks, choose it; the drawer closes and focus returns to the menu.
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
  await expect(nav.getByRole('button', { name: 'Calendar' })).toBeFocused();
  // The view behind is inert while the drawer is open.
  expect(await page.locator('#main').evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(tasks).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('task-board')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(menu).toBeFocused();
  await expect(page.getByTestId('topbar')).toContainText('Tasks');

  // Escape closes it too, and so does a click beside it.
  await menu.click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await menu.click();
  await page.getByTestId('sidebar-backdrop').click({ position: { x: 760, y: 300 } });
  await expect(page.getByTestId('sidebar')).toBeHidden();
  expect(await page.locator('#main').evaluate((element) => (element as HTMLElement).inert)).toBe(false);
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    await menu.click();
    await expect(page.getByTestId('sidebar')).toBeInViewport({ ratio: 1 });
    await saveScreenshot(page, `shell-drawer-800x600-${scheme}`);
    await page.keyboard.press('Escape');
  }
});

test('Files keeps its places and the Trash reachable in narrow windows', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Files' }).click();
  const places = page.getByRole('navigation', { name: 'Drive places' });
  await expect(places).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Places' });
  await expect(toggle).toBeInViewport({ ratio: 1 });
  await toggle.click();
  await expect(places).toBeInViewport({ ratio: 1 });
  const placeList = places.getByRole('list').first();
  for (const name of ['My Drive', 'Shared drives', 'Shared with me', 'Starred', 'Recent', 'Trash']) {
    await expect(placeList.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  for (const scheme of ['dark', 'light'] as const) {
    await setColorScheme(page, scheme);
    await saveScreenshot(page, `files-places-drawer-900x700-${scheme}`);
  }
  await placeList.getByRole('button', { name: 'Trash', exact: true }).click();
  // Choosing a place closes the drawer and shows the place.
  await expect(places).toBeHidden();
  await expect(page.getByTestId('files-empty')).toContainText('The trash is empty');

  // Keyboard: the toggle opens it, Escape closes it and gives focus back.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(places).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(places).toBeHidden();
  await expect(toggle).toBeFocused();

  // At 800 px, with the app's own menu too, places still open and the Trash is one click away.
  await page.setViewportSize({ width: 800, height: 600 });
  await toggle.click();
  await placeList.getByRole('button', { name: 'My Drive', exact: true }).click();
  await expect(page.getByTestId('files-breadcrumbs')).toContainText('My Drive');
  // Details lies over the list rather than squeezing it, and is wholly on screen with its controls.
  const list = page.getByTestId('files-drop-zone');
  const before = (await list.boundingBox())!.width;
  await page.getByTestId('toggle-details').click();
  const details = page.getByTestId('details-panel');
  await expect(details).toBeInViewport({ ratio: 1 });
  expect((await list.boundingBox())!.width).toBe(before);
  expect(await cutControls(page)).toEqual([]);
  await saveScreenshot(page, 'files-details-800x600-light');
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toHaveCount(0);
  await screenshotVariants(page, testInfo, 'files-narrow');

  // Wide windows keep the places as a column, with no toggle.
  await page.setViewportSize({ width: 1360, height: 860 });
  await expect(places).toBeInViewport({ ratio: 1 });
  await expect(toggle).toBeHidden();
});
