import { contextBridge, ipcRenderer } from 'electron';
import type { IpcEvent } from '../../shared/ipc/contract';
import { electronCallChannel, electronEventChannel } from '../../shared/ipc/transport';
import type { IpcTransport } from '../../shared/ipc/transport';

/*
 * The page gets exactly this: call a contract method, listen to pushed events. It never sees
 * ipcRenderer, so it cannot reach any other channel.
 */
const listeners = new Set<(event: IpcEvent) => void>();

ipcRenderer.on(electronEventChannel, (_event, payload: IpcEvent) => {
  for (const listener of [...listeners]) listener(payload);
});

const bridge: IpcTransport = {
  invoke(method, input) {
    if (typeof method !== 'string') return Promise.reject(new TypeError('method must be a string'));
    return ipcRenderer.invoke(electronCallChannel, method, input);
  },
  onEvent(listener) {
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

contextBridge.exposeInMainWorld('atrium', bridge);
