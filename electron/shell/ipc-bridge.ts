import { BrowserWindow, ipcMain } from 'electron';
import type { WebFrameMain } from 'electron';
import { electronCallChannel, electronEventChannel } from '../../shared/ipc/transport';
import type { Core } from '../core/core';
import { appOrigin } from './app-protocol';

/** Only the app's own page, served from app://atrium, may call the core. */
function isAppFrame(frame: WebFrameMain | null | undefined): boolean {
  if (!frame) return false;
  try {
    return new URL(frame.url).origin === appOrigin;
  } catch {
    return false;
  }
}

/** Carries the contract on one IPC channel and pushes the core's events to every window. */
export function bridgeCoreToWindows(core: Core): () => void {
  ipcMain.handle(electronCallChannel, async (event, method: unknown, input: unknown) => {
    if (!isAppFrame(event.senderFrame)) {
      return { ok: false, error: { code: 'forbidden', message: 'Calls are accepted only from the Atrium window.' } };
    }
    return core.dispatcher.dispatch(typeof method === 'string' ? method : '', input, { caller: 'window' });
  });
  const unsubscribe = core.onEvent((event) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed() && isAppFrame(window.webContents.mainFrame))
        window.webContents.send(electronEventChannel, event);
    }
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler(electronCallChannel);
  };
}
