import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { credentialKeys } from '../electron/core/google-credentials';
import { startGoogleStandIn, type GoogleStandIn } from '../electron/core/testing/google-stand-in';
import { MemoryVault } from '../electron/core/vault';
import { startBrowserApp, type BrowserApp } from '../electron/web';
import { saveScreenshot } from './fixtures';

/**
 * Adding a Google account end to end: the accounts screen starts a sign-in, the person signs in on
 * the account server's own pages in the browser (a real OAuth server, oidc-provider, standing in
 * for Google), the app shows the new account and its data (a second embedded service standing in
 * for Google's APIs), switches to it and back, and removes it, which revokes the grant at the
 * server and deletes its tokens.
 */

interface AccountsFixtures {
  standIn: GoogleStandIn;
  vault: MemoryVault;
  atrium: BrowserApp;
  page: Page;
}

const test = base.extend<AccountsFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring.
  standIn: async ({}, use) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-google-'));
    const standIn = await startGoogleStandIn({ dataDir: dir, people: { 'ann@example.com': 'Ann Example' } });
    try {
      await use(standIn);
    } finally {
      await standIn.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixture dependencies from this destructuring.
  vault: async ({}, use) => {
    await use(new MemoryVault('Test vault: kept in memory.'));
  },
  atrium: async ({ standIn, vault }, use) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-accounts-'));
    const running = await startBrowserApp({ dataDir, port: 0, vault, config: { google: standIn.config } });
    try {
      await use(running);
    } finally {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
  page: async ({ page, atrium }, use) => {
    await page.goto(atrium.url);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await use(page);
  },
});

