import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startGoogleStandIn, type GoogleStandIn } from '../electron/core/testing/google-stand-in';
import { walkProviderPages } from '../electron/core/testing/provider-pages';
import { MemoryVault } from '../electron/core/vault';
import { startBrowserApp, type BrowserApp } from '../electron/web';
import type { AtriumApp } from './fixtures';

/**
 * A Google account served by the stand-in (a real OAuth server and an embedded service behind a
 * gateway that plays Google's API), signed in to Atrium through the provider's pages. The gateway
 * can be taken off the network (`standIn.takeApiOffline()`), and Atrium can be restarted on the
 * same data folder and vault, as a person quitting and opening it again would.
 */

export const annEmail = 'ann@example.com';
export const annId = `google-${annEmail}`;

export interface OfflineFixtures {
  standIn: GoogleStandIn;
  /** Ann's data at "Google", read and written straight on the stand-in's service (never through the gateway). */
  google: AtriumApp;
  atrium: RestartableAtrium;
  page: Page;
}

export interface RestartableAtrium {
  readonly current: BrowserApp;
  /** Quits Atrium and starts it again on the same data folder and vault; answers the new instance. */
  restart(): Promise<BrowserApp>;
}

export const test = base.extend<OfflineFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring.
  standIn: async ({}, use) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-offline-google-'));
    const standIn = await startGoogleStandIn({ dataDir: dir, people: { [annEmail]: 'Ann Example' } });
    try {
      await use(standIn);
    } finally {
      await standIn.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
  google: async ({ standIn }, use) => {
    await use({
      url: '',
      serviceUrl: standIn.service.url,
      localUser: { email: annEmail, token: standIn.serviceTokenFor(annEmail) },
      bob: { email: 'bob@example.com', token: standIn.serviceTokenFor('bob@example.com') },
    });
  },
  atrium: async ({ standIn, timezoneId }, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-offline-'));
    // One vault across restarts: the keyring outlives the app.
    const vault = new MemoryVault();
    const rendererDir = process.env.ATRIUM_RENDERER_DIR;
    const start = () =>
      startBrowserApp({
        dataDir,
        port: 0,
        vault,
        config: { google: standIn.config },
        ...(timezoneId ? { timeZone: timezoneId } : {}),
        ...(rendererDir ? { rendererDir } : {}),
      });
    let current = await start();
    const atrium: RestartableAtrium = {
      get current() {
        return current;
      },
      async restart() {
        await current.close();
        current = await start();
        return current;
      },
    };
    try {
      await use(atrium);
    } finally {
      await current.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  page: async ({ page, atrium }, use) => {
    await page.goto(atrium.current.url);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await use(page);
  },
});

export { expect };

/** Adds Ann's Google account from the accounts screen (the provider's pages walked over HTTP) and makes it active. */
export async function signInAnn(page: Page): Promise<void> {
  await page.getByTestId('accounts-open').click();
  const screen = page.getByTestId('accounts-screen');
  await screen.getByTestId('accounts-add').click();
  const link = screen.getByTestId('sign-in-link');
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  if (!href) throw new Error('the sign-in link has no address');
  await walkProviderPages(href, annEmail);
  await expect(screen.getByTestId('sign-in-status')).toContainText(`${annEmail} is connected`);
  await screen.getByTestId(`account-switch-${annId}`).click();
  await expect(screen.getByTestId(`account-row-${annId}`)).toHaveAttribute('data-active', 'true');
  await page.getByTestId('accounts-close').click();
  await expect(page.getByTestId('account-name')).toHaveText('Ann Example');
  await dismissVaultBanner(page);
}

/** The test vault keeps tokens in memory, which the sidebar rightly warns about; dismissed here to see the rest. */
export async function dismissVaultBanner(page: Page): Promise<void> {
  const banner = page.getByTestId('vault-banner');
  await expect(banner).toBeVisible();
  await banner.getByTestId('vault-banner-dismiss').click();
  await expect(banner).toHaveCount(0);
}
