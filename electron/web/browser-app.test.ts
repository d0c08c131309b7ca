import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MemoryVault } from '../core/vault';
import { startBrowserApp } from './browser-app';
import type { BrowserApp } from './browser-app';

let dir: string;
let app: BrowserApp;
let port: number;
let secret: string;

const indexHtml =
  '<!doctype html><html><head><script type="module" src="./assets/app-1a2b.js"></script></head><body>Atrium</body></html>';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-web-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), indexHtml);
  await writeFile(join(rendererDir, 'assets', 'app-1a2b.js'), 'console.log("atrium");\n');
  await writeFile(join(dir, 'outside.txt'), 'must not be served');
  app = await startBrowserApp({
    dataDir: join(dir, 'data'),
    rendererDir,
    changeWatch: false,
    vault: new MemoryVault(),
    config: {},
  });
  const url = new URL(app.url);
  port = Number(url.port);
  secret = url.searchParams.get('secret') ?? '';
});

afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A raw request, so Host and Cookie headers are exactly what the test says. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const cookie = (): Record<string, string> => ({ cookie: `atrium_secret_${port}=${secret}` });

function openSocket(path: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

let nextId = 1;
function callOver(
  ws: WebSocket,
  method: string,
  input: unknown,
): Promise<{ ok: boolean; value?: unknown; error?: { code: string } }> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: Buffer): void => {
      const frame = JSON.parse(data.toString('utf8')) as { type: string; id?: number; reply?: { ok: boolean } };
      if (frame.type === 'reply' && frame.id === id) {
        ws.off('message', onMessage);
        resolve(frame.reply as { ok: boolean });
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, method, input }));
  });
}

describe('browser host: static files', () => {
  it('prints a loopback URL carrying a 32-byte secret', () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[A-Za-z0-9_-]{43}$/);
    expect(app.origin).toBe(`http://127.0.0.1:${port}`);
    expect(app.localUser.email).toBe('me@atrium.local');
  });

  it('refuses requests without the secret', async () => {
    expect((await get('/')).status).toBe(403);
    expect((await get('/assets/app-1a2b.js')).status).toBe(403);
    expect((await get('/?secret=wrong')).status).toBe(403);
    expect((await get('/', { cookie: `atrium_secret_${port}=wrong` })).status).toBe(403);
  });

  it('serves the page with the secret in the query and sets an HttpOnly, SameSite=Strict cookie with a strict CSP', async () => {
    const answer = await get(`/?secret=${secret}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toBe(indexHtml);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    const setCookie = answer.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toContain(`atrium_secret_${port}=${secret}`);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`ws://127.0.0.1:${port}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their content type to a request carrying the cookie', async () => {
    const answer = await get('/assets/app-1a2b.js', cookie());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('answers index.html for app routes and 404 for missing files', async () => {
    const route = await get('/calendar/week', cookie());
    expect(route.status).toBe(200);
    expect(route.body).toBe(indexHtml);
    expect((await get('/assets/missing.js', cookie())).status).toBe(404);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/..%5coutside.txt',
    ]) {
      const answer = await get(path, cookie());
      expect(answer.body).not.toContain('must not be served');
    }
  });

  it('refuses foreign Host headers even with the secret (DNS rebinding)', async () => {
    expect((await get(`/?secret=${secret}`, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await get(`/?secret=${secret}`, { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await get(`/?secret=${secret}`, { host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get('/', cookie(), 'POST')).status).toBe(405);
    const head = await get('/', cookie(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('browser host: IPC over WebSocket', () => {
  it('refuses upgrades without the secret, with a foreign Origin or Host, or on another path', async () => {
    await expect(openSocket('/ipc')).rejects.toThrow('refused with 403');
    await expect(openSocket('/ipc?secret=nope')).rejects.toThrow('refused with 403');
    await expect(openSocket(`/ipc?secret=${secret}`, { origin: 'http://evil.example' })).rejects.toThrow(
      'refused with 403',
    );
    await expect(openSocket(`/ipc?secret=${secret}`, { origin: `http://127.0.0.1:${port + 1}` })).rejects.toThrow(
      'refused with 403',
    );
    await expect(openSocket(`/ipc?secret=${secret}`, { host: `evil.example:${port}` })).rejects.toThrow(
      'refused with 403',
    );
    await expect(openSocket(`/other?secret=${secret}`)).rejects.toThrow('refused with 404');
  });

  it('accepts the page origin with the secret in the query or the cookie', async () => {
    const byQuery = await openSocket(`/ipc?secret=${secret}`, { origin: `http://127.0.0.1:${port}` });
    const byCookie = await openSocket('/ipc', { origin: `http://localhost:${port}`, ...cookie() });
    byQuery.close();
    byCookie.close();
  });

  it('round-trips api.call to the embedded service and reports errors as envelopes', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`, { origin: `http://127.0.0.1:${port}` });
    try {
      const info = await callOver(ws, 'app.info', {});
      expect(info).toMatchObject({ ok: true, value: { host: 'browser' } });
      const created = await callOver(ws, 'api.call', {
        operation: 'TasksTasklistsInsert',
        body: { title: 'Over the wire' },
      });
      expect(created).toMatchObject({ ok: true, value: { title: 'Over the wire' } });
      const listed = await callOver(ws, 'api.call', { operation: 'TasksTasklistsList', params: {} });
      expect((listed.value as { items: { title: string }[] }).items.map((l) => l.title)).toContain('Over the wire');
      expect(await callOver(ws, 'no.such', {})).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
      expect(await callOver(ws, 'api.call', { operation: 'Nope' })).toMatchObject({
        ok: false,
        error: { code: 'invalidInput' },
      });
    } finally {
      ws.close();
    }
  });

  it('closes a connection that sends a frame over the size limit (80 MB)', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => {});
    ws.send(Buffer.alloc(80 * 1024 * 1024 + 1, 0x61).toString('latin1'));
    expect(await closed).toBe(1009);
  });
});
