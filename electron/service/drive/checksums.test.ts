import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Store } from '../store/store';
import { ChecksumCache } from './content/checksums';
import { driveMigrations } from './schema';
import { startDriveTestService, type DriveTestService } from './test-support';

const digestOf = (algorithm: string, data: Buffer | string) => createHash(algorithm).update(data).digest('hex');

describe('SHA-1 and SHA-256 checksums of content', () => {
  let t: DriveTestService;
  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => {
    await t.close();
  });

  const upload = async (content: Buffer, name: string) =>
    (
      await t.alice.client.files.create(
        {
          requestBody: { name },
          media: { mimeType: 'application/octet-stream', body: Readable.from([content]) },
          fields: 'id',
        },
        t.media,
      )
    ).data.id!;

  it('are computed when a request names them, then kept and reported with every field', async () => {
    const content = randomBytes(3 * 1024 * 1024 + 7);
    const id = await upload(content, 'sums.bin');

    // Not computed yet: a request for every field leaves them out, as Drive does when they are not available.
    const everything = await t.alice.client.files.get({ fileId: id, fields: '*' });
    expect(everything.data.md5Checksum).toBe(digestOf('md5', content));
    expect(everything.data).not.toHaveProperty('sha256Checksum');
    expect(everything.data).not.toHaveProperty('sha1Checksum');

    const named = await t.alice.client.files.get({ fileId: id, fields: 'sha1Checksum,sha256Checksum' });
    expect(named.data).toEqual({
      sha1Checksum: digestOf('sha1', content),
      sha256Checksum: digestOf('sha256', content),
    });

    const later = await t.alice.client.files.get({ fileId: id, fields: '*' });
    expect(later.data.sha256Checksum).toBe(digestOf('sha256', content));
    expect(later.data.sha1Checksum).toBe(digestOf('sha1', content));
  });

  it('are computed for every file of a listed page and of a changes page that names them', async () => {
    const start = (await t.alice.client.changes.getStartPageToken({})).data.startPageToken!;
    const contents = [randomBytes(100_000), randomBytes(200_001), Buffer.from('small text')];
    const folder = (
      await t.alice.client.files.create({
        requestBody: { name: 'sums', mimeType: 'application/vnd.google-apps.folder' },
        fields: 'id',
      })
    ).data.id!;
    for (const [i, content] of contents.entries()) {
      await t.alice.client.files.create(
        {
          requestBody: { name: `f${i}`, parents: [folder] },
          media: { mimeType: 'application/octet-stream', body: Readable.from([content]) },
          fields: 'id',
        },
        t.media,
      );
    }
    const listed = await t.alice.client.files.list({
      q: `'${folder}' in parents`,
      orderBy: 'name',
      fields: 'files(name,sha256Checksum)',
    });
    expect(listed.data.files).toEqual(
      contents.map((c, i) => ({ name: `f${i}`, sha256Checksum: digestOf('sha256', c) })),
    );

    const changes = await t.alice.client.changes.list({
      pageToken: start,
      fields: 'changes(file(name,sha1Checksum))',
    });
    const reported = changes.data.changes!.flatMap((c) => (c.file?.name?.startsWith('f') ? [c.file] : []));
    expect(reported).toEqual(contents.map((c, i) => ({ name: `f${i}`, sha1Checksum: digestOf('sha1', c) })));
  });

  it('are reported in the answer to an upload that names them', async () => {
    const content = randomBytes(50_000);
    const created = await t.alice.client.files.create(
      {
        requestBody: { name: 'answered.bin' },
        media: { mimeType: 'application/octet-stream', body: Readable.from([content]) },
        fields: 'id,sha256Checksum',
      },
      t.media,
    );
    expect(created.data.sha256Checksum).toBe(digestOf('sha256', content));
  });

  it('are not reported for folders or native documents', async () => {
    const doc = await t.alice.client.files.create({
      requestBody: { name: 'Notes', mimeType: 'application/vnd.google-apps.document' },
      fields: 'id,sha256Checksum,sha1Checksum',
    });
    expect(doc.data).toEqual({ id: doc.data.id });
  });
});

describe('content stored before BLAKE3 addresses', () => {
  it('keeps its old address, which is its SHA-256: known without hashing again', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-drive-checksums-'));
    try {
      const path = join(dataDir, 'atrium.sqlite');
      const old = new Store(path, [{ area: 'drive', migrations: [driveMigrations.migrations[0]!] }]);
      const content = 'stored long ago';
      const sha256 = digestOf('sha256', content);
      old.db
        .prepare('INSERT INTO drive_blobs (sha256, size, md5) VALUES (?, ?, ?)')
        .run(sha256, content.length, digestOf('md5', content));
      old.close();

      const store = new Store(path, [driveMigrations]);
      try {
        // The file on disk is never read: none is there.
        const checksums = new ChecksumCache(store, (address) => join(dataDir, 'missing', address));
        expect(checksums.of(sha256)).toEqual({ sha256 });
      } finally {
        store.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
