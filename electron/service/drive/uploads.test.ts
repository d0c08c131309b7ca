import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedService } from '../server';
import { blobPathOf, reasonOf, startDriveTestService, type DriveTestService } from './test-support';

/** Sends the first `sendBytes` of a chunk request, waits until `arrived()` says the service has some, then drops the connection. */
function putAndDrop(
  url: string,
  token: string,
  headers: Record<string, string>,
  body: Buffer,
  sendBytes: number,
  arrived: () => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Length': String(body.length), ...headers },
    });
    req.on('error', () => resolve());
    req.write(body.subarray(0, sendBytes), () => {
      const poll = setInterval(() => {
        if (!arrived()) return;
        clearInterval(poll);
        req.destroy();
        resolve();
      }, 10);
    });
  });
}

/** Every file under the blob store (content and temporary files), relative to it. */
function blobFiles(dataDir: string): string[] {
  const root = join(dataDir, 'blobs');
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

const digestOf = (algorithm: string, content: Buffer) => createHash(algorithm).update(content).digest('hex');

describe('Drive uploads, downloads and revisions', () => {
  let t: DriveTestService;

  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => {
    await t.close();
  });

  it('resumes an interrupted resumable upload from the last byte received', async () => {
    const content = randomBytes(2_000_000);
    const start = await t.call(t.alice.token, 'POST', '/upload/drive/v3/files?uploadType=resumable', {
      body: JSON.stringify({ name: 'big.bin' }),
      headers: {
        'Content-Type': 'application/json; charset=UTF-8',
        'X-Upload-Content-Type': 'application/octet-stream',
        'X-Upload-Content-Length': String(content.length),
      },
    });
    expect(start.status).toBe(200);
    const location = start.headers.get('location')!;
    expect(location).toContain('upload_id=');

    // First chunk, cut off part way (once the service has opened the session's file for it: the bytes
    // sent before the cut reach it ahead of the connection's end).
    const partial = join(t.dataDir, 'blobs', 'tmp', `upload-${new URL(location).searchParams.get('upload_id')}`);
    const arrived = () => existsSync(partial);
    await putAndDrop(
      location,
      t.alice.token,
      { 'Content-Range': `bytes 0-${content.length - 1}/${content.length}` },
      content,
      700_000,
      arrived,
    );

    // Ask where to resume; the bytes that arrived were kept.
    let received = -1;
    for (let attempt = 0; attempt < 50; attempt++) {
      const status = await fetch(location, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes */${content.length}` },
      });
      expect(status.status).toBe(308);
      const range = status.headers.get('range');
      const now = range ? Number(/bytes=0-(\d+)/.exec(range)![1]) + 1 : 0;
      if (now > 0 && now === received) break;
      received = now;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(700_000);

    // A chunk that does not finish the upload answers 308 with the new range.
    const middle = Math.min(received + 500_000, content.length - 1);
    const chunk = await fetch(location, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${t.alice.token}`,
        'Content-Range': `bytes ${received}-${middle - 1}/${content.length}`,
      },
      body: content.subarray(received, middle),
    });
    expect(chunk.status).toBe(308);
    expect(chunk.headers.get('range')).toBe(`bytes=0-${middle - 1}`);

    const rest = await fetch(location, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${t.alice.token}`,
        'Content-Range': `bytes ${middle}-${content.length - 1}/${content.length}`,
      },
      body: content.subarray(middle),
    });
    expect(rest.status).toBe(200);
    const file = (await rest.json()) as { id: string; name: string };
    expect(file.name).toBe('big.bin');

    const meta = await t.alice.client.files.get({ fileId: file.id, fields: 'size,md5Checksum,sha256Checksum' });
    expect(meta.data.size).toBe(String(content.length));
    expect(meta.data.md5Checksum).toBe(createHash('md5').update(content).digest('hex'));
    expect(meta.data.sha256Checksum).toBe(createHash('sha256').update(content).digest('hex'));
    const download = await t.alice.client.files.get({ fileId: file.id, alt: 'media' }, { responseType: 'arraybuffer' });
    expect(Buffer.from(download.data as ArrayBuffer).equals(content)).toBe(true);

    // The finished session answers with the file again.
    const again = await fetch(location, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes */${content.length}` },
    });
    expect(again.status).toBe(200);
    // Another user cannot use the session.
    const stranger = await fetch(location, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${t.bob.token}`, 'Content-Range': `bytes */${content.length}` },
    });
    expect(stranger.status).toBe(404);
  });

  it('stores media and multipart uploads of several megabytes with exact checksums, content-addressed', async () => {
    const content = randomBytes(5 * 1024 * 1024 + 12345);
    for (const uploadType of ['media', 'multipart'] as const) {
      const created = await t.alice.client.files.create(
        {
          uploadType,
          ...(uploadType === 'multipart' ? { requestBody: { name: 'big-multipart.bin' } } : {}),
          media: { mimeType: 'application/octet-stream', body: Readable.from([content]) },
          fields: 'id,size,md5Checksum,sha256Checksum',
        },
        t.media,
      );
      expect(created.data).toMatchObject({
        size: String(content.length),
        md5Checksum: digestOf('md5', content),
        sha256Checksum: digestOf('sha256', content),
      });
      expect(readFileSync(blobPathOf(t.dataDir, content)).equals(content)).toBe(true);
      const download = await t.alice.client.files.get(
        { fileId: created.data.id!, alt: 'media' },
        { responseType: 'arraybuffer' },
      );
      expect(Buffer.from(download.data as ArrayBuffer).equals(content)).toBe(true);
    }
  });

  it('a media upload cut off mid-body stores nothing, leaves no partial file, and the service goes on', async () => {
    const before = t.digest();
    const filesBefore = blobFiles(t.dataDir);
    await new Promise<void>((resolve) => {
      const req = request(`${t.service.url}/upload/drive/v3/files?uploadType=media`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${t.alice.token}`,
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(3_000_000),
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // Cut off once the service is storing the content (its temporary file exists).
      req.write(randomBytes(1_500_000), () => {
        const poll = setInterval(() => {
          if (blobFiles(t.dataDir).length === filesBefore.length) return;
          clearInterval(poll);
          req.destroy();
        }, 10);
      });
    });
    // The handler finishes on its own (the temporary file goes once it has): nothing was kept.
    for (let waited = 0; waited < 5000 && blobFiles(t.dataDir).join() !== filesBefore.join(); waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    expect(blobFiles(t.dataDir)).toEqual(filesBefore);
    expect(t.digest()).toBe(before);
    const after = await t.alice.client.files.create(
      { media: { mimeType: 'text/plain', body: 'still here' }, fields: 'id,size' },
      t.media,
    );
    expect(after.data.size).toBe('10');
  });

  it('drops a resumable session a week after it started, with the bytes it received', async () => {
    const day = 24 * 3600_000;
    const content = randomBytes(100_000);
    const begin = async () => {
      const start = await t.call(t.alice.token, 'POST', '/upload/drive/v3/files?uploadType=resumable', {
        body: JSON.stringify({ name: 'abandoned.bin' }),
        headers: { 'Content-Type': 'application/json; charset=UTF-8' },
      });
      expect(start.status).toBe(200);
      const location = start.headers.get('location')!;
      const half = await fetch(location, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes 0-49999/${content.length}` },
        body: content.subarray(0, 50_000),
      });
      expect(half.status).toBe(308);
      const id = new URL(location).searchParams.get('upload_id')!;
      return { id, location, partial: join(t.dataDir, 'blobs', 'tmp', `upload-${id}`) };
    };
    const recorded = (id: string) =>
      t.service.context.store.db.prepare('SELECT 1 FROM drive_upload_sessions WHERE id = ?').get(id) !== undefined;
    const resumed = await begin();
    const abandoned = await begin();
    try {
      t.advance(7 * day - 60_000);
      // Still alive just before the week is out.
      const query = await fetch(resumed.location, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes */${content.length}` },
      });
      expect(query.status).toBe(308);
      expect(query.headers.get('range')).toBe('bytes=0-49999');

      t.advance(2 * 60_000);
      const late = await fetch(resumed.location, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes 50000-99999/${content.length}` },
        body: content.subarray(50_000),
      });
      expect(late.status).toBe(404);
      expect(existsSync(resumed.partial)).toBe(false);
      expect(recorded(resumed.id)).toBe(false);
      expect(recorded(abandoned.id)).toBe(true);

      // The abandoned one goes when another session starts.
      expect(existsSync(abandoned.partial)).toBe(true);
      const fresh = await begin();
      expect(existsSync(abandoned.partial)).toBe(false);
      expect(recorded(abandoned.id)).toBe(false);
      expect(recorded(fresh.id)).toBe(true);
      const rest = await fetch(fresh.location, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${t.alice.token}`, 'Content-Range': `bytes 50000-99999/${content.length}` },
        body: content.subarray(50_000),
      });
      expect(rest.status).toBe(200);
    } finally {
      t.advance(-(7 * day + 60_000));
    }
  });

  it('replaces a torn file left at a content address no row records, and keeps one a row does', async () => {
    const content = randomBytes(300_000);
    const path = blobPathOf(t.dataDir, content);
    // What a crash between renaming a new blob into place and flushing it can leave behind.
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content.subarray(0, 1000));
    const upload = async () =>
      (
        await t.alice.client.files.create(
          { media: { mimeType: 'application/octet-stream', body: Readable.from([content]) }, fields: 'id' },
          t.media,
        )
      ).data.id!;
    const first = await upload();
    expect(readFileSync(path).equals(content)).toBe(true);
    const inode = statSync(path).ino;
    // The same content again: the recorded blob is used as it is.
    const second = await upload();
    expect(statSync(path).ino).toBe(inode);
    for (const id of [first, second]) {
      const download = await t.alice.client.files.get({ fileId: id, alt: 'media' }, { responseType: 'arraybuffer' });
      expect(Buffer.from(download.data as ArrayBuffer).equals(content)).toBe(true);
    }
  });

  it('finishes a resumable upload begun before a restart, hashing the whole file then', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-drive-restart-'));
    const user = { email: 'restart@example.com', token: 'restart-token' };
    const content = randomBytes(3 * 256 * 1024 + 777);
    const head = 2 * 256 * 1024;
    try {
      let service = await startEmbeddedService({ dataDir, port: 0, users: [user] });
      const start = await fetch(`${service.url}/upload/drive/v3/files?uploadType=resumable`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${user.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'across-restart.bin' }),
      });
      const uploadId = new URL(start.headers.get('location')!).searchParams.get('upload_id')!;
      const first = await fetch(start.headers.get('location')!, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${user.token}`, 'Content-Range': `bytes 0-${head - 1}/${content.length}` },
        body: content.subarray(0, head),
      });
      expect(first.status).toBe(308);
      await service.close();

      service = await startEmbeddedService({ dataDir, port: 0 });
      const rest = await fetch(`${service.url}/upload/drive/v3/files?uploadType=resumable&upload_id=${uploadId}`, {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${user.token}`,
          'Content-Range': `bytes ${head}-${content.length - 1}/${content.length}`,
        },
        body: content.subarray(head),
      });
      expect(rest.status).toBe(200);
      const id = ((await rest.json()) as { id: string }).id;
      const meta = await fetch(`${service.url}/drive/v3/files/${id}?fields=size,md5Checksum,sha256Checksum`, {
        headers: { Authorization: `Bearer ${user.token}` },
      });
      expect(await meta.json()).toEqual({
        size: String(content.length),
        md5Checksum: digestOf('md5', content),
        sha256Checksum: digestOf('sha256', content),
      });
      await service.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a download the client cuts off ends quietly: no error logged, no file left open, the next one whole', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-drive-cutoff-'));
    const user = { email: 'cutoff@example.com', token: 'cutoff-token' };
    const logged: string[] = [];
    const service = await startEmbeddedService({ dataDir, port: 0, users: [user], log: (m) => logged.push(m) });
    /** One request on its own connection; `cutAt` bytes into the answer, the client hangs up. */
    const exchange = (method: string, path: string, body?: Buffer, cutAt = Infinity) =>
      new Promise<Buffer>((resolve) => {
        const req = request(
          `${service.url}${path}`,
          { method, agent: false, headers: { Authorization: `Bearer ${user.token}` } },
          (res) => {
            const chunks: Buffer[] = [];
            let received = 0;
            res.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              received += chunk.length;
              if (received >= cutAt) req.destroy();
            });
            res.on('close', () => resolve(Buffer.concat(chunks)));
          },
        );
        req.on('error', () => resolve(Buffer.alloc(0)));
        req.end(body);
      });
    try {
      const content = randomBytes(6 * 1024 * 1024);
      const created = await exchange('POST', '/upload/drive/v3/files?uploadType=media', content);
      const id = (JSON.parse(created.toString('utf8')) as { id: string }).id;
      const openFiles = () => process.getActiveResourcesInfo().filter((r) => r === 'FileHandle').length;
      const before = openFiles();
      for (const cutAt of [1, 300_000, 3_000_000])
        await exchange('GET', `/drive/v3/files/${id}?alt=media`, undefined, cutAt);
      for (let waited = 0; openFiles() > before && waited < 2000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      expect(openFiles()).toBe(before);
      expect((await exchange('GET', `/drive/v3/files/${id}?alt=media`)).equals(content)).toBe(true);
      expect(logged).toEqual([]);
    } finally {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('replaces content through a resumable update sent in one PUT', async () => {
    const file = await t.alice.client.files.create(
      {
        requestBody: { name: 'resumable-update.txt' },
        media: { mimeType: 'text/plain', body: 'before' },
        fields: 'id,headRevisionId',
      },
      t.media,
    );
    const start = await t.call(t.alice.token, 'PATCH', `/upload/drive/v3/files/${file.data.id}?uploadType=resumable`, {
      body: JSON.stringify({ description: 'updated by a session' }),
      headers: { 'Content-Type': 'application/json', 'X-Upload-Content-Type': 'text/plain' },
    });
    expect(start.status).toBe(200);
    const done = await fetch(start.headers.get('location')!, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${t.alice.token}` },
      body: 'after',
    });
    expect(done.status).toBe(200);
    const meta = await t.alice.client.files.get({
      fileId: file.data.id!,
      fields: 'description,size,headRevisionId,mimeType',
    });
    expect(meta.data).toMatchObject({ description: 'updated by a session', size: '5', mimeType: 'text/plain' });
    expect(meta.data.headRevisionId).not.toBe(file.data.headRevisionId);
    const bytes = await t.alice.client.files.get({ fileId: file.data.id!, alt: 'media' }, { responseType: 'text' });
    expect(bytes.data).toBe('after');
  });

  it('serves byte ranges with 206', async () => {
    const file = await t.alice.client.files.create(
      { requestBody: { name: 'digits.txt' }, media: { mimeType: 'text/plain', body: '0123456789' }, fields: 'id' },
      t.media,
    );
    const part = await t.call(t.alice.token, 'GET', `/drive/v3/files/${file.data.id}?alt=media`, {
      headers: { Range: 'bytes=2-5' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await part.text()).toBe('2345');
    const tail = await t.call(t.alice.token, 'GET', `/drive/v3/files/${file.data.id}?alt=media`, {
      headers: { Range: 'bytes=-3' },
    });
    expect(await tail.text()).toBe('789');
    const outside = await t.call(t.alice.token, 'GET', `/drive/v3/files/${file.data.id}?alt=media`, {
      headers: { Range: 'bytes=50-60' },
    });
    expect(outside.status).toBe(416);
  });

  it('keeps a head revision per content upload and serves old ones with alt=media', async () => {
    const created = await t.alice.client.files.create(
      {
        requestBody: { name: 'draft.txt' },
        media: { mimeType: 'text/plain', body: 'v1' },
        fields: 'id,headRevisionId,version',
      },
      t.media,
    );
    const id = created.data.id!;
    const updated = await t.alice.client.files.update(
      { fileId: id, media: { mimeType: 'text/plain', body: 'version two' }, fields: 'headRevisionId,version,size' },
      t.media,
    );
    expect(updated.data.headRevisionId).not.toBe(created.data.headRevisionId);
    expect(Number(updated.data.version)).toBeGreaterThan(Number(created.data.version));
    expect(updated.data.size).toBe('11');

    const revisions = await t.alice.client.revisions.list({
      fileId: id,
      fields: 'revisions(id,size,keepForever,md5Checksum)',
    });
    expect(revisions.data.revisions!.map((r) => r.id)).toEqual([
      created.data.headRevisionId,
      updated.data.headRevisionId,
    ]);
    const first = await t.alice.client.revisions.get(
      { fileId: id, revisionId: created.data.headRevisionId!, alt: 'media' },
      { responseType: 'text' },
    );
    expect(first.data).toBe('v1');
    const defaults = await t.alice.client.revisions.get({ fileId: id, revisionId: created.data.headRevisionId! });
    expect(Object.keys(defaults.data).sort()).toEqual(['id', 'kind', 'mimeType', 'modifiedTime']);
  });

  it('purges unpinned revisions 30 days after newer content, keeps pinned ones and their content', async () => {
    const a = Buffer.from(`pinned ${Math.random()}`);
    const b = Buffer.from(`dropped ${Math.random()}`);
    const created = await t.alice.client.files.create(
      {
        requestBody: { name: 'history.txt' },
        keepRevisionForever: true,
        media: { mimeType: 'text/plain', body: a.toString() },
        fields: 'id,headRevisionId',
      },
      t.media,
    );
    const id = created.data.id!;
    const second = await t.alice.client.files.update(
      { fileId: id, media: { mimeType: 'text/plain', body: b.toString() }, fields: 'headRevisionId' },
      t.media,
    );
    await t.alice.client.files.update(
      { fileId: id, media: { mimeType: 'text/plain', body: 'head' }, fields: 'id' },
      t.media,
    );
    const quota = await t.alice.client.files.get({ fileId: id, fields: 'quotaBytesUsed' });
    expect(quota.data.quotaBytesUsed).toBe(String(a.length + 4));

    const blobOf = (buf: Buffer) => blobPathOf(t.dataDir, buf);
    expect(existsSync(blobOf(b))).toBe(true);
    t.advance(29 * 24 * 3600_000);
    expect((await t.alice.client.revisions.list({ fileId: id })).data.revisions).toHaveLength(3);
    t.advance(2 * 24 * 3600_000);
    const after = await t.alice.client.revisions.list({ fileId: id, fields: 'revisions(id,keepForever)' });
    t.advance(-31 * 24 * 3600_000);
    expect(after.data.revisions!.map((r) => r.id)).not.toContain(second.data.headRevisionId);
    expect(after.data.revisions).toHaveLength(2);
    expect(after.data.revisions![0]).toMatchObject({ id: created.data.headRevisionId, keepForever: true });
    // The dropped content is removed after the purge's commit, off the request's path.
    await vi.waitFor(() => expect(existsSync(blobOf(b))).toBe(false), { timeout: 5000, interval: 10 });
    expect(existsSync(blobOf(a))).toBe(true);
  });

  it('allows 200 pinned revisions per file and refuses the 201st, changing nothing', async () => {
    const created = await t.alice.client.files.create(
      {
        requestBody: { name: 'pinned.txt' },
        keepRevisionForever: true,
        media: { mimeType: 'text/plain', body: 'r0' },
        fields: 'id',
      },
      t.media,
    );
    const id = created.data.id!;
    // Ten uploads at a time: their order does not matter here.
    for (let i = 1; i < 200; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, 200 - i) }, (_, k) =>
          t.alice.client.files.update(
            {
              fileId: id,
              keepRevisionForever: true,
              media: { mimeType: 'text/plain', body: `r${i + k}` },
              fields: 'id',
            },
            t.media,
          ),
        ),
      );
    }
    const listed = await t.alice.client.revisions.list({
      fileId: id,
      pageSize: 1000,
      fields: 'revisions(keepForever)',
    });
    expect(listed.data.revisions).toHaveLength(200);
    expect(listed.data.revisions!.every((r) => r.keepForever)).toBe(true);

    const before = t.digest();
    const refused = await reasonOf(
      t.alice.client.files.update(
        { fileId: id, keepRevisionForever: true, media: { mimeType: 'text/plain', body: 'r200' } },
        t.media,
      ),
    );
    expect(refused).toMatchObject({ status: 403, reason: 'revisionsKeptForeverLimitExceeded' });
    expect(t.digest()).toBe(before);
    const unpinnedUpload = await t.alice.client.files.update(
      { fileId: id, media: { mimeType: 'text/plain', body: 'r200' }, fields: 'headRevisionId' },
      t.media,
    );
    const pinAgain = await reasonOf(
      t.alice.client.revisions.update({
        fileId: id,
        revisionId: unpinnedUpload.data.headRevisionId!,
        requestBody: { keepForever: true },
      }),
    );
    expect(pinAgain).toMatchObject({ status: 403, reason: 'revisionsKeptForeverLimitExceeded' });
  });

  it('deletes revisions but never the last remaining one', async () => {
    const created = await t.alice.client.files.create(
      {
        requestBody: { name: 'one.txt' },
        media: { mimeType: 'text/plain', body: 'only' },
        fields: 'id,headRevisionId',
      },
      t.media,
    );
    const id = created.data.id!;
    expect(
      await reasonOf(t.alice.client.revisions.delete({ fileId: id, revisionId: created.data.headRevisionId! })),
    ).toMatchObject({
      status: 403,
      reason: 'cannotDeleteOnlyRevision',
    });
    const next = await t.alice.client.files.update(
      { fileId: id, media: { mimeType: 'text/plain', body: 'newer' }, fields: 'headRevisionId' },
      t.media,
    );
    await t.alice.client.revisions.delete({ fileId: id, revisionId: created.data.headRevisionId! });
    const remaining = await t.alice.client.revisions.list({ fileId: id });
    expect(remaining.data.revisions!.map((r) => r.id)).toEqual([next.data.headRevisionId]);
    expect(
      await reasonOf(
        t.alice.client.revisions.update({
          fileId: id,
          revisionId: next.data.headRevisionId!,
          requestBody: { size: '3' } as never,
        }),
      ),
    ).toMatchObject({
      status: 403,
      reason: 'fieldNotWritable',
    });
  });

  it('rejects a malformed multipart body and keeps nothing', async () => {
    const before = t.digest();
    const answer = await t.call(t.alice.token, 'POST', '/upload/drive/v3/files?uploadType=multipart', {
      headers: { 'Content-Type': 'multipart/related; boundary=xyz' },
      body: '--xyz\r\ncontent-type: application/json\r\n\r\n{"name":"half"}\r\n--xyz\r\ncontent-type: text/plain\r\n\r\nno closing boundary',
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason).toBe(
      'badContent',
    );
    expect(t.digest()).toBe(before);
  });
});
