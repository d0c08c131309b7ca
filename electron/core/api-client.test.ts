import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../service';
import type { EmbeddedService } from '../service';
import { ApiCallError } from './api-call-error';
import { uploadForTest, type UploadTarget } from './testing/drive-upload';
import { ApiClient } from './api-client';
import type { DownloadContent } from './api-client';

let dir: string;
let service: EmbeddedService;
let api: ApiClient;
let ann: UploadTarget;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-api-client-'));
  service = await startEmbeddedService({
    dataDir: dir,
    port: 0,
    users: [{ email: 'ann@example.com', token: 'ann-token', displayName: 'Ann' }],
  });
  api = new ApiClient({ baseUrl: service.url, accessToken: () => 'ann-token' });
  ann = { baseUrl: service.url, token: 'ann-token' };
});

afterAll(async () => {
  await service?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ApiClient against the embedded service', () => {
  it('lists the calendar list with the primary calendar', async () => {
    const list = await api.call('CalendarCalendarListList', {});
    expect(list.items?.map((entry) => entry.id)).toContain('ann@example.com');
  });

  it('creates, reads and deletes an event (204 answers undefined)', async () => {
    const created = await api.call(
      'CalendarEventsInsert',
      { calendarId: 'primary' },
      { summary: 'Standup', start: { dateTime: '2031-03-04T09:00:00Z' }, end: { dateTime: '2031-03-04T09:15:00Z' } },
    );
    expect(created.id).toBeTruthy();
    const read = await api.call('CalendarEventsGet', { calendarId: 'ann@example.com', eventId: created.id as string });
    expect(read.summary).toBe('Standup');
    expect(
      await api.call('CalendarEventsDelete', { calendarId: 'primary', eventId: created.id as string }),
    ).toBeUndefined();
    const listed = await api.call('CalendarEventsList', { calendarId: 'primary' });
    expect(listed.items?.map((event) => event.id)).not.toContain(created.id);
  });

  it('maps a Google error body to ApiCallError', async () => {
    const error = await api.call('TasksTasklistsGet', { tasklist: 'missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 404, reason: 'notFound' });
  });

  it('refuses a wrong token as unauthenticated', async () => {
    const stranger = new ApiClient({ baseUrl: service.url, accessToken: () => 'wrong-token' });
    await expect(stranger.call('TasksTasklistsList', {})).rejects.toMatchObject({ status: 401 });
  });
});

async function readAll(content: DownloadContent): Promise<Buffer> {
  return Buffer.from(await new Response(content.body).arrayBuffer());
}

describe('ApiClient.download against the embedded service', () => {
  it("streams a file's content with its type and length", async () => {
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const file = await uploadForTest(ann, { name: 'big.bin', mimeType: 'application/x-atrium-test' }, bytes, {
      contentType: 'application/x-atrium-test',
    });
    const content = await api.download('DriveFilesGet', { fileId: file.id, alt: 'media' });
    expect(content.contentType).toMatch(/^application\/x-atrium-test/);
    expect(content.contentLength).toBe(bytes.length);
    expect((await readAll(content)).equals(bytes)).toBe(true);
  });

  it('streams an earlier revision', async () => {
    const file = await uploadForTest(ann, { name: 'notes.txt', mimeType: 'text/plain' }, Buffer.from('first draft'), {
      contentType: 'text/plain',
    });
    await uploadForTest(ann, {}, Buffer.from('second'), { fileId: file.id, contentType: 'text/plain' });
    const { revisions } = await api.call('DriveRevisionsList', { fileId: file.id });
    const first = revisions?.[0]?.id as string;
    const content = await api.download('DriveRevisionsGet', { fileId: file.id, revisionId: first, alt: 'media' });
    expect((await readAll(content)).toString('utf8')).toBe('first draft');
  });

  it('answers a Google error as ApiCallError before any content', async () => {
    const error = await api.download('DriveFilesGet', { fileId: 'missing', alt: 'media' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 404, reason: 'notFound' });
  });

  it('refuses operations that answer no content', async () => {
    await expect(api.download('TasksTasklistsList', {})).rejects.toMatchObject({ reason: 'mediaDownloadNotSupported' });
    await expect(api.download('DriveFilesDelete', { fileId: 'x' })).rejects.toMatchObject({
      reason: 'mediaDownloadNotSupported',
    });
  });
});

/** A fetch that answers from a script and records what it was asked. */
function scriptedFetch(answers: (() => Response)[]) {
  const seen: { url: string; authorization: string | null; signal: AbortSignal | undefined }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    seen.push({ url: String(input), authorization: headers.get('authorization'), signal: init?.signal ?? undefined });
    const next = answers.shift();
    if (!next) throw new Error('script exhausted');
    return next();
  };
  return { fetchImpl, seen };
}

const jsonError = (status: number, reason: string): Response =>
  new Response(JSON.stringify({ error: { code: status, message: reason, errors: [{ reason, message: reason }] } }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('ApiClient.download: retries, renewal and streaming', () => {
  it('retries what Google says to retry, with backoff, then streams the answer', async () => {
    const delays: number[] = [];
    const { fetchImpl, seen } = scriptedFetch([
      () => jsonError(503, 'backendError'),
      () => jsonError(429, 'rateLimitExceeded'),
      () => new Response('payload', { status: 200, headers: { 'content-type': 'text/plain', 'content-length': '7' } }),
    ]);
    const client = new ApiClient({
      baseUrl: 'http://drive.test',
      accessToken: () => 'tok',
      fetch: fetchImpl,
      retry: { maxAttempts: 5, baseDelayMs: 10, maxDelayMs: 40 },
      sleep: async (ms) => void delays.push(ms),
    });
    const content = await client.download('DriveFilesGet', { fileId: 'f1', alt: 'media' });
    expect(seen).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(seen[0]?.url).toBe('http://drive.test/drive/v3/files/f1?alt=media');
    expect(content).toMatchObject({ contentType: 'text/plain', contentLength: 7 });
    expect((await readAll(content)).toString()).toBe('payload');
  });

  it('renews a refused token once and sends the request again', async () => {
    let token = 'stale';
    const { fetchImpl, seen } = scriptedFetch([() => jsonError(401, 'authError'), () => new Response('ok')]);
    const client = new ApiClient({
      baseUrl: 'http://drive.test',
      accessToken: () => token,
      fetch: fetchImpl,
      onUnauthorized: async () => {
        token = 'fresh';
        return true;
      },
    });
    const content = await client.download('DriveFilesExport', { fileId: 'doc', mimeType: 'application/pdf' });
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(seen[1]?.url).toBe('http://drive.test/drive/v3/files/doc/export?mimeType=application%2Fpdf');
    expect((await readAll(content)).toString()).toBe('ok');
  });

  it('answers before the body has arrived: nothing is buffered', async () => {
    let release: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('first '));
      },
      pull(controller) {
        return new Promise<void>((resolve) => {
          release = () => {
            controller.enqueue(new TextEncoder().encode('second'));
            controller.close();
            resolve();
          };
        });
      },
    });
    const { fetchImpl } = scriptedFetch([() => new Response(body, { headers: { 'content-type': 'text/plain' } })]);
    const client = new ApiClient({ baseUrl: 'http://drive.test', accessToken: () => 'tok', fetch: fetchImpl });
    const content = await client.download('DriveFilesGet', { fileId: 'f1', alt: 'media' });
    expect(content.contentLength).toBeUndefined();
    const reader = content.body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first ');
    expect(release).toBeDefined();
    release?.();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('second');
    expect((await reader.read()).done).toBe(true);
  });

  it('does not report a length for a compressed answer (fetch hands over other bytes than it counts)', async () => {
    const { fetchImpl } = scriptedFetch([
      // A byte body: a string body would get a text/plain type of its own.
      () => new Response(new Uint8Array([120]), { headers: { 'content-length': '40', 'content-encoding': 'gzip' } }),
    ]);
    const client = new ApiClient({ baseUrl: 'http://drive.test', accessToken: () => 'tok', fetch: fetchImpl });
    const content = await client.download('DriveFilesGet', { fileId: 'f1', alt: 'media' });
    expect(content.contentLength).toBeUndefined();
    expect(content.contentType).toBe('application/octet-stream');
  });

  it('hands the abort signal to fetch and stops retrying once it is aborted', async () => {
    const controller = new AbortController();
    const { fetchImpl, seen } = scriptedFetch([() => jsonError(503, 'backendError'), () => new Response('late')]);
    const client = new ApiClient({
      baseUrl: 'http://drive.test',
      accessToken: () => 'tok',
      fetch: fetchImpl,
      sleep: async () => controller.abort(),
    });
    const error = await client
      .download('DriveFilesGet', { fileId: 'f1', alt: 'media' }, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'cancelled' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.signal).toBe(controller.signal);
  });
});
