import type { Page } from '@playwright/test';

/**
 * Switches the page to a colour scheme as the system would (`null`: back to the browser's own) and
 * answers once the app shows that scheme whole: the scheme mirrored onto `<html data-color-scheme>`,
 * which FullCalendar's palettes follow a frame after the media query, and the colour transitions
 * the switch started run to their end. A check or a screenshot taken before then would see one
 * frame of mixed palettes.
 */
export async function setColorScheme(
  page: Page,
  colorScheme: 'light' | 'dark' | null,
  options: { reducedMotion?: 'reduce' | 'no-preference' | null } = {},
): Promise<void> {
  await page.emulateMedia({ colorScheme, ...options });
  if (page.url() === 'about:blank') return;
  await page.waitForFunction(() => {
    const mirrored = document.documentElement.dataset.colorScheme;
    // Before the app has started nothing mirrors the scheme yet; it reads it when it does.
    if (mirrored === undefined) return true;
    return mirrored === (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  });
  await page.evaluate(async () => {
    // Two frames: styles recalculated, so every transition the switch starts is running.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined)));
  });
}
