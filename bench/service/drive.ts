/**
 * Drive service costs that must not grow with the wrong thing:
 *
 * 1. Folder listing: files.list with q "'<folder>' in parents and trashed = false" and
 *    orderBy "folder,name" (the first page of 100), in a drive of 100,000 files against one of
 *    1,000 (every file in the listed folder, the worst case for sorting). The page is the same
 *    size, so the time should barely differ.
 * 2. Content throughput: a 200 MB upload (uploadType=media) and its download (alt=media), each
 *    against a plain streamed file copy with fsync, with the process RSS before, at peak and
 *    after to show memory stays flat (content is streamed, never held whole).
 *
 * Drives are seeded straight into the database through the Drive repositories (setup is not what
 * is measured); every measurement goes through HTTP.
 *
 *   tsx bench/service/drive.ts            (both; `npm run bench -- service` runs it with the other service parts)
 *   tsx bench/service/drive.ts content    (only the content throughput; `listing` for only the listing)
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { grantOwner } from '../../electron/service/drive/domain/file-operations';
import { newFileId } from '../../electron/service/drive/domain/ids';
import { folderMimeType } from '../../electron/service/drive/domain/mime';
import { DriveSession, DriveState } from '../../electron/service/drive/domain/session';
import { startEmbeddedService, type EmbeddedService } from '../../electron/service/server';

const token = 'bench-token';
const email = 'bench@atrium.local';
const listGoal = 3;
const throughputGoal = 0.5;
const contentBytes = 200 * 1024 * 1024;
/** Timed rounds of copy, upload and download (the medians are compared). */
const rounds = 5;

