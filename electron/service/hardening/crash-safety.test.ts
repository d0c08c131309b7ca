import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from './service-process';

/*
 * The service is killed with SIGKILL (no chance to close anything) while writes are in flight. After a
 * restart every write that had been acknowledged with a 2xx is there, the database passes SQLite's
 * integrity check, and an upload cut off half way never shows up as a complete file.
 */
const user = { email: 'me@atrium.local', token: 'crash-token' };
const auth = { authorization: `Bearer ${user.token}` };

let root: string;
const running: ServiceProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'atrium-crash-'));
});
afterEach(async () => {
  for (const service of running.splice(0)) {
    service.kill('SIGKILL');
    await service.exited;
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function start(dataDir: string): Promise<ServiceProcess> {
  const service = await startServiceProcess({ dataDir, users: [user] });
  running.push(service);
  return service;
}

async function killHard(service: ServiceProcess): Promise<void> {
  service.kill('SIGKILL');
  await service.exited;
  running.splice(running.indexOf(service), 1);
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { ...auth, 'content-type': 'application/json', ...init.headers },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

function integrityCheck(dataDir: string): unknown {
  const db = new Database(join(dataDir, 'atrium.sqlite'));
  try {
    return db.pragma('integrity_check', { simple: true });
  } finally {
    db.close();
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function allPages<T>(first: string, key: string): Promise<T[]> {
  const items: T[] = [];
  let pageToken: string | undefined;
  do {
    const url = pageToken ? `${first}&pageToken=${encodeURIComponent(pageToken)}` : first;
    const page = await json<Record<string, unknown>>(url);
    items.push(...((page[key] as T[] | undefined) ?? []));
    pageToken = page['nextPageToken'] as string | undefined;
  } while (pageToken);
  return items;
}

describe('crash safety of the service process', () => {
  it('keeps every acknowledged write when killed with SIGKILL during concurrent writes', async () => {
    const dataDir = join(root, 'writes');
    const first = await start(dataDir);
    const list = await json<{ id: string }>(`${first.url}/tasks/v1/users/@me/lists`, {
      method: 'POST',
      body: JSON.stringify({ title: 'Crash list' }),
    });
    const acknowledged = { tasks: new Set<string>(), events: new Set<string>() };
    let attempts = 0;

    const writer = async (worker: number): Promise<void> => {
      for (let i = 0; ; i++) {
        const title = `w${worker}-${i}`;
        const isTask = (worker + i) % 2 === 0;
        const [path, body] = isTask
          ? [`/tasks/v1/lists/${list.id}/tasks`, { title }]
          : [
              '/calendar/v3/calendars/primary/events',
              {
                summary: title,
                start: { dateTime: '2031-05-01T09:00:00Z' },
                end: { dateTime: '2031-05-01T10:00:00Z' },
              },
            ];
        attempts += 1;
        let response: Response;
        try {
          response = await fetch(first.url + path, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
        } catch {
          return; // The connection died with the process: this write was never acknowledged.
        }
        // The status line is the acknowledgement; the body may still be cut off by the kill.
        if (response.status >= 200 && response.status < 300)
          (isTask ? acknowledged.tasks : acknowledged.events).add(title);
        else expect.fail(`write refused with ${response.status}: ${await response.text()}`);
        await response.arrayBuffer().catch(() => undefined);
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
    await waitFor(() => acknowledged.tasks.size + acknowledged.events.size >= 150, 60_000);
    await killHard(first);
    await Promise.all(writers);
    expect(attempts).toBeGreaterThan(acknowledged.tasks.size + acknowledged.events.size);

    expect(integrityCheck(dataDir)).toBe('ok');
    const second = await start(dataDir);
    const tasks = await allPages<{ title: string }>(
      `${second.url}/tasks/v1/lists/${list.id}/tasks?maxResults=100&showHidden=true`,
      'items',
    );
    const events = await allPages<{ summary: string }>(
      `${second.url}/calendar/v3/calendars/primary/events?maxResults=2500`,
      'items',
    );
    const taskTitles = new Set(tasks.map((t) => t.title));
    const eventTitles = new Set(events.map((e) => e.summary));
    expect([...acknowledged.tasks].filter((title) => !taskTitles.has(title))).toEqual([]);
    expect([...acknowledged.events].filter((title) => !eventTitles.has(title))).toEqual([]);
    // Nothing invented: whatever is there was sent.
    expect(tasks.every((t) => /^w\d+-\d+$/.test(t.title))).toBe(true);
    await killHard(second);
    expect(integrityCheck(dataDir)).toBe('ok');
  }, 120_000);

  it('never shows an upload cut off by SIGKILL as a complete file', async () => {
    const dataDir = join(root, 'uploads');
    const first = await start(dataDir);
    const md5 = (data: Buffer): string => createHash('md5').update(data).digest('hex');

    // Acknowledged before the crash: must survive whole.
    const done = randomBytes(1024 * 1024);
    const created = await multipartUpload(first.port, 'done.bin', done).finished;
    expect(created.status).toBe(200);

    // Cut off half way: a multipart upload and the last chunk of a resumable one.
    const multipartContent = randomBytes(6 * 1024 * 1024);
    const multipart = multipartUpload(first.port, 'cut-multipart.bin', multipartContent, 0.5);

    const resumableContent = randomBytes(4 * 1024 * 1024);
    const session = await fetch(`${first.url}/upload/drive/v3/files?uploadType=resumable`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/json; charset=UTF-8',
        'x-upload-content-type': 'application/octet-stream',
        'x-upload-content-length': String(resumableContent.length),
      },
      body: JSON.stringify({ name: 'cut-resumable.bin' }),
    });
    expect(session.status).toBe(200);
    const location = session.headers.get('location')!;
    const firstChunk = 1024 * 1024;
    const chunk = await fetch(location, {
      method: 'PUT',
      headers: { ...auth, 'content-range': `bytes 0-${firstChunk - 1}/${resumableContent.length}` },
      body: resumableContent.subarray(0, firstChunk),
    });
    expect(chunk.status).toBe(308);
    const lastChunk = streamPartially(
      first.port,
      'PUT',
      location.slice(first.url.length),
      { ...auth, 'content-range': `bytes ${firstChunk}-${resumableContent.length - 1}/${resumableContent.length}` },
      resumableContent.subarray(firstChunk),
      0.5,
    );

    await Promise.all([multipart.halfSent, lastChunk.halfSent]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // Let the service take in what was sent.
    await killHard(first);
    await Promise.all([multipart.finished.catch(() => undefined), lastChunk.finished.catch(() => undefined)]);

    expect(integrityCheck(dataDir)).toBe('ok');
    const second = await start(dataDir);
    const files = await allPages<{ id: string; name: string; size?: string; md5Checksum?: string }>(
      `${second.url}/drive/v3/files?pageSize=1000&fields=nextPageToken,files(id,name,size,md5Checksum)`,
      'files',
    );
    const byName = new Map(files.map((f) => [f.name, f]));
    const expectWholeOrAbsent = async (name: string, content: Buffer, mustExist: boolean): Promise<void> => {
      const file = byName.get(name);
      if (!file) {
        expect(mustExist, `${name} is missing`).toBe(false);
        return;
      }
      expect(file.size, name).toBe(String(content.length));
      expect(file.md5Checksum, name).toBe(md5(content));
      const download = await fetch(`${second.url}/drive/v3/files/${file.id}?alt=media`, { headers: auth });
      expect(download.status).toBe(200);
      expect(md5(Buffer.from(await download.arrayBuffer())), `${name} content`).toBe(md5(content));
    };
    await expectWholeOrAbsent('done.bin', done, true);
    await expectWholeOrAbsent('cut-multipart.bin', multipartContent, false);
    await expectWholeOrAbsent('cut-resumable.bin', resumableContent, false);

    // The resumable session answers honestly: not complete unless the file is whole.
    const status = await fetch(location.replace(first.url, second.url), {
      method: 'PUT',
      headers: { ...auth, 'content-range': `bytes */${resumableContent.length}` },
    });
    if (status.status === 308) {
      const range = status.headers.get('range');
      const received = range ? Number(/bytes=0-(\d+)/.exec(range)![1]) + 1 : 0;
      expect(received).toBeLessThan(resumableContent.length);
    } else {
      expect([200, 201, 404]).toContain(status.status);
    }
  }, 120_000);
});

interface PartialSend {
  /** Resolves once the given share of the body was handed to the socket. */
  readonly halfSent: Promise<void>;
  /** Resolves with the answer when the whole body went out (never, when the process is killed first). */
  readonly finished: Promise<{ status: number; body: string }>;
}

/** Sends `body` in slices; stops after `share` of it (the rest never goes out) unless share is 1. */
function streamPartially(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  share = 1,
): PartialSend {
  let req!: ClientRequest;
  const finished = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  // A kill rejects it before anyone waits for it; that is expected, not an unhandled failure.
  finished.catch(() => undefined);
  const halfSent = (async () => {
    const stopAt = Math.floor(body.length * share);
    const slice = 256 * 1024;
    for (let offset = 0; offset < stopAt; offset += slice) {
      const part = body.subarray(offset, Math.min(offset + slice, stopAt));
      if (!req.write(part)) await new Promise((resolve) => req.once('drain', resolve));
    }
    if (share >= 1) req.end();
  })();
  return { halfSent, finished };
}

function multipartUpload(port: number, name: string, content: Buffer, share = 1): PartialSend {
  const boundary = 'crash-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify({ name })}\r\n` +
        `--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return streamPartially(
    port,
    'POST',
    '/upload/drive/v3/files?uploadType=multipart',
    { ...auth, 'content-type': `multipart/related; boundary=${boundary}` },
    body,
    share,
  );
}
