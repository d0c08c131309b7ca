import { join } from 'node:path';
import { app, dialog, session } from 'electron';
import type { BrowserWindow } from 'electron';
import { createCore } from '../core/core';
import type { Core } from '../core/core';
import { WindowStateStore } from '../core/window-state';
import { appEntryUrl, registerAppScheme, serveAppScheme } from './app-protocol';
import { deepLinkInArgs, registerDeepLinks } from './deep-links';
import { bridgeCoreToWindows } from './ipc-bridge';
import { createMainWindow, lockDownWebContents, openExternally, rememberWindowState } from './main-window';
import { showReminderNotifications } from './reminder-notifications';
import { saveDialogChooser } from './save-dialog';
import { SafeStorageVault } from './safe-storage-vault';
import { createAgendaTray } from './tray';

// All three must happen before the app is ready.
registerAppScheme();
const primaryInstance = app.requestSingleInstanceLock();
/** Links that arrive before the core is up wait here. */
const waitingLinks: string[] = [];
if (primaryInstance) {
  registerDeepLinks((link) => openLink(link));
  const initial = deepLinkInArgs(process.argv);
  if (initial) waitingLinks.push(initial);
}

/** Built files sit in the app folder (or app.asar) next to package.json, whatever the working directory. */
const appFile = (...parts: string[]): string => join(app.getAppPath(), ...parts);

let core: Core | undefined;
let mainWindow: BrowserWindow | undefined;
let windowState: WindowStateStore | undefined;
const stops: (() => void)[] = [];

function showMainWindow(): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.show();
    mainWindow.focus();
    return;
  }
  void openMainWindow();
}

async function openMainWindow(): Promise<void> {
  windowState ??= new WindowStateStore(join(app.getPath('userData'), 'window-state.json'));
  const window = createMainWindow(appFile('dist', 'electron', 'preload.cjs'), appEntryUrl, await windowState.load());
  mainWindow = window;
  rememberWindowState(window, windowState);
  // Polling is quick while Atrium has focus, slow while it has not.
  window.on('focus', () => core?.sync?.setFocused(true));
  window.on('blur', () => core?.sync?.setFocused(false));
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
}

/** An `atrium://` link: the window comes forward and the renderer is told where to go. */
function openLink(link: string): void {
  if (!core) {
    waitingLinks.push(link);
    return;
  }
  if (core.openDeepLink(link)) showMainWindow();
}

async function start(): Promise<void> {
  await app.whenReady();
  const denyAll = session.defaultSession;
  denyAll.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  denyAll.setPermissionCheckHandler(() => false);
  serveAppScheme(appFile('dist', 'renderer'));

  const vault = new SafeStorageVault(join(app.getPath('userData'), 'vault.json'));
  core = await createCore({
    userDataDir: app.getPath('userData'),
    vault,
    host: 'electron',
    version: app.getVersion(),
    // Sign-in happens in the system browser (RFC 8252), never in a window of the app.
    openExternal: openExternally,
    // Downloads are streamed by the core straight to where the user chooses to save them.
    chooseSavePath: saveDialogChooser(() => mainWindow),
  });
  stops.push(bridgeCoreToWindows(core));
  showMainWindow();
  stops.push(createAgendaTray(core, showMainWindow, () => app.quit()));
  stops.push(showReminderNotifications(core, showMainWindow));
  for (const link of waitingLinks.splice(0)) openLink(link);

  if (core.vaultWarning) {
    void dialog.showMessageBox({
      type: 'warning',
      title: 'Atrium',
      message: 'Secrets are not saved on this computer',
      detail: core.vaultWarning,
    });
  }
}

if (!primaryInstance) {
  app.quit();
} else {
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkInArgs(argv);
    if (link) openLink(link);
    else showMainWindow();
  });
  app.on('web-contents-created', (_event, contents) => lockDownWebContents(contents));
  // The tray keeps Atrium running (reminders still come) after its window is closed.
  app.on('window-all-closed', () => {});
  app.on('activate', () => {
    if (core) showMainWindow();
  });

  let shutDown = false;
  app.on('before-quit', (event) => {
    if (shutDown || !core) return;
    // Close the embedded service (its database and notification delivery) before the process ends.
    event.preventDefault();
    shutDown = true;
    for (const stop of stops.splice(0)) stop();
    // Channels are stopped at the services here too, so nothing keeps notifying an address nobody answers.
    void core.close().finally(() => app.quit());
  });

  start().catch((error: unknown) => {
    dialog.showErrorBox(
      'Atrium could not start',
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
    app.exit(1);
  });
}
