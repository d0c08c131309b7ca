import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { WebSocket } from 'ws';
import { MemoryVault } from '../../core/vault';
import { startBrowserApp } from '../browser-app';
import type { BrowserApp, BrowserAppOptions } from '../browser-app';

/**
 * The browser host as its tests see it from outside: started on a free port over a scratch folder
 * with a stand-in renderer, a memory vault and no change watching, with raw HTTP and WebSocket
 * access that sends exactly the headers a test names.
 */
export interface TestBrowserHost {
  readonly app: BrowserApp;
  /** The scratch folder; the app's data is in `data/` under it, the renderer in `renderer/`. */
  readonly dir: string;
  readonly port: number;
  /** The per-launch secret from the page address. */
  readonly secret: string;
  /** The page's own origin, as a browser on it sends it. */
  readonly origin: string;
  /** The Cookie header of a page that was opened with the secret. */
  cookie(): Record<string, string>;
  /** A raw request (Host is the loopback address unless `headers` names another). */
  get(path: string, headers?: Record<string, string>, method?: string): Promise<RawAnswer>;
  /** A WebSocket to `path`; rejects with `refused with <status>` when the upgrade is refused. */
  openSocket(path: string, headers?: Record<string, string>): Promise<WebSocket>;
  /** Closes the app and removes the scratch folder. */
  close(): Promise<void>;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The body as UTF-8. */
  readonly text: string;
}

export interface TestBrowserHostOptions {
  /** Names the scratch folder. */
  readonly name: string;
  /** The built renderer's files by path; default: an index.html only. */
  readonly rendererFiles?: Readonly<Record<string, string>>;
  readonly app?: Omit<Partial<BrowserAppOptions>, 'dataDir' | 'rendererDir'>;
}

export const standInIndexHtml = '<!doctype html><title>Atrium</title>';

export async function startTestBrowserHost(options: TestBrowserHostOptions): Promise<TestBrowserHost> {
  const dir = await mkdtemp(join(tmpdir(), `atrium-${options.name}-`));
  let app: BrowserApp;
  try {
    const rendererDir = join(dir, 'renderer');
    const files = options.rendererFiles ?? { 'index.html': standInIndexHtml };
    await mkdir(rendererDir, { recursive: true });
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(rendererDir, path)), { recursive: true });
      await writeFile(join(rendererDir, path), content);
    }
    app = await startBrowserApp({
      vault: new MemoryVault(),
      changeWatch: false,
      config: {},
      ...options.app,
      dataDir: join(dir, 'data'),
      rendererDir,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const url = new URL(app.url);
  const port = Number(url.port);
  const secret = url.searchParams.get('secret') ?? '';

  return {
    app,
    dir,
    port,
    secret,
    origin: `http://127.0.0.1:${port}`,
    cookie: () => ({ cookie: `atrium_secret_${port}=${secret}` }),
    get: (path, headers = {}, method = 'GET') =>
      new Promise((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const body = Buffer.concat(chunks);
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end();
      }),
    openSocket: (path, headers = {}) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
        ws.once('open', () => resolve(ws));
        ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
        ws.once('error', reject);
      }),
    async close() {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A reply envelope as it arrives over the socket. */
export interface SocketReply {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string; location?: string; status?: number };
}

let nextCallId = 1;

/** One IPC call over an open socket, answered by the reply frame carrying its id. */
export function callOverSocket(ws: WebSocket, method: string, input: unknown): Promise<SocketReply> {
  const id = nextCallId++;
  return new Promise((resolve) => {
    const onMessage = (data: Buffer): void => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string; id?: number; reply?: SocketReply };
      if (frame.type === 'reply' && frame.id === id && frame.reply) {
        ws.off('message', onMessage);
        resolve(frame.reply);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, method, input }));
  });
}