test('add a Google account through the browser sign-in, use it, switch back and remove it', async ({
  page,
  context,
  standIn,
  vault,
}) => {
  // Ann already has data at "Google".
  const annApi = standIn.service.url;
  const annToken = standIn.serviceTokenFor('ann@example.com');
  const lists = (await (
    await fetch(`${annApi}/tasks/v1/users/@me/lists`, { headers: { authorization: `Bearer ${annToken}` } })
  ).json()) as {
    items: { id: string }[];
  };
  const listId = lists.items[0]?.id ?? '';
  await fetch(`${annApi}/tasks/v1/lists/${encodeURIComponent(listId)}/tasks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${annToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Renew passport (from Google)' }),
  });

  // Only the local account: that sign-ins are not saved does not matter yet, so nothing says so.
  await expect(page.getByTestId('account-name')).toHaveText('Me');
  await expect(page.getByTestId('vault-banner')).toHaveCount(0);

  await page.getByTestId('accounts-open').click();
  const screen = page.getByTestId('accounts-screen');
  await expect(screen.getByTestId('account-row-local')).toHaveAttribute('data-active', 'true');
  await screen.getByTestId('accounts-add').click();
  // Adding a Google account: now it matters, in plain words, with the store's own words behind Details.
  await expect(screen.getByTestId('vault-banner')).toContainText('Google sign-ins won’t be remembered');
  await expect(screen.getByTestId('vault-banner-details')).toBeHidden();
  await screen.getByTestId('vault-banner').getByText('Details').click();
  await expect(screen.getByTestId('vault-banner-details')).toContainText('memory');

  // In the browser host the sign-in address comes back to the page as a link.
  const link = screen.getByTestId('sign-in-link');
  await expect(link).toBeVisible();
  const [signInPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await signInPage.waitForLoadState();
  await signInPage.locator('input[name="login"]').fill('ann@example.com');
  await signInPage.locator('input[name="password"]').fill('any password');
  await signInPage.getByRole('button', { name: 'Sign-in' }).click();
  await signInPage.getByRole('button', { name: 'Continue' }).click();
  await expect(signInPage.getByTestId('loopback-message')).toContainText('Atrium is now connected to ann@example.com');
  await signInPage.close();

  const annId = 'google-ann@example.com';
  await expect(screen.getByTestId('sign-in-status')).toContainText('ann@example.com is connected');
  const annRow = screen.getByTestId(`account-row-${annId}`);
  await expect(annRow).toContainText('Ann Example');
  await expect(annRow).toHaveAttribute('data-active', 'false');
  const refresh = (await vault.get(credentialKeys(annId).refresh)) ?? '';
  expect(refresh).not.toBe('');

  // Switch to Ann and see her tasks.
  await screen.getByTestId(`account-switch-${annId}`).click();
  await expect(annRow).toHaveAttribute('data-active', 'true');
  await page.getByTestId('accounts-close').click();
  await expect(page.getByTestId('account-name')).toHaveText('Ann Example');

  // With a Google account, the notice stays in the sidebar until dismissed, and "How to fix" explains.
  const banner = page.getByTestId('vault-banner');
  await expect(banner).toBeVisible();
  await banner.getByTestId('vault-banner-help').click();
  await expect(page.getByTestId('keyring-help')).toContainText('password store');
  await saveScreenshot(page, 'accounts-keyring-help');
  await page.getByTestId('keyring-help-close').click();
  await saveScreenshot(page, 'accounts-keyring-notice');
  await banner.getByTestId('vault-banner-dismiss').click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('account-name')).toHaveText('Ann Example');
  await expect(page.getByTestId('vault-banner')).toHaveCount(0);
  await page.getByTestId('nav-tasks').click();
  await expect(page.getByText('Renew passport (from Google)')).toBeVisible();

  // And back to the local account, where that task is not.
  await page.getByTestId('accounts-open').click();
  await screen.getByTestId('account-switch-local').click();
  await expect(screen.getByTestId('account-row-local')).toHaveAttribute('data-active', 'true');
  await page.getByTestId('accounts-close').click();
  await expect(page.getByTestId('account-name')).toHaveText('Me');
  await expect(page.getByText('Renew passport (from Google)')).toHaveCount(0);

  // Remove Ann: signed out at the server, tokens gone.
  await page.getByTestId('accounts-open').click();
  await screen.getByTestId(`account-remove-${annId}`).click();
  await page.getByTestId('account-remove-dialog-confirm').click();
  await expect(screen.getByTestId(`account-row-${annId}`)).toHaveCount(0);
  expect(await standIn.isActive(refresh)).toBe(false);
  expect(vault.keys().filter((key) => key.startsWith(annId))).toEqual([]);
  expect(vault.values().some((value) => value.includes(refresh))).toBe(false);
});

test('first run: no keyring notice until a Google account matters; a copy without Google set up says so plainly', async ({
  page,
}) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'atrium-e2e-first-run-'));
  const warning =
    'No system keyring answered (Platform failure: DBus error org.freedesktop.DBus.Error.ServiceUnknown), so account ' +
    'tokens are kept in memory only: you will need to sign in to Google accounts again after Atrium restarts.';
  const running = await startBrowserApp({ dataDir, port: 0, vault: new MemoryVault(warning), config: {} });
  try {
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(running.url);
    await expect(page.getByTestId('app-shell')).toBeVisible();
    await expect(page.getByTestId('vault-banner')).toHaveCount(0);
    await expect(page.getByText('Sign-ins are not saved')).toHaveCount(0);

    await page.getByTestId('accounts-open').click();
    const screen = page.getByTestId('accounts-screen');
    await screen.getByTestId('accounts-add').click();
    const problem = screen.getByTestId('sign-in-error');
    await expect(problem).toContainText('isn’t connected to Google yet');
    await expect(problem.getByTestId('sign-in-error-message')).not.toContainText('ATRIUM_GOOGLE_CLIENT_ID');
    await expect(problem.getByTestId('sign-in-error-details')).toBeHidden();
    await problem.getByText('Details').click();
    await expect(problem.getByTestId('sign-in-error-details')).toContainText('ATRIUM_GOOGLE_CLIENT_ID');
    await saveScreenshot(page, 'accounts-not-configured');
    await page.getByTestId('accounts-close').click();
    await expect(page.getByTestId('vault-banner')).toHaveCount(0);
  } finally {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
