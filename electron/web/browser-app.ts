import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createCore } from '../core/core';
import type { ChangeWatchOptions, ExtraUser } from '../core/core';
import type { AppConfigInput } from '../core/config';
import { openNodeVault } from '../core/keyring-vault';
import type { Vault } from '../core/vault';
import { contentSecurityPolicy, securityHeaders } from './content-security-policy';
import { IpcSocketServer } from './ipc-socket';
import { resolveRendererFile } from './renderer-files';
import { RequestGuard } from './request-guard';
import { defaultRendererDir, readAppVersion } from './app-files';

export interface BrowserAppOptions {
  /** Folder for the app's data (the embedded service keeps its database under it). */
  readonly dataDir: string;
  /** 0 or absent: any free port. */
  readonly port?: number;
  /** The built renderer; default `dist/renderer` of the app. */
  readonly rendererDir?: string;
  readonly extraUsers?: readonly ExtraUser[];
  /** The local account's calendar time zone on first run; the machine's zone by default. */
  readonly timeZone?: string;
  /** Default: the OS keyring when one answers, else memory only (and the page shows a warning). */
  readonly vault?: Vault;
  /** Default: `<dataDir>/config.json` and the environment. */
  readonly config?: AppConfigInput;
  readonly changeWatch?: ChangeWatchOptions | false;
  /** Largest WebSocket frame accepted, in bytes. */
  readonly maxFrameBytes?: number;
  readonly log?: (message: string) => void;
}

export interface BrowserApp {
  /** The page address including the per-launch secret: open exactly this. */
  readonly url: string;
  readonly origin: string;
  readonly serviceUrl: string;
  readonly localUser: { readonly email: string; readonly token: string };
  close(): Promise<void>;
}

const plain = { 'content-type': 'text/plain; charset=utf-8' };

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * Atrium in a browser: the built renderer and the IPC contract (WebSocket at `/ipc`) on
 * 127.0.0.1, for `npm start` without Electron and for end-to-end tests.
 */
export async function startBrowserApp(options: BrowserAppOptions): Promise<BrowserApp> {
  const rendererDir = options.rendererDir ?? defaultRendererDir();
  const core = await createCore({
    userDataDir: options.dataDir,
    vault: options.vault ?? (await openNodeVault(options.dataDir)),
    host: 'browser',
    version: readAppVersion(),
    ...(options.config !== undefined ? { config: options.config } : {}),
    ...(options.extraUsers ? { extraUsers: options.extraUsers } : {}),
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    ...(options.changeWatch !== undefined ? { changeWatch: options.changeWatch } : {}),
    ...(options.log ? { log: options.log } : {}),
  });

  // Both depend on the port, known only once listening; until then every request is refused.
  const state: { guard?: RequestGuard; headers: Record<string, string> } = { headers: {} };
  const sockets = new IpcSocketServer({
    dispatcher: core.dispatcher,
    subscribe: (listener) => core.onEvent(listener),
    ...(options.maxFrameBytes ? { maxPayload: options.maxFrameBytes } : {}),
  });

  async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const file = await resolveRendererFile(rendererDir, url.pathname);
    if (!file) {
      const built = await resolveRendererFile(rendererDir, '/');
      if (!built) {
        res
          .writeHead(503, { ...state.headers, ...plain })
          .end(`The renderer is not built (no index.html in ${rendererDir}). Run npm run build.\n`);
        return;
      }
      res.writeHead(404, { ...state.headers, ...plain }).end('Not found\n');
      return;
    }
    res.writeHead(200, {
      ...state.headers,
      'content-type': file.contentType,
      'content-length': String(file.size),
      'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-store',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file.path)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  const server = createServer((req, res) => {
    const gate = state.guard;
    if (!gate || !gate.hostAllowed(req)) {
      res.writeHead(403, { ...plain, connection: 'close' }).end('Forbidden\n');
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (!gate.secretValid(req, url)) {
      res
        .writeHead(403, { ...state.headers, ...plain })
        .end('Open Atrium with the address it printed when it started.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...state.headers, ...plain, allow: 'GET, HEAD' }).end('Method not allowed\n');
      return;
    }
    if (gate.querySecretValid(url)) res.setHeader('set-cookie', gate.secretCookie());
    serveStatic(req, res, url).catch(() => {
      if (!res.headersSent) res.writeHead(500, { ...state.headers, ...plain }).end('Internal error\n');
      else res.destroy();
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const gate = state.guard;
    if (!gate || !gate.hostAllowed(req) || !gate.originAllowed(req)) return refuseUpgrade(socket, 403, 'Forbidden');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname !== '/ipc') return refuseUpgrade(socket, 404, 'Not Found');
    if (!gate.secretValid(req, url)) return refuseUpgrade(socket, 403, 'Forbidden');
    sockets.accept(req, socket, head);
  });

  let port: number;
  try {
    port = await listen(server, options.port ?? 0);
  } catch (error) {
    await core.close();
    throw error;
  }
  const guard = new RequestGuard(port);
  state.guard = guard;
  const origin = `http://127.0.0.1:${port}`;
  state.headers = securityHeaders(contentSecurityPolicy([`ws://127.0.0.1:${port}`, `ws://localhost:${port}`]));

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?secret=${guard.secret}`,
    origin,
    serviceUrl: core.serviceUrl,
    localUser: core.localUser,
    close() {
      closing ??= (async () => {
        await sockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await core.close();
      })();
      return closing;
    },
  };
}