export interface DriveBenchResult {
  listSmallMs: number;
  listLargeMs: number;
  listRatio: number;
  copyMs: number;
  uploadMs: number;
  downloadMs: number;
  uploadRatio: number;
  downloadRatio: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const mb = (bytes: number) => bytes / (1024 * 1024);

/** Fills one folder of the bench user's drive with `count` items (one in ten a folder), straight through the repositories. */
function seedFolder(service: EmbeddedService, count: number): string {
  const user = service.addUser({ email, token, displayName: 'Bench' });
  const s = new DriveSession(new DriveState(service.context), { user });
  const created = new Date('2030-01-01T00:00:00Z').getTime();
  const folderId = newFileId();
  const chunk = 5000;
  s.service.store.transaction(() => {
    s.data.files.insert({
      id: folderId,
      name: 'Big folder',
      mime_type: folderMimeType,
      parent_id: s.me.root_id,
      owner_id: user.id,
      created_time: new Date(created).toISOString(),
      modified_time: new Date(created).toISOString(),
    });
    s.data.access.inherit(folderId, s.me.root_id);
    grantOwner(s, folderId);
  });
  for (let start = 0; start < count; start += chunk) {
    s.service.store.transaction(() => {
      for (let i = start; i < Math.min(count, start + chunk); i++) {
        const folder = i % 10 === 0;
        const id = newFileId();
        const time = new Date(created + i * 1000).toISOString();
        // Names in a shuffled order, so the index (not insertion order) produces the sort.
        const key = ((i * 7919) % count).toString().padStart(6, '0');
        s.data.files.insert({
          id,
          name: folder ? `Folder ${key}` : `Document ${key}.txt`,
          mime_type: folder ? folderMimeType : 'text/plain',
          parent_id: folderId,
          owner_id: user.id,
          created_time: time,
          modified_time: time,
          size: folder ? null : 1024,
        });
        s.data.access.inherit(id, folderId);
        grantOwner(s, id);
      }
    });
  }
  return folderId;
}

/** Times `count` first-page listings of the folder (after a short warm-up), in milliseconds each. */
async function timeList(service: EmbeddedService, folderId: string, count: number): Promise<number[]> {
  const q = encodeURIComponent(`'${folderId}' in parents and trashed = false`);
  const path = `/drive/v3/files?q=${q}&orderBy=${encodeURIComponent('folder,name')}&pageSize=100`;
  const runs: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    const started = performance.now();
    const response = await fetch(service.url + path, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { files?: { name: string }[] };
    const ms = performance.now() - started;
    if (response.status !== 200 || body.files?.length !== 100)
      throw new Error(`unexpected list answer ${response.status}`);
    if (i >= 3) runs.push(ms);
  }
  return runs;
}

export async function listingRatio(): Promise<Pick<DriveBenchResult, 'listSmallMs' | 'listLargeMs' | 'listRatio'>> {
  const dirs: string[] = [];
  const services: EmbeddedService[] = [];
  try {
    const folders: string[] = [];
    for (const count of [1_000, 100_000]) {
      const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-drive-'));
      dirs.push(dir);
      const service = await startEmbeddedService({ dataDir: dir, port: 0 });
      services.push(service);
      const started = performance.now();
      folders.push(seedFolder(service, count));
      console.log(
        `seeded ${count.toLocaleString('en')} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    // The two drives are measured alternately, so a change in machine load hits both alike.
    const small: number[] = [];
    const large: number[] = [];
    for (let round = 0; round < 6; round++) {
      small.push(...(await timeList(services[0]!, folders[0]!, 10)));
      large.push(...(await timeList(services[1]!, folders[1]!, 10)));
    }
    const listSmallMs = median(small);
    const listLargeMs = median(large);
    const listRatio = listLargeMs / listSmallMs;
    console.log(
      `folder listing, first page of 100: ${listLargeMs.toFixed(2)} ms (100,000 files) vs ${listSmallMs.toFixed(2)} ms (1,000 files)`,
    );
    console.log(
      `target service.drive-list-100k-vs-1k: ${listRatio.toFixed(2)} ratio (goal <= ${listGoal}) ${listRatio <= listGoal ? 'ok' : 'miss'}`,
    );
    return { listSmallMs, listLargeMs, listRatio };
  } finally {
    for (const service of services) await service.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  await handle.sync();
  await handle.close();
}

async function plainCopy(source: string, target: string): Promise<number> {
  const started = performance.now();
  await pipeline(createReadStream(source, { highWaterMark: 1024 * 1024 }), createWriteStream(target));
  await fsyncFile(target);
  return performance.now() - started;
}

/**
 * The HTTP client runs in a worker thread, as a separate client would, so the service thread is
 * measured on its own work. Upload: POST uploadType=media streamed from a file; download: alt=media
 * streamed into a file and fsynced.
 */
const clientWorkerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const fs = require('node:fs');
const { pipeline } = require('node:stream/promises');
const { url, token, mode, path } = workerData;
const started = performance.now();
const headers = { Authorization: 'Bearer ' + token };
if (mode === 'upload') {
  const req = http.request(url + '/upload/drive/v3/files?uploadType=media', {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/octet-stream', 'Content-Length': String(fs.statSync(path).size) },
  });
  req.on('response', (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      parentPort.postMessage({ status: res.statusCode, id: body.id, ms: performance.now() - started });
    });
  });
  fs.createReadStream(path, { highWaterMark: 1024 * 1024 }).pipe(req);
} else {
  http.get(url + '/drive/v3/files/' + workerData.id + '?alt=media', { headers }, (res) => {
    pipeline(res, fs.createWriteStream(path)).then(() => {
      const fd = fs.openSync(path, 'r+');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      parentPort.postMessage({ status: res.statusCode, ms: performance.now() - started });
    });
  });
}
`;

function client(
  service: EmbeddedService,
  data: { mode: 'upload' | 'download'; path: string; id?: string },
): Promise<{ ms: number; id?: string }> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(clientWorkerSource, { eval: true, workerData: { url: service.url, token, ...data } });
    worker.once('message', (m: { status: number; ms: number; id?: string }) => {
      void worker.terminate();
      if (m.status !== 200) reject(new Error(`${data.mode} failed: ${m.status}`));
      else resolvePromise(m);
    });
    worker.once('error', reject);
  });
}

export async function throughput(): Promise<Omit<DriveBenchResult, 'listSmallMs' | 'listLargeMs' | 'listRatio'>> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-drive-'));
  const service = await startEmbeddedService({
    dataDir: join(dir, 'service'),
    port: 0,
    users: [{ email, token, displayName: 'Bench' }],
  });
  try {
    const source = join(dir, 'source.bin');
    const out = createWriteStream(source);
    for (let written = 0; written < contentBytes; written += 4 * 1024 * 1024) {
      if (!out.write(randomBytes(4 * 1024 * 1024))) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((r) => out.end(r));
    await fsyncFile(source);

    // One untimed round first: worker threads and buffer pools exist before memory is sampled,
    // so what the samples show is what the content itself costs.
    const warm = await client(service, { mode: 'upload', path: source });
    await client(service, { mode: 'download', path: join(dir, 'warm.bin'), id: warm.id! });
    rmSync(join(dir, 'warm.bin'));
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const copies: number[] = [];
    const uploads: number[] = [];
    const downloads: number[] = [];
    try {
      // Copy, upload and download take turns, so a change in machine load hits all three alike.
      for (let i = 0; i < rounds; i++) {
        copies.push(await plainCopy(source, join(dir, `copy-${i}.bin`)));
        rmSync(join(dir, `copy-${i}.bin`));
        const up = await client(service, { mode: 'upload', path: source });
        uploads.push(up.ms);
        const target = join(dir, `download-${i}.bin`);
        downloads.push((await client(service, { mode: 'download', path: target, id: up.id! })).ms);
        if (statSync(target).size !== contentBytes) throw new Error('downloaded size differs');
        rmSync(target);
      }
    } finally {
      clearInterval(sampler);
    }
    global.gc?.();
    const rssAfter = process.memoryUsage().rss;
    const copyMs = median(copies);
    const uploadMs = median(uploads);
    const downloadMs = median(downloads);
    const uploadRatio = copyMs / uploadMs;
    const downloadRatio = copyMs / downloadMs;
    const rate = (ms: number) => `${(mb(contentBytes) / (ms / 1000)).toFixed(0)} MB/s`;
    console.log(
      `200 MB: fs copy ${copyMs.toFixed(0)} ms (${rate(copyMs)}), upload ${uploadMs.toFixed(0)} ms (${rate(uploadMs)}), download ${downloadMs.toFixed(0)} ms (${rate(downloadMs)})`,
    );
    console.log(
      `rss: before ${mb(rssBefore).toFixed(0)} MB, peak ${mb(rssPeak).toFixed(0)} MB, after ${mb(rssAfter).toFixed(0)} MB (content ${mb(contentBytes).toFixed(0)} MB)`,
    );
    console.log(
      `target service.drive-upload-vs-fs: ${uploadRatio.toFixed(2)} ratio (goal >= ${throughputGoal}) ${uploadRatio >= throughputGoal ? 'ok' : 'miss'}`,
    );
    console.log(
      `target service.drive-download-vs-fs: ${downloadRatio.toFixed(2)} ratio (goal >= ${throughputGoal}) ${downloadRatio >= throughputGoal ? 'ok' : 'miss'}`,
    );
    return {
      copyMs,
      uploadMs,
      downloadMs,
      uploadRatio,
      downloadRatio,
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(rssPeak),
      rssAfterMb: mb(rssAfter),
    };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<DriveBenchResult> {
  const listing = await listingRatio();
  const content = await throughput();
  return { ...listing, ...content };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const only = process.argv[2];
  const chosen = only === 'content' ? throughput : only === 'listing' ? listingRatio : run;
  chosen().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
