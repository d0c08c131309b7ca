import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FaultPoint } from '../drive/content/fault-points';
import { startServiceProcess, type ServiceProcess } from './service-process';

/*
 * The service kills itself (SIGKILL) at each step of storing and finishing a resumable upload, at
 * a named fault point rather than after some delay, so every step is hit every time. After a
 * restart the session answers truthfully (308 with what is kept, or the finished file), never 5xx;
 * the upload can be completed; and nothing is left on disk that no row or live session refers to.
 */
const user = { email: 'me@atrium.local', token: 'resumable-crash-token' };
const auth = { authorization: `Bearer ${user.token}` };
const fields = 'id,name,size,md5Checksum';
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

let root: string;
const running: ServiceProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'atrium-resumable-crash-'));
});
afterEach(async () => {
  for (const service of running.splice(0)) {
    service.kill('SIGKILL');
    await service.exited;
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function start(dataDir: string, faultPoint?: FaultPoint): Promise<ServiceProcess> {
  const service = await startServiceProcess({
    dataDir,
    users: [user],
    ...(faultPoint ? { env: { ATRIUM_FAULT_POINT: faultPoint } } : {}),
  });
  running.push(service);
  return service;
}

async function stop(service: ServiceProcess): Promise<void> {
  service.kill('SIGKILL');
  await service.exited;
  running.splice(running.indexOf(service), 1);
}

/** What lies under `blobs/`: content files by address, and temporary files by name. */
function onDisk(dataDir: string): { blobs: string[]; temps: string[] } {
  const root = join(dataDir, 'blobs');
  const blobs: string[] = [];
  for (const shard of readdirSync(root)) if (shard !== 'tmp') blobs.push(...readdirSync(join(root, shard)));
  return { blobs: blobs.sort(), temps: readdirSync(join(root, 'tmp')).sort() };
}

/** The blob addresses committed rows refer to (read beside the running service: SQLite's WAL allows it). */
function referenced(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'atrium.sqlite'), { readonly: true });
  try {
    return db
      .prepare<[], { a: string }>('SELECT DISTINCT blob_address AS a FROM drive_revisions')
      .all()
      .map((r) => r.a)
      .sort();
  } finally {
    db.close();
  }
}

async function filesNamed(service: ServiceProcess, name: string): Promise<{ id: string; md5Checksum?: string }[]> {
  const q = encodeURIComponent(`name = '${name}'`);
  const res = await fetch(`${service.url}/drive/v3/files?q=${q}&fields=files(id,md5Checksum)`, { headers: auth });
  expect(res.status).toBe(200);
  return ((await res.json()) as { files: { id: string; md5Checksum?: string }[] }).files;
}

async function openSession(service: ServiceProcess, name: string, size: number): Promise<string> {
  const res = await fetch(`${service.url}/upload/drive/v3/files?uploadType=resumable&fields=${fields}`, {
    method: 'POST',
    headers: {
      ...auth,
      'content-type': 'application/json; charset=UTF-8',
      'x-upload-content-type': 'application/octet-stream',
      'x-upload-content-length': String(size),
    },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('location')!;
}

function put(url: string, headers: Record<string, string>, body?: Buffer): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    headers: { ...auth, ...headers },
    ...(body ? { body: new Uint8Array(body) } : {}),
  });
}

async function expectFile(res: Response, name: string, content: Buffer): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(200);
  const file = (await res.json()) as Record<string, string>;
  expect(Object.keys(file).sort()).toEqual(['id', 'md5Checksum', 'name', 'size']);
  expect(file).toMatchObject({ name, size: String(content.length), md5Checksum: md5(content) });
  return file['id']!;
}

const steps: { point: FaultPoint; after: 'nothing kept' | 'all kept' | 'completed' }[] = [
  { point: 'resumable:chunk-synced', after: 'nothing kept' },
  { point: 'resumable:received-recorded', after: 'all kept' },
  { point: 'blob:renamed', after: 'all kept' },
  { point: 'resumable:blob-placed', after: 'all kept' },
  { point: 'resumable:committed', after: 'completed' },
  { point: 'resumable:temp-removed', after: 'completed' },
];

