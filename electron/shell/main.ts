import { join } from 'node:path';
import { app, dialog, session } from 'electron';
import type { BrowserWindow } from 'electron';
import { createCore } from '../core/core';
import type { Core } from '../core/core';
import { appEntryUrl, registerAppScheme, serveAppScheme } from './app-protocol';
import { bridgeCoreToWindows } from './ipc-bridge';
import { createMainWindow, lockDownWebContents } from './main-window';
import { SafeStorageVault } from './safe-storage-vault';

// Both must happen before the app is ready.
registerAppScheme();
const primaryInstance = app.requestSingleInstanceLock();

/** Built files sit in the app folder (or app.asar) next to package.json, whatever the working directory. */
const appFile = (...parts: string[]): string => join(app.getAppPath(), ...parts);

let core: Core | undefined;
let mainWindow: BrowserWindow | undefined;
let stopBridge: (() => void) | undefined;

function showMainWindow(): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    return;
  }
  mainWindow = createMainWindow(appFile('dist', 'electron', 'preload.cjs'), appEntryUrl);
  mainWindow.on('closed', () => {
    mainWindow = undefined;
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const denyAll = session.defaultSession;
  denyAll.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  denyAll.setPermissionCheckHandler(() => false);
  serveAppScheme(appFile('dist', 'renderer'));

  const vault = new SafeStorageVault(join(app.getPath('userData'), 'vault.json'));
  core = await createCore({ userDataDir: app.getPath('userData'), vault, host: 'electron', version: app.getVersion() });
  stopBridge = bridgeCoreToWindows(core);
  showMainWindow();

  if (core.vaultWarning) {
    void dialog.showMessageBox({ type: 'warning', title: 'Atrium', message: 'Secrets are not saved on this computer', detail: core.vaultWarning });
  }
}

if (!primaryInstance) {
  app.quit();
} else {
  app.on('second-instance', () => showMainWindow());
  app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (core) showMainWindow();
  });

  let shutDown = false;
  app.on('before-quit', (event) => {
    if (shutDown || !core) return;
    // Close the embedded service (its database and notification delivery) before the process ends.
    event.preventDefault();
    shutDown = true;
    stopBridge?.();
    core.close().finally(() => app.quit());
  });

  start().catch((error: unknown) => {
    dialog.showErrorBox('Atrium could not start', error instanceof Error ? (error.stack ?? error.message) : String(error));
    app.exit(1);
  });
}
