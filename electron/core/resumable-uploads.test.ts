import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../service';
import { IpcCallError } from '../../shared/ipc/errors';
import { ApiClient } from './api-client';
import { ResumableUploads, receivedFrom } from './resumable-uploads';

const block = 256 * 1024;
const token = 'uploader-token';

let dir: string;
let service: Awaited<ReturnType<typeof startEmbeddedService>>;
/** When set, the next PUT with a body sends only this many bytes and then breaks the connection. */
let breakNextPutAfter: number | undefined;

/** fetch that can cut a request body short, the way a dropped connection does. */
const flakyFetch: typeof fetch = async (input, init) => {
  const body = init?.body;
  if (init?.method === 'PUT' && body instanceof Uint8Array && breakNextPutAfter !== undefined) {
    const keep = breakNextPutAfter;
    breakNextPutAfter = undefined;
    await sendPartially(new URL(String(input)), new Headers(init.headers), body, keep);
    throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
  }
  return fetch(input, init);
};

/** Announces the whole body, sends its first `keep` bytes, then breaks the connection. */
function sendPartially(url: URL, headers: Headers, body: Uint8Array, keep: number): Promise<void> {
  return new Promise((resolve) => {
    const request = httpRequest(url, {
      method: 'PUT',
      headers: { ...Object.fromEntries(headers), 'content-length': String(body.length) },
    });
    request.on('error', () => undefined);
    request.write(body.subarray(0, keep), () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 100);
    });
  });
}

function client(): ApiClient {
  return new ApiClient({
    baseUrl: service.url,
    accessToken: () => token,
    fetch: flakyFetch,
    retry: { maxAttempts: 1 },
  });
}

function bytes(length: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(length);
  for (let i = 0; i < length; i++) data[i] = (i * 7 + 3) % 251;
  return data;
}

async function content(fileId: string): Promise<Buffer> {
  const response = await fetch(`${service.url}/drive/v3/files/${fileId}?alt=media`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-resumable-'));
  service = await startEmbeddedService({ dataDir: dir, port: 0, users: [{ email: 'me@atrium.local', token }] });
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('resumable uploads through the core', () => {
  it('uploads in chunks and answers the created file with the last one', async () => {
    const uploads = new ResumableUploads();
    const data = bytes(2 * block + 1000);
    const { upload } = await uploads.start({
      api: client(),
      metadata: { name: 'chunks.bin' },
      contentType: 'application/octet-stream',
      size: data.length,
    });
    expect(await uploads.chunk(upload, 0, data.subarray(0, block))).toEqual({ received: block });
    expect(await uploads.chunk(upload, block, data.subarray(block, 2 * block))).toEqual({ received: 2 * block });
    const last = await uploads.chunk(upload, 2 * block, data.subarray(2 * block));
    const file = last.file as { id: string; name: string; size?: string };
    expect(last.received).toBe(data.length);
    expect(file.name).toBe('chunks.bin');
    expect(Buffer.compare(await content(file.id), Buffer.from(data))).toBe(0);
    // A finished session is forgotten.
    await expect(uploads.status(upload)).rejects.toMatchObject({ code: 'notFound', location: 'upload' });
  });

  it('goes on from what the service holds after the connection drops mid-chunk', async () => {
    const uploads = new ResumableUploads();
    const data = bytes(3 * block);
    const { upload } = await uploads.start({ api: client(), metadata: { name: 'dropped.bin' }, size: data.length });
    breakNextPutAfter = 100_000;
    await expect(uploads.chunk(upload, 0, data.subarray(0, 2 * block))).rejects.toMatchObject({ code: 'unavailable' });

    // The bytes sent before the drop reach the service whenever it gets to read them; a status query
    // made while it still is waits for them, one made before it has seen the request at all finds none.
    let status = await uploads.status(upload);
    for (const until = Date.now() + 10_000; status.received === 0 && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = await uploads.status(upload);
    }
    expect(status.file).toBeUndefined();
    expect(status.received).toBeGreaterThan(0);
    expect(status.received).toBeLessThan(2 * block);

    const final = await uploads.chunk(upload, status.received, data.subarray(status.received));
    const file = final.file as { id: string };
    expect(Buffer.compare(await content(file.id), Buffer.from(data))).toBe(0);
  });

  it('replaces the content of an existing file', async () => {
    const uploads = new ResumableUploads();
    const first = await uploads.start({
      api: client(),
      metadata: { name: 'notes.txt', mimeType: 'text/plain' },
      size: 5,
    });
    const created = (await uploads.chunk(first.upload, 0, Buffer.from('first'))).file as { id: string };
    const second = await uploads.start({
      api: client(),
      fileId: created.id,
      metadata: {},
      contentType: 'text/plain',
      size: 6,
    });
    const updated = (await uploads.chunk(second.upload, 0, Buffer.from('second'))).file as { id: string };
    expect(updated.id).toBe(created.id);
    expect((await content(created.id)).toString()).toBe('second');
  });

  it('uploads an empty file and refuses chunks that break the block rule', async () => {
    const uploads = new ResumableUploads();
    const empty = await uploads.start({ api: client(), metadata: { name: 'empty.txt' }, size: 0 });
    expect(((await uploads.chunk(empty.upload, 0, new Uint8Array(0))).file as { name: string }).name).toBe('empty.txt');

    const odd = await uploads.start({ api: client(), metadata: { name: 'odd.bin' }, size: 2 * block });
    await expect(uploads.chunk(odd.upload, 0, bytes(1000))).rejects.toBeInstanceOf(IpcCallError);
    await expect(uploads.chunk(odd.upload, 0, bytes(3 * block))).rejects.toMatchObject({ code: 'invalidInput' });
    expect(await uploads.cancel(odd.upload)).toEqual({});
    await expect(uploads.status(odd.upload)).rejects.toMatchObject({ code: 'notFound' });
  });

  it('reads the Range header the way Google sends it', () => {
    expect(receivedFrom(null)).toBe(0);
    expect(receivedFrom('bytes=0-262143')).toBe(block);
    expect(receivedFrom('garbage')).toBe(0);
  });
});
