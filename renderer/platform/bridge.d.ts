import type { IpcTransport } from '../../shared/ipc/transport';

declare global {
  interface Window {
    /**
     * The Electron preload's bridge: calls answered with envelopes, and pushed events. Absent when
     * the renderer runs in a plain browser against the browser host.
     */
    readonly atrium?: IpcTransport;
  }
}

export {};
