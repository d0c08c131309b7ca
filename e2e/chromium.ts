import { existsSync } from 'node:fs';

/** Debian's Chromium, used where it is installed; elsewhere Playwright's own browser. */
export const systemChromium = '/usr/bin/chromium';

/** The system Chromium's path when it exists. */
export const chromiumExecutable: string | undefined = existsSync(systemChromium) ? systemChromium : undefined;

/** Flags that keep a headless Chromium quiet and self-contained on build machines. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
