import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { artifactsDir, saveScreenshot } from './fixtures';
import { setColorScheme } from './color-scheme';

/** The sizes and schemes every screen is checked at (docs: light and dark, large and small windows). */
const variants = [
  { width: 1360, height: 860, scheme: 'light' },
  { width: 1360, height: 860, scheme: 'dark' },
  { width: 1024, height: 700, scheme: 'light' },
  { width: 1024, height: 700, scheme: 'dark' },
] as const;

/**
 * Saves the page as it looks now at each size and scheme into e2e/artifacts/ and attaches them to
 * the test's report, then puts the window back as it was.
 */
export async function screenshotVariants(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const { width, height, scheme } of variants) {
    await page.setViewportSize({ width, height });
    await setColorScheme(page, scheme);
    const label = `${name}-${width}x${height}-${scheme}`;
    await saveScreenshot(page, label);
    await testInfo.attach(label, {
      path: path.join(artifactsDir, `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`),
      contentType: 'image/png',
    });
  }
  await setColorScheme(page, null);
  if (original) await page.setViewportSize(original);
}
