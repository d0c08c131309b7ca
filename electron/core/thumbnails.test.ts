import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './api-client';
import { fetchThumbnail } from './thumbnails';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let server: Server;
let base: string;
const seen: { path: string; authorization?: string }[] = [];

/** A stand-in for a Drive endpoint: file metadata with a thumbnailLink, and the thumbnail itself. */
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({
      path: url.pathname,
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    const links: Record<string, string | undefined> = {
      own: `${base}/thumbnails/own`,
      google: 'https://lh3.googleusercontent.com/thumb-google',
      foreign: 'http://203.0.113.9/elsewhere.png',
      none: undefined,
    };
    const file = /^\/drive\/v3\/files\/(\w+)$/.exec(url.pathname)?.[1];
    if (file) {
      const link = links[file];
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(link ? { hasThumbnail: true, thumbnailLink: link } : { hasThumbnail: false }));
      return;
    }
    if (url.pathname === '/thumbnails/own') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const api = () => new ApiClient({ baseUrl: base, accessToken: () => 'secret-token', retry: { maxAttempts: 1 } });

describe('fetchThumbnail', () => {
  it('reads a thumbnail on the account’s own service with its credentials', async () => {
    const thumbnail = await fetchThumbnail(api(), 'own');
    expect(thumbnail).toEqual({ contentType: 'image/png', contentBase64: png.toString('base64') });
    expect(seen.find((request) => request.path === '/thumbnails/own')?.authorization).toBe('Bearer secret-token');
  });

  it('reads Google content links without credentials, and nothing from other hosts', async () => {
    const asked: { url: string; headers: unknown }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      asked.push({ url: String(input), headers: init?.headers });
      return new Response(png, { headers: { 'content-type': 'image/png' } });
    };
    expect(await fetchThumbnail(api(), 'google', fakeFetch)).toMatchObject({ contentType: 'image/png' });
    expect(asked).toEqual([{ url: 'https://lh3.googleusercontent.com/thumb-google', headers: undefined }]);
    expect(await fetchThumbnail(api(), 'foreign', fakeFetch)).toBeNull();
    expect(asked).toHaveLength(1);
  });

  it('answers null for a file without a thumbnail and a typed error for a missing file', async () => {
    expect(await fetchThumbnail(api(), 'none')).toBeNull();
    await expect(fetchThumbnail(api(), 'missing-file')).rejects.toMatchObject({ code: 'notFound' });
  });
});
