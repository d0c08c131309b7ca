import { createIpcClient } from '../../shared/ipc/client';
import type { IpcClient } from '../../shared/ipc/client';
import type { IpcTransport } from '../../shared/ipc/transport';
import { ipcSocketUrl, takePageSecret } from './page-secret';
import { createWebSocketTransport } from './websocket-transport';
import type { WebSocketTransport } from './websocket-transport';

export { IpcCallError } from '../../shared/ipc/errors';
export type { IpcInput, IpcOutput } from '../../shared/ipc/contract';

let socketTransport: WebSocketTransport | undefined;
let chosen: IpcTransport | undefined;

/** The Electron bridge when the preload provided one, else a WebSocket to the browser host. */
function transport(): IpcTransport {
  if (chosen) return chosen;
  if (window.atrium) {
    chosen = window.atrium;
    return chosen;
  }
  const secret = takePageSecret({ location: window.location, history: window.history, storage: window.sessionStorage });
  socketTransport = createWebSocketTransport({ url: () => ipcSocketUrl(window.location.href, secret) });
  chosen = socketTransport;
  return chosen;
}

/** The renderer's one way to the main-process core: typed calls and pushed events. */
export const ipc: IpcClient = createIpcClient({
  invoke: (method, input) => transport().invoke(method, input),
  onEvent: (listener) => transport().onEvent(listener),
});

/**
 * Connection changes of the browser host's socket (after a reconnect, data may have changed
 * unseen and should be fetched again). Inside Electron the bridge never disconnects and this never fires.
 */
export function onHostConnectionChange(listener: (connected: boolean) => void): () => void {
  transport();
  return socketTransport ? socketTransport.onConnectionChange(listener) : () => {};
}
