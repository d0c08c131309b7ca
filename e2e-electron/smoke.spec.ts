/**
 * The desktop app itself: the built (or packaged) Electron app is started with a fresh profile and
 * checked end to end — the window's security settings, the preload bridge as the page sees it, the
 * calendar served over `app://`, an event created through the UI and stored, a dialog returning
 * focus, and a clean quit that leaves the database checkpointed. See docs/desktop-testing.md.
 *
 * Run by scripts/electron-smoke.mjs (`npm run test:electron`), which skips it where no Electron
 * binary exists.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import type { IpcTransport } from '../shared/ipc/transport';
import { freshUserDataDir, launchAtrium, packagedExecutable, type LaunchedApp } from './launch';

test.describe.configure({ mode: 'serial' });

const title = `Smoke check ${Date.now()}`;
let userDataDir = '';
let app: LaunchedApp | undefined;

/** Events of the primary calendar whose title matches, asked through the preload bridge as the renderer asks. */
async function storedTitles(page: Page, text: string): Promise<string[]> {
  const reply = await page.evaluate(
    (q) =>
      (window as unknown as { atrium?: IpcTransport }).atrium?.invoke('api.call', {
        operation: 'CalendarEventsList',
        params: { calendarId: 'primary', q, singleEvents: true },
      }),
    text,
  );
  const envelope = reply as { ok: boolean; value?: { items?: { summary?: string }[] }; error?: unknown };
  expect(envelope.ok, JSON.stringify(envelope.error)).toBe(true);
  return (envelope.value?.items ?? []).map((item) => item.summary ?? '');
}

test.beforeAll(async () => {
  userDataDir = freshUserDataDir();
  app = await launchAtrium(userDataDir);
});

test.afterAll(() => {
  app?.kill();
  rmSync(userDataDir, { recursive: true, force: true });
});

function running(): LaunchedApp {
  if (!app) throw new Error('the app did not start');
  return app;
}

if (!packagedExecutable) {
  test('the window is created with secure web preferences', async () => {
    const main = running().main;
    if (!main) throw new Error('the main process is not reachable');
    const preferences = await main.evaluate(({ BrowserWindow }) => {
      const contents = BrowserWindow.getAllWindows()[0]?.webContents as
        (Electron.WebContents & { getLastWebPreferences(): Electron.WebPreferences }) | undefined;
      const p = contents?.getLastWebPreferences();
      return p
        ? {
            contextIsolation: p.contextIsolation,
            sandbox: p.sandbox,
            nodeIntegration: p.nodeIntegration,
            nodeIntegrationInWorker: p.nodeIntegrationInWorker,
            webSecurity: p.webSecurity,
            webviewTag: p.webviewTag,
            hasPreload: Boolean(p.preload),
          }
        : null;
    });
    expect(preferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      hasPreload: true,
    });
  });
}

test('the page sees only the narrow bridge, and no Node', async () => {
  const { page } = running();
  const seen = await page.evaluate(() => ({
    bridge: (() => {
      const bridge = (window as unknown as { atrium?: object }).atrium;
      return bridge ? Object.keys(bridge).sort() : null;
    })(),
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
    module: typeof (globalThis as { module?: unknown }).module,
    buffer: typeof (globalThis as { Buffer?: unknown }).Buffer,
  }));
  expect(seen).toEqual({
    bridge: ['invoke', 'onEvent'],
    require: 'undefined',
    process: 'undefined',
    module: 'undefined',
    buffer: 'undefined',
  });
});

test('the calendar loads through the app:// protocol', async () => {
  const { page } = running();
  expect(await page.evaluate(() => window.location.origin)).toBe('app://atrium');
  await expect(page.getByTestId('calendar-week')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('calendar-loading-hint')).toHaveCount(0, { timeout: 30_000 });
});

test('an event created in the UI is stored by the embedded service', async () => {
  const { page } = running();
  await page.getByRole('button', { name: 'New event' }).click();
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('button', { name: 'Create event' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('calendar-event').filter({ hasText: title })).toBeVisible();
  await expect.poll(() => storedTitles(page, title)).toEqual([title]);
});

test('a dialog opens, closes with Escape and gives focus back', async () => {
  const { page } = running();
  const opener = page.getByRole('button', { name: 'New event' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New event' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Title', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('quits cleanly, the database checkpointed, and the event is there after a restart', async () => {
  const exitCode = await running().quit();
  expect(exitCode).toBe(0);
  const database = join(userDataDir, 'local-service', 'atrium.sqlite');
  expect(existsSync(database)).toBe(true);
  // Closing the last connection checkpoints the write-ahead log into the database and removes it.
  const wal = `${database}-wal`;
  expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

  app = await launchAtrium(userDataDir);
  await expect(app.page.getByTestId('calendar-week')).toBeVisible({ timeout: 30_000 });
  expect(await storedTitles(app.page, title)).toEqual([title]);
  expect(await app.quit()).toBe(0);
});
