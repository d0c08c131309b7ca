import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
// The lint pattern for the `electron` package also matches our own electron/web folder: plain Node code, no Electron.
import { startBrowserApp } from '../electron/web';
import { MemoryVault } from '../electron/core/vault';

/** A running browser host on a fresh data directory (embedded service included). */
export interface AtriumApp {
  /** Full app URL, including the per-launch secret. */
  url: string;
  /** Base URL of the embedded Google-compatible service. */
  serviceUrl: string;
  /** The local account's service user; its token authorises direct HTTP checks. */
  localUser: { email: string; token: string };
  /** A second user on the same service, for sharing scenarios. */
  bob: { email: string; token: string };
}

export const artifactsDir = path.join(import.meta.dirname, 'artifacts');

const bob = { email: 'bob@atrium.local', token: 'bob-token' };

interface Fixtures {
  app: AtriumApp;
  /** Uncaught page errors and console errors seen during the test. */
  pageErrors: string[];
  /**
   * The page errors a test causes on purpose (a fetch it refuses, say), as one pattern. Any other
   * uncaught error or console error in the page fails the test that saw it, whatever it checked.
   */
  expectedPageErrors: RegExp | null;
}

export const test = base.extend<Fixtures>({
  // Per test: each test starts on empty data, so tests never see each other's events, tasks or files.
  app: async ({ timezoneId }, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-'));
    // ATRIUM_RENDERER_DIR serves a renderer built elsewhere (a work-in-progress build beside dist/renderer).
    const rendererDir = process.env.ATRIUM_RENDERER_DIR;
    // A memory vault: test runs never write tokens into the developer's own keyring.
    // The local account starts in the browser's zone, as it would on one machine.
    const running = await startBrowserApp({
      dataDir,
      port: 0,
      vault: new MemoryVault(),
      extraUsers: [{ ...bob, displayName: 'Bob' }],
      ...(timezoneId ? { timeZone: timezoneId } : {}),
      ...(rendererDir ? { rendererDir } : {}),
    });
    try {
      await use({ url: running.url, serviceUrl: running.serviceUrl, localUser: running.localUser, bob });
    } finally {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring.
  pageErrors: async ({}, use) => {
    await use([]);
  },
  expectedPageErrors: [null, { option: true }],

  page: async ({ page, app, pageErrors, expectedPageErrors }, use, testInfo) => {
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
    });
    await page.goto(app.url);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await use(page);
    if (testInfo.status === testInfo.expectedStatus) {
      const unexpected = pageErrors.filter((error) => !expectedPageErrors?.test(error));
      expect(unexpected, 'errors in the page').toEqual([]);
    } else {
      await mkdir(artifactsDir, { recursive: true });
      await page
        .screenshot({
          path: path.join(artifactsDir, `${slug(testInfo.titlePath.join(' '))}-failed.png`),
          fullPage: true,
        })
        .catch(() => undefined);
    }
  },
});

export { expect };

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/** Saves a named screenshot into e2e/artifacts/ (kept out of git; useful to look at the UI). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  // Transitions finish first: a scheme or size just switched would otherwise show colours half way.
  await page.screenshot({ path: path.join(artifactsDir, `${slug(name)}.png`), animations: 'disabled' });
}

/** A JSON request to the embedded service as a user, answering the parsed body (fails the test on a non-2xx). */
export async function serviceRequest<T = Record<string, unknown>>(
  app: AtriumApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  pathAndQuery: string,
  body?: unknown,
  token = app.localUser.token,
): Promise<T> {
  const base = app.serviceUrl.endsWith('/') ? app.serviceUrl : `${app.serviceUrl}/`;
  const response = await fetch(new URL(pathAndQuery.replace(/^\//, ''), base), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathAndQuery} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function serviceGet<T = Record<string, unknown>>(
  app: AtriumApp,
  pathAndQuery: string,
  token = app.localUser.token,
): Promise<T> {
  return serviceRequest<T>(app, 'GET', pathAndQuery, undefined, token);
}