describe('resumable uploads killed at each step of finishing', () => {
  for (const { point, after } of steps) {
    it(`recovers from a crash at ${point}`, async () => {
      const dataDir = join(root, point.replace(':', '-'));
      const content = randomBytes(8 * 1024 * 1024);
      const name = `${point}.bin`;
      const first = await start(dataDir, point);
      const location = await openSession(first, name, content.length);
      const range = { 'content-range': `bytes 0-${content.length - 1}/${content.length}` };
      await expect(put(location, range, content)).rejects.toThrow();
      expect(await first.exited).toBeNull(); // killed by the signal, at the point
      running.splice(running.indexOf(first), 1);
      writeFileSync(join(dataDir, 'blobs', 'tmp', 'left-by-a-cut-off-request'), 'junk');

      const second = await start(dataDir);
      const url = location.replace(first.url, second.url);
      // Opening the store reclaims what no row or live session refers to.
      expect(await filesNamed(second, name)).toHaveLength(after === 'completed' ? 1 : 0);
      const disk = onDisk(dataDir);
      expect(disk.blobs).toEqual(referenced(dataDir));
      const sessionTemp = `upload-${new URL(location).searchParams.get('upload_id')}`;
      expect(disk.temps).toEqual(after === 'completed' ? [] : [sessionTemp]);

      const status = await put(url, { 'content-range': `bytes */${content.length}` });
      if (after === 'nothing kept') {
        expect(status.status).toBe(308);
        expect(status.headers.get('range')).toBeNull();
        await expectFile(await put(url, range, content), name, content);
      } else {
        await expectFile(status, name, content);
      }
      const files = await filesNamed(second, name);
      expect(files).toEqual([{ id: files[0]!.id, md5Checksum: md5(content) }]);
      const download = await fetch(`${second.url}/drive/v3/files/${files[0]!.id}?alt=media`, { headers: auth });
      expect(md5(Buffer.from(await download.arrayBuffer()))).toBe(md5(content));
      // Asked again, the session answers with the same file.
      expect(await expectFile(await put(url, { 'content-range': `bytes */${content.length}` }), name, content)).toBe(
        files[0]!.id,
      );
      expect(onDisk(dataDir)).toEqual({ blobs: referenced(dataDir), temps: [] });
      await stop(second);
    }, 60_000);
  }

  it('answers 308 without a Range when a crash lost the bytes of a session that had them all', async () => {
    const dataDir = join(root, 'lost-temp');
    const content = randomBytes(2 * 1024 * 1024);
    const first = await start(dataDir, 'resumable:blob-placed');
    const location = await openSession(first, 'lost.bin', content.length);
    const range = { 'content-range': `bytes 0-${content.length - 1}/${content.length}` };
    await expect(put(location, range, content)).rejects.toThrow();
    await first.exited;
    running.splice(running.indexOf(first), 1);
    // The state an older way of finishing left: every byte counted, the file moved into blobs/, no row.
    const temp = join(dataDir, 'blobs', 'tmp', `upload-${new URL(location).searchParams.get('upload_id')}`);
    expect(existsSync(temp)).toBe(true);
    rmSync(temp);
    expect(onDisk(dataDir).blobs).toHaveLength(1);

    const second = await start(dataDir);
    const url = location.replace(first.url, second.url);
    for (let i = 0; i < 2; i++) {
      const status = await put(url, { 'content-range': `bytes */${content.length}` });
      expect(status.status).toBe(308);
      expect(status.headers.get('range')).toBeNull();
    }
    expect(onDisk(dataDir).blobs).toEqual([]); // the orphan was reclaimed
    await expectFile(await put(url, range, content), 'lost.bin', content);
    expect(onDisk(dataDir)).toEqual({ blobs: referenced(dataDir), temps: [] });
    await stop(second);
  }, 60_000);

  it('reclaims the blob of a multipart upload killed between placing it and committing its row', async () => {
    const dataDir = join(root, 'multipart');
    const first = await start(dataDir, 'blob:renamed');
    const boundary = 'b0undary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n{"name":"cut.bin"}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`),
      randomBytes(1024 * 1024),
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    await expect(
      fetch(`${first.url}/upload/drive/v3/files?uploadType=multipart`, {
        method: 'POST',
        headers: { ...auth, 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      }),
    ).rejects.toThrow();
    await first.exited;
    running.splice(running.indexOf(first), 1);
    expect(onDisk(dataDir).blobs).toHaveLength(1);
    const second = await start(dataDir);
    expect(await filesNamed(second, 'cut.bin')).toEqual([]);
    expect(onDisk(dataDir)).toEqual({ blobs: [], temps: [] });
    await stop(second);
  }, 60_000);
});
