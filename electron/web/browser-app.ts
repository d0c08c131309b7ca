import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { create as contentDisposition } from 'content-disposition';
import { createCore } from '../core/core';
import type { ChangeWatchOptions, ExtraUser } from '../core/core';
import type { AppConfigInput } from '../core/config';
import { downloadLinkPrefix, downloadTicketPattern } from '../core/downloads';
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
  /** Download links: how long one can be opened, how many may wait, and the clock (tests). */
  readonly downloadLinks?: { readonly lifetimeMs?: number; readonly max?: number; readonly now?: () => number };
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
    ...(options.downloadLinks ? { downloadLinks: options.downloadLinks } : {}),
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

  /**
   * `GET /downloads/<ticket>`: redeems a link `files.download` issued and streams the content as an
   * attachment. The ticket is spent on first use; a client that goes away stops the upstream request.
   * The content was already asked for when the link was issued, so its errors reached the app then.
   */
  async function serveDownload(res: ServerResponse, ticket: string): Promise<void> {
    const upstream = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) upstream.abort();
    });
    const opened = downloadTicketPattern.test(ticket) ? await core.downloads.open(ticket, upstream.signal) : null;
    if (!opened) {
      res
        .writeHead(404, { ...state.headers, ...plain, 'cache-control': 'no-store' })
        .end('This download link is unknown, expired or already used. Start the download again.\n');
      return;
    }
    if (res.destroyed) {
      await opened.body.cancel().catch(() => undefined);
      return;
    }
    res.writeHead(200, {
      ...state.headers,
      'content-type': opened.contentType,
      ...(opened.contentLength !== undefined ? { 'content-length': String(opened.contentLength) } : {}),
      'content-disposition': contentDisposition(opened.fileName),
      'cache-control': 'no-store',
    });
    try {
      // The same stream object; only its type differs where DOM typings are loaded too (e2e tools).
      await pipeline(Readable.fromWeb(opened.body as NodeReadableStream<Uint8Array>), res);
    } catch {
      // The client left or the upstream broke off: either way this answer cannot be completed.
      upstream.abort();
      res.destroy();
    }
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
    if (url.pathname.startsWith(downloadLinkPrefix)) {
      // Reading a link spends it, so only a real GET may.
      if (req.method !== 'GET') {
        res.writeHead(405, { ...state.headers, ...plain, allow: 'GET' }).end('Method not allowed\n');
        return;
      }
      serveDownload(res, url.pathname.slice(downloadLinkPrefix.length)).catch(() => res.destroy());
      return;
    }
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
    get serviceUrl() {
      return core.serviceUrl;
    },
    localUser: core.localUser,
    close() {
      closing ??= (async () => {
        // Links nobody opened hold content requests the service would otherwise wait on.
        core.downloads.discardLinks();
        await sockets.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await core.close();
      })();
      return closing;
    },
  };
}
