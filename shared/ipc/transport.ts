import type { IpcEvent, IpcReply } from './contract';

/**
 * What a client needs from whatever carries the contract: one call answered by one envelope, and
 * events the host pushes. The Electron preload bridge (`window.atrium`) has exactly this shape; the
 * WebSocket transport builds it from framed messages with request ids (see ./framed-client).
 */
export interface IpcTransport {
  invoke(method: string, input: unknown): Promise<IpcReply<unknown>>;
  onEvent(listener: (event: IpcEvent) => void): () => void;
}

/** Name of the single Electron IPC channel carrying calls, and of the one carrying pushed events. */
export const electronCallChannel = 'atrium:call';
export const electronEventChannel = 'atrium:event';
