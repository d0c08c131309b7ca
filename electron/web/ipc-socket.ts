import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { IpcEvent } from '../../shared/ipc/contract';
import type { IpcDispatcher } from '../../shared/ipc/dispatcher';
import { serveFramedConnection } from '../../shared/ipc/framed-host';

/** Largest frame accepted: an upload of 64 MB arrives base64-encoded inside JSON. */
export const maxFrameBytes = 80 * 1024 * 1024;

export interface IpcSocketOptions {
  readonly dispatcher: IpcDispatcher;
  readonly subscribe: (listener: (event: IpcEvent) => void) => () => void;
  readonly maxPayload?: number;
}

/** Carries the IPC contract over WebSockets: one framed connection per socket, core events to all. */
export class IpcSocketServer {
  private readonly wss: WebSocketServer;

  constructor(private readonly options: IpcSocketOptions) {
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.maxPayload ?? maxFrameBytes,
      perMessageDeflate: false,
    });
    this.wss.on('connection', (socket: WebSocket) => this.serve(socket));
  }

  /** Takes over an upgrade the caller has already authorised. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private serve(socket: WebSocket): void {
    const send = (frame: string): void => {
      if (socket.readyState === socket.OPEN) socket.send(frame);
    };
    const connection = serveFramedConnection(this.options.dispatcher, send, { caller: 'websocket' });
    const unsubscribe = this.options.subscribe((event) => connection.pushEvent(event));
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        socket.close(1003, 'text frames only');
        return;
      }
      void connection.receive(rawText(data));
    });
    socket.on('close', unsubscribe);
    socket.on('error', () => socket.terminate());
  }
}

function rawText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}
