import { request } from 'node:http';
import { parse as parseContentDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { BrowserApp } from './browser-app';
import { callOverSocket, startTestBrowserHost } from './testing/browser-host';
import type { SocketReply, TestBrowserHost } from './testing/browser-host';

/*
 * Downloads in the browser host: `files.download` over the page's WebSocket asks the service for
 * the content and answers a link (or the service's error), and `GET <link>` streams that content
 * as an attachment, once, shortly, and only with the secret.
 */
let host: TestBrowserHost;
let app: BrowserApp;
let ws: WebSocket;
/** The download links' clock: tests move it forward to expire links. */
let clock = 1_700_000_000_000;

const binary = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => (i * 2654435761) >>> 24));
let binaryId: string;
/** Requests the core sent for content, with their abort signals (the core's fetch is the global one). */
const contentRequests: { url: string; signal: AbortSignal | undefined }[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('alt=media')) contentRequests.push({ url, signal: init?.signal ?? undefined });
    return realFetch(input, init);
  };
  host = await startTestBrowserHost({
    name: 'web-downloads',
    app: { downloadLinks: { lifetimeMs: 60_000, now: () => clock } },
  });
  app = host.app;
  ws = await host.openSocket(`/ipc?secret=${host.secret}`, { origin: host.origin });
  binaryId = (await createFile({ name: 'data.bin', mimeType: 'application/octet-stream' }, binary)).id;
});

afterAll(async () => {
  ws?.close();
  await host?.close();
  globalThis.fetch = realFetch;
});

