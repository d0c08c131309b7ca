import type { Locator, Page } from '@playwright/test';
import { expect, saveScreenshot } from './fixtures';
import { setColorScheme } from './color-scheme';

/** The window sizes and schemes the file manager's screens are checked at. */
export const fileScreenVariants = [
  { width: 1360, height: 860, scheme: 'light' },
  { width: 1360, height: 860, scheme: 'dark' },
  { width: 1024, height: 700, scheme: 'light' },
  { width: 1024, height: 700, scheme: 'dark' },
  { width: 800, height: 600, scheme: 'light' },
  { width: 800, height: 600, scheme: 'dark' },
] as const;

/**
 * Saves a screenshot at each size and scheme, and at each one runs `check` (what must stay visible and
 * uncut there), then puts the window back.
 */
export async function checkScreens(
  page: Page,
  name: string,
  check: (size: { width: number; height: number }) => Promise<void> = async () => undefined,
): Promise<void> {
  const original = page.viewportSize();
  for (const { width, height, scheme } of fileScreenVariants) {
    await page.setViewportSize({ width, height });
    await setColorScheme(page, scheme);
    await check({ width, height });
    await saveScreenshot(page, `${name}-${width}x${height}-${scheme}`);
  }
  await setColorScheme(page, null);
  if (original) await page.setViewportSize(original);
}

/** The element is entirely inside the window. */
export async function expectInWindow(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box, 'element is laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size!.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size!.width);
}

/** The text of the element is shown whole (not cut with an ellipsis). */
export async function expectNotCut(locator: Locator): Promise<void> {
  const cut = await locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  expect(cut, `“${await locator.textContent()}” is shown whole`).toBe(false);
}
