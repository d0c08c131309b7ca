import { BrowserWindow, screen, shell } from 'electron';
import type { WebContents } from 'electron';
import { fitToDisplays } from '../core/window-state';
import type { WindowState, WindowStateStore } from '../core/window-state';
import { appOrigin } from './app-protocol';

function isAppUrl(url: string): boolean {
  try {
    return new URL(url).origin === appOrigin;
  } catch {
    return false;
  }
}

/** http(s) links leave the app for the system browser; nothing else is opened at all. */
export function openExternally(url: string): Promise<boolean> {
  try {
    const { protocol } = new URL(url);
    if (protocol === 'https:' || protocol === 'http:') return shell.openExternal(url).then(() => true);
  } catch {
    // Not a URL: nothing to open.
  }
  return Promise.resolve(false);
}

/** No web contents may navigate away from the app, open windows or embed webviews. */
export function lockDownWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    void openExternally(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    void openExternally(url);
    return { action: 'deny' };
  });
}

const defaultSize = { width: 1280, height: 820 };
/** The smallest window the layout is checked at (sidebar as a menu button, panels as drawers). */
const minSize = { width: 800, height: 600 };

export function createMainWindow(preloadPath: string, entryUrl: string, remembered?: WindowState): BrowserWindow {
  const state = remembered
    ? fitToDisplays(
        remembered,
        screen.getAllDisplays().map((display) => display.workArea),
      )
    : undefined;
  const window = new BrowserWindow({
    width: state?.width ?? defaultSize.width,
    height: state?.height ?? defaultSize.height,
    ...(state?.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    minWidth: minSize.width,
    minHeight: minSize.height,
    show: false,
    title: 'Atrium',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click must not open links in new windows.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  window.once('ready-to-show', () => {
    if (state?.maximized) window.maximize();
    if (state?.fullScreen) window.setFullScreen(true);
    window.show();
  });
  void window.loadURL(entryUrl);
  return window;
}

/** Saves where the window is and how big, shortly after it stops moving, and when it closes. */
export function rememberWindowState(window: BrowserWindow, store: WindowStateStore): void {
  let timer: NodeJS.Timeout | undefined;
  const save = (): void => {
    clearTimeout(timer);
    if (window.isDestroyed()) return;
    // The normal bounds, so a maximised window comes back maximised over its old place.
    const bounds = window.getNormalBounds();
    void store.save({ ...bounds, maximized: window.isMaximized(), fullScreen: window.isFullScreen() }).catch(() => {});
  };
  const soon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen'] as const) {
    window.on(event as 'resize', soon);
  }
  window.on('close', save);
}