/** A file on the embedded service, uploaded as the local user. */
async function createFile(
  metadata: Record<string, unknown>,
  content: Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = 'test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(metadata)}\r\n` +
        `--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${app.serviceUrl}/upload/drive/v3/files?uploadType=multipart`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${app.localUser.token}`,
      'content-type': `multipart/related; boundary=${boundary}`,
    },
    body,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { id: string };
}

const call = (method: string, input: unknown): Promise<SocketReply> => callOverSocket(ws, method, input);

/** `files.download` over the page's socket; answers the link it issued. */
async function linkFor(input: Record<string, unknown>): Promise<string> {
  const reply = await call('files.download', input);
  expect(reply).toMatchObject({ ok: true, value: { kind: 'link' } });
  return (reply.value as { url: string }).url;
}

/** A request as the page sends it: with the secret's cookie unless `headers` says otherwise. */
const get = (path: string, headers: Record<string, string> = host.cookie(), method = 'GET') =>
  host.get(path, headers, method);

describe('browser host downloads', () => {
  it('streams a file through a single-use link as an attachment with its name, type and length', async () => {
    const name = 'Q1 "final" — résumé.bin';
    const link = await linkFor({ fileId: binaryId, fileName: name });
    expect(link).toMatch(/^\/downloads\/[A-Za-z0-9_-]{43}$/);

    const answer = await get(link);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(binary)).toBe(true);
    expect(answer.headers['content-type']).toMatch(/^application\/octet-stream/);
    expect(answer.headers['content-length']).toBe(String(binary.length));
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(answer.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename=".*"; filename\*=UTF-8''Q1%20%22final%22/);
    const parsed = parseContentDisposition(disposition);
    expect(parsed.type).toBe('attachment');
    expect(parsed.parameters.filename).toBe(name);

    const again = await get(link);
    expect(again.status).toBe(404);
    expect(again.headers['content-type']).toMatch(/^text\/plain/);
    expect(again.body.toString()).toMatch(/unknown, expired or already used/);
  });

  it('serves an earlier revision and an export through links', async () => {
    const file = await createFile(
      { name: 'notes.txt', mimeType: 'text/plain' },
      Buffer.from('first words'),
      'text/plain',
    );
    await fetch(`${app.serviceUrl}/upload/drive/v3/files/${file.id}?uploadType=media`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${app.localUser.token}`, 'content-type': 'text/plain' },
      body: 'second words',
    });
    const revisions = (await (
      await fetch(`${app.serviceUrl}/drive/v3/files/${file.id}/revisions`, {
        headers: { authorization: `Bearer ${app.localUser.token}` },
      })
    ).json()) as { revisions: { id: string }[] };
    const revision = await get(
      await linkFor({ fileId: file.id, revisionId: revisions.revisions[0]!.id, fileName: 'notes.txt' }),
    );
    expect(revision.body.toString()).toBe('first words');

    const doc = await createFile(
      { name: 'Memo', mimeType: 'application/vnd.google-apps.document' },
      Buffer.from('<h1>Memo</h1><p>Tea at four</p>'),
      'text/html',
    );
    const exported = await get(await linkFor({ fileId: doc.id, exportMimeType: 'text/plain', fileName: 'Memo.txt' }));
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/plain/);
    expect(exported.body.toString()).toBe('Memo\nTea at four');
  });

  it('checks the secret before the link is spent', async () => {
    const link = await linkFor({ fileId: binaryId, fileName: 'a.bin' });
    expect((await get(link, {})).status).toBe(403);
    expect((await get(link, { cookie: `atrium_secret_${host.port}=wrong` })).status).toBe(403);
    expect((await get(link, { ...host.cookie(), host: `evil.example:${host.port}` })).status).toBe(403);
    const answer = await get(`${link}?secret=${host.secret}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(binary.length);
  });

  it('answers other methods 405 without spending the link', async () => {
    const link = await linkFor({ fileId: binaryId, fileName: 'a.bin' });
    for (const method of ['HEAD', 'POST', 'DELETE']) {
      const answer = await get(link, host.cookie(), method);
      expect(answer.status, method).toBe(405);
    }
    expect((await get(link)).status).toBe(200);
  });

  it('answers 404 for an expired link, whose content request was stopped', async () => {
    const link = await linkFor({ fileId: binaryId, fileName: 'a.bin' });
    const upstream = contentRequests.at(-1);
    expect(upstream?.url).toContain(binaryId);
    clock += 60_001;
    const answer = await get(link);
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toMatch(/expired/);
    expect(upstream?.signal?.aborted).toBe(true);
  });

  it('answers 404 for links it never issued', async () => {
    for (const path of [
      '/downloads/',
      '/downloads/nope',
      `/downloads/${'A'.repeat(43)}`,
      `/downloads/${'A'.repeat(43)}/x`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.toString()).not.toContain('<title>Atrium</title>');
    }
  });

  it('reports an API error to the page when the download is asked for, and issues no link', async () => {
    const missing = await call('files.download', { fileId: 'no-such-file', fileName: 'gone.bin' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'notFound', status: 404 } });
    expect(missing.error?.message).toMatch(/no-such-file/);

    const doc = await createFile(
      { name: 'Doc', mimeType: 'application/vnd.google-apps.document' },
      Buffer.from('x'),
      'text/plain',
    );
    const refused = await call('files.download', { fileId: doc.id, exportMimeType: 'image/gif', fileName: 'Doc.gif' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'apiError', status: 400 } });
    expect(refused.error?.message).toMatch(/conversion is not supported/);
  });

  it('reports a file deleted after it was listed, when its download is asked for', async () => {
    const file = await createFile(
      { name: 'short-lived.txt', mimeType: 'text/plain' },
      Buffer.from('soon gone'),
      'text/plain',
    );
    const deleted = await fetch(`${app.serviceUrl}/drive/v3/files/${file.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${app.localUser.token}` },
    });
    expect(deleted.status).toBe(204);
    const reply = await call('files.download', { fileId: file.id, fileName: 'short-lived.txt' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'notFound', status: 404 } });
  });

  it('refuses a file name that is a path before issuing anything', async () => {
    const reply = await call('files.download', { fileId: binaryId, fileName: '../../.bashrc' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalidInput', location: 'fileName' } });
  });

  it('stops the upstream request when the client leaves in the middle, and keeps serving', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024, 0x5a);
    const bigId = (await createFile({ name: 'big.bin' }, big)).id;
    const link = await linkFor({ fileId: bigId, fileName: 'big.bin' });
    const firstBytes = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: link,
          headers: { host: `127.0.0.1:${host.port}`, ...host.cookie() },
        },
        (res) => {
          res.once('data', (chunk: Buffer) => {
            req.destroy();
            resolve(chunk.length);
          });
        },
      );
      req.on('error', () => undefined);
      req.once('error', reject);
      req.end();
    });
    expect(firstBytes).toBeGreaterThan(0);
    const upstream = contentRequests.find((r) => r.url.includes(bigId));
    expect(upstream?.signal).toBeDefined();
    await expect.poll(() => upstream?.signal?.aborted).toBe(true);
    const next = await get(await linkFor({ fileId: binaryId, fileName: 'b.bin' }));
    expect(next.body.equals(binary)).toBe(true);
  });
});
