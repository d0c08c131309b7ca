/**
 * Starting Atrium's desktop build for the smoke suite, two ways:
 *
 * - the unpacked build (`dist/electron/main.mjs` run by the Electron binary from node_modules) with
 *   Playwright's `_electron`, which also reaches the main process;
 * - the packaged app (ATRIUM_ELECTRON_PACKAGED names its executable). Its fuses turn off Node's
 *   inspector switches (`enableNodeCliInspectArguments: false`), which `_electron.launch` relies on,
 *   so it is started with `--remote-debugging-port=0` and driven over the DevTools protocol
 *   (`chromium.connectOverCDP`): the page can be checked, the main process cannot.
 *
 * Either way the app gets a fresh profile through ATRIUM_USER_DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, chromium, type Browser, type ElectronApplication, type Page } from 'playwright-core';

const root = resolve(fileURLToPath(import.meta.url), '../..');

export interface LaunchedApp {
  /** The app's window, its calendar on screen. */
  page: Page;
  /** The main process, where Playwright can reach it (the unpacked build only). */
  main: ElectronApplication | null;
  userDataDir: string;
  /** Asks the app to quit as the person would, and answers its exit code (null: killed by a signal). */
  quit(): Promise<number | null>;
  /** Ends the process whatever its state (cleanup after a failure). */
  kill(): void;
}

export const packagedExecutable = process.env.ATRIUM_ELECTRON_PACKAGED || null;

/**
 * Chromium's own (setuid or namespace) sandbox cannot start on many Linux CI machines; the
 * renderer stays sandboxed by Electron's `sandbox: true`, which the suite checks.
 */
const platformFlags = process.platform === 'linux' ? ['--no-sandbox'] : [];

export function freshUserDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'atrium-electron-smoke-'));
}

function exited(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolveExit, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not exit within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveExit(code);
    });
  });
}

function environment(userDataDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  // Test runners set this for their own Node; the app must run as Electron, not as Node.
  delete env.ELECTRON_RUN_AS_NODE;
  env.ATRIUM_USER_DATA_DIR = userDataDir;
  return env;
}

async function appWindow(pages: () => Page[], waitForPage: () => Promise<Page>): Promise<Page> {
  const page = pages().find((candidate) => candidate.url().startsWith('app://')) ?? (await waitForPage());
  await page.waitForURL(/^app:\/\/atrium\//);
  return page;
}

async function launchUnpacked(userDataDir: string): Promise<LaunchedApp> {
  // The app folder, not main.mjs itself: Electron then runs package.json's main with the app path
  // at the project root, where the built renderer and preload are found as in the packaged app.
  const binary = process.env.ATRIUM_ELECTRON_BINARY;
  const main = await _electron.launch({
    ...(binary ? { executablePath: binary } : {}),
    args: [...platformFlags, root],
    cwd: root,
    env: environment(userDataDir),
    timeout: 60_000,
  });
  const page = await appWindow(
    () => main.windows(),
    () => main.waitForEvent('window', { timeout: 60_000 }),
  );
  const child = main.process();
  return {
    page,
    main,
    userDataDir,
    async quit() {
      const exit = exited(child, 30_000);
      await main.evaluate(({ app }) => app.quit()).catch(() => undefined);
      return exit;
    },
    kill: () => void child.kill('SIGKILL'),
  };
}

/** Reads `DevTools listening on ws://...` from the app's stderr. */
function devToolsEndpoint(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolveEndpoint, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`no DevTools endpoint within ${timeoutMs} ms; the app said:\n${output}`)),
      timeoutMs,
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      output += chunk;
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveEndpoint(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code}) before opening DevTools:\n${output}`));
    });
  });
}

async function launchPackaged(executable: string, userDataDir: string): Promise<LaunchedApp> {
  const child = spawn(executable, [...platformFlags, '--remote-debugging-port=0'], {
    env: environment(userDataDir),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let browser: Browser | undefined;
  try {
    browser = await chromium.connectOverCDP(await devToolsEndpoint(child, 60_000));
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await appWindow(
      () => context.pages(),
      () => context.waitForEvent('page', { timeout: 60_000 }),
    );
    const connected = browser;
    return {
      page,
      main: null,
      userDataDir,
      async quit() {
        const exit = exited(child, 30_000);
        // Electron answers the protocol's Browser.close by quitting the app (before-quit runs as for Cmd+Q).
        const session = await connected.newBrowserCDPSession();
        await session.send('Browser.close').catch(() => undefined);
        return exit;
      },
      kill: () => void child.kill('SIGKILL'),
    };
  } catch (error) {
    child.kill('SIGKILL');
    await browser?.close().catch(() => undefined);
    throw error;
  }
}

export function launchAtrium(userDataDir: string): Promise<LaunchedApp> {
  return packagedExecutable ? launchPackaged(packagedExecutable, userDataDir) : launchUnpacked(userDataDir);
}
