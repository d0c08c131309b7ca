import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserApp } from './browser-app';
import { callOverSocket, startTestBrowserHost } from './testing/browser-host';
import type { TestBrowserHost } from './testing/browser-host';

let host: TestBrowserHost;
let app: BrowserApp;
let port: number;
let secret: string;

const indexHtml =
  '<!doctype html><html><head><script type="module" src="./assets/app-1a2b.js"></script></head><body>Atrium</body></html>';

beforeAll(async () => {
  host = await startTestBrowserHost({
    name: 'web',
    rendererFiles: { 'index.html': indexHtml, 'assets/app-1a2b.js': 'console.log("atrium");\n' },
  });
  await writeFile(join(host.dir, 'outside.txt'), 'must not be served');
  ({ app, port, secret } = host);
});

afterAll(async () => {
  await host?.close();
});

describe('browser host: static files', () => {
  it('prints a loopback URL carrying a 32-byte secret', () => {
    expect(app.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[A-Za-z0-9_-]{43}$/);
    expect(app.origin).toBe(`http://127.0.0.1:${port}`);
    expect(app.localUser.email).toBe('me@atrium.local');
  });

  it('refuses requests without the secret', async () => {
    expect((await host.get('/')).status).toBe(403);
    expect((await host.get('/assets/app-1a2b.js')).status).toBe(403);
    expect((await host.get('/?secret=wrong')).status).toBe(403);
    expect((await host.get('/', { cookie: `atrium_secret_${port}=wrong` })).status).toBe(403);
  });

  it('serves the page with the secret in the query and sets an HttpOnly, SameSite=Strict cookie with a strict CSP', async () => {
    const answer = await host.get(`/?secret=${secret}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(indexHtml);
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
    const answer = await host.get('/assets/app-1a2b.js', host.cookie());
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toContain('immutable');
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('answers index.html for app routes and 404 for missing files', async () => {
    const route = await host.get('/calendar/week', host.cookie());
    expect(route.status).toBe(200);
    expect(route.text).toBe(indexHtml);
    expect((await host.get('/assets/missing.js', host.cookie())).status).toBe(404);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/..%5coutside.txt',
    ]) {
      const answer = await host.get(path, host.cookie());
      expect(answer.text).not.toContain('must not be served');
    }
  });

  it('refuses foreign Host headers even with the secret (DNS rebinding)', async () => {
    expect((await host.get(`/?secret=${secret}`, { host: `evil.example:${port}` })).status).toBe(403);
    expect((await host.get(`/?secret=${secret}`, { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await host.get(`/?secret=${secret}`, { host: `localhost:${port}` })).status).toBe(200);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await host.get('/', host.cookie(), 'POST')).status).toBe(405);
    const head = await host.get('/', host.cookie(), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
  });
});

describe('browser host: IPC over WebSocket', () => {
  it('refuses upgrades without the secret, with a foreign Origin or Host, or on another path', async () => {
    await expect(host.openSocket('/ipc')).rejects.toThrow('refused with 403');
    await expect(host.openSocket('/ipc?secret=nope')).rejects.toThrow('refused with 403');
    await expect(host.openSocket(`/ipc?secret=${secret}`, { origin: 'http://evil.example' })).rejects.toThrow(
      'refused with 403',
    );
    await expect(host.openSocket(`/ipc?secret=${secret}`, { origin: `http://127.0.0.1:${port + 1}` })).rejects.toThrow(
      'refused with 403',
    );
    await expect(host.openSocket(`/ipc?secret=${secret}`, { host: `evil.example:${port}` })).rejects.toThrow(
      'refused with 403',
    );
    await expect(host.openSocket(`/other?secret=${secret}`)).rejects.toThrow('refused with 404');
  });

  it('accepts the page origin with the secret in the query or the cookie', async () => {
    const byQuery = await host.openSocket(`/ipc?secret=${secret}`, { origin: `http://127.0.0.1:${port}` });
    const byCookie = await host.openSocket('/ipc', { origin: `http://localhost:${port}`, ...host.cookie() });
    byQuery.close();
    byCookie.close();
  });

  it('round-trips api.call to the embedded service and reports errors as envelopes', async () => {
    const ws = await host.openSocket(`/ipc?secret=${secret}`, { origin: `http://127.0.0.1:${port}` });
    try {
      const info = await callOverSocket(ws, 'app.info', {});
      expect(info).toMatchObject({ ok: true, value: { host: 'browser' } });
      const created = await callOverSocket(ws, 'api.call', {
        operation: 'TasksTasklistsInsert',
        body: { title: 'Over the wire' },
      });
      expect(created).toMatchObject({ ok: true, value: { title: 'Over the wire' } });
      const listed = await callOverSocket(ws, 'api.call', { operation: 'TasksTasklistsList', params: {} });
      expect((listed.value as { items: { title: string }[] }).items.map((l) => l.title)).toContain('Over the wire');
      expect(await callOverSocket(ws, 'no.such', {})).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
      expect(await callOverSocket(ws, 'api.call', { operation: 'Nope' })).toMatchObject({
        ok: false,
        error: { code: 'invalidInput' },
      });
    } finally {
      ws.close();
    }
  });

  it('closes a connection that sends a frame over the size limit (80 MB)', async () => {
    const ws = await host.openSocket(`/ipc?secret=${secret}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => {});
    ws.send(Buffer.alloc(80 * 1024 * 1024 + 1, 0x61).toString('latin1'));
    expect(await closed).toBe(1009);
  });
});
