import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobPathOf, reasonOf, startDriveTestService, type DriveTestService } from './test-support';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('Drive files: create, get, list', () => {
  let t: DriveTestService;
  let folderId: string;

  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a folder with metadata only, in the root by default', async () => {
    const created = await t.alice.client.files.create({
      requestBody: { name: 'Projects', mimeType: 'application/vnd.google-apps.folder' },
      fields: 'id,name,mimeType,parents,ownedByMe,capabilities(canAddChildren)',
    });
    folderId = created.data.id!;
    expect(created.data.name).toBe('Projects');
    expect(created.data.ownedByMe).toBe(true);
    expect(created.data.capabilities?.canAddChildren).toBe(true);
    const root = await t.alice.client.files.get({ fileId: 'root', fields: 'id,name' });
    expect(root.data.name).toBe('My Drive');
    expect(created.data.parents).toEqual([root.data.id]);
  });

  it('uploads multipart content and downloads it back with alt=media', async () => {
    const text = 'hello from a multipart upload\n';
    const created = await t.alice.client.files.create(
      {
        requestBody: { name: 'notes.txt', parents: [folderId] },
        media: { mimeType: 'text/plain', body: text },
        fields:
          'id,name,mimeType,size,md5Checksum,parents,fullFileExtension,fileExtension,headRevisionId,version,quotaBytesUsed',
      },
      t.media,
    );
    expect(created.data).toMatchObject({
      name: 'notes.txt',
      mimeType: 'text/plain',
      size: String(Buffer.byteLength(text)),
      md5Checksum: createHash('md5').update(text).digest('hex'),
      parents: [folderId],
      fullFileExtension: 'txt',
      fileExtension: 'txt',
      quotaBytesUsed: String(Buffer.byteLength(text)),
    });
    expect(created.data.headRevisionId).toBeTruthy();

    const content = await t.alice.client.files.get(
      { fileId: created.data.id!, alt: 'media' },
      { responseType: 'text' },
    );
    expect(content.data).toBe(text);

    // The bytes live on disk, addressed by their digest, never in the database.
    const blobPath = blobPathOf(t.dataDir, text);
    expect(existsSync(blobPath)).toBe(true);
    expect(readFileSync(blobPath, 'utf8')).toBe(text);
  });

  it('uploads media without metadata: Untitled, type detected from the bytes', async () => {
    const created = await t.alice.client.files.create(
      { media: { body: Readable.from([png]) }, fields: 'id,name,mimeType,size' },
      t.media,
    );
    expect(created.data).toMatchObject({ name: 'Untitled', mimeType: 'image/png', size: String(png.length) });
  });

  it('falls back to the extension, then to application/octet-stream', async () => {
    const byName = await t.alice.client.files.create(
      {
        requestBody: { name: 'table.csv' },
        media: { body: Readable.from([Buffer.from('a,b\n1,2\n')]) },
        fields: 'mimeType',
      },
      t.media,
    );
    expect(byName.data.mimeType).toBe('text/csv');
    const unknown = await t.alice.client.files.create(
      {
        requestBody: { name: 'blob' },
        media: { body: Readable.from([Buffer.from([1, 2, 3, 4])]) },
        fields: 'mimeType',
      },
      t.media,
    );
    expect(unknown.data.mimeType).toBe('application/octet-stream');
  });

  it("lists a folder with '<id>' in parents and trashed = false, folders first then by name, in pages", async () => {
    for (const name of ['b.txt', 'A.txt', 'c.txt']) {
      await t.alice.client.files.create({ requestBody: { name, parents: [folderId], mimeType: 'text/plain' } });
    }
    await t.alice.client.files.create({
      requestBody: { name: 'zeta', parents: [folderId], mimeType: 'application/vnd.google-apps.folder' },
    });
    await t.alice.client.files.create({
      requestBody: { name: 'Alpha', parents: [folderId], mimeType: 'application/vnd.google-apps.folder' },
    });
    const gone = await t.alice.client.files.create({ requestBody: { name: 'aaa-trashed', parents: [folderId] } });
    await t.alice.client.files.update({ fileId: gone.data.id!, requestBody: { trashed: true } });

    const q = `'${folderId}' in parents and trashed = false`;
    const all = await t.alice.client.files.list({ q, orderBy: 'folder,name' });
    expect(all.data.files!.map((f) => f.name)).toEqual(['Alpha', 'zeta', 'A.txt', 'b.txt', 'c.txt', 'notes.txt']);

    const names: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await t.alice.client.files.list({ q, orderBy: 'folder,name', pageSize: 4, pageToken });
      names.push(...page.data.files!.map((f) => f.name!));
      pageToken = page.data.nextPageToken ?? undefined;
      pages++;
    } while (pageToken);
    expect(pages).toBe(2);
    expect(names).toEqual(['Alpha', 'zeta', 'A.txt', 'b.txt', 'c.txt', 'notes.txt']);

    const desc = await t.alice.client.files.list({ q, orderBy: 'folder,name desc' });
    expect(desc.data.files!.map((f) => f.name)).toEqual(['zeta', 'Alpha', 'notes.txt', 'c.txt', 'b.txt', 'A.txt']);
  });

  it("accepts 'root' as a folder id in queries", async () => {
    const list = await t.alice.client.files.list({
      q: "'root' in parents and mimeType = 'application/vnd.google-apps.folder'",
    });
    expect(list.data.files!.map((f) => f.name)).toEqual(['Projects']);
  });

  it("answers Google's default fields when none are asked for", async () => {
    const list = await t.alice.client.files.list({ q: `'${folderId}' in parents`, pageSize: 1 });
    expect(Object.keys(list.data).sort()).toEqual(['files', 'incompleteSearch', 'kind', 'nextPageToken']);
    expect(Object.keys(list.data.files![0]!).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    const got = await t.alice.client.files.get({ fileId: folderId });
    expect(got.data).toEqual({
      kind: 'drive#file',
      id: folderId,
      name: 'Projects',
      mimeType: 'application/vnd.google-apps.folder',
    });
  });

  it('keeps other users out: 404 for a file they cannot see, nothing in their lists', async () => {
    const refused = await reasonOf(t.bob.client.files.get({ fileId: folderId }));
    expect(refused).toMatchObject({ status: 404, reason: 'notFound' });
    const list = await t.bob.client.files.list({ q: `'${folderId}' in parents` });
    expect(list.data.files).toEqual([]);
    const search = await t.bob.client.files.list({ q: "name contains 'notes'" });
    expect(search.data.files).toEqual([]);
  });
});
