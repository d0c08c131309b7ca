import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

const folderType = 'application/vnd.google-apps.folder';
const docType = 'application/vnd.google-apps.document';

describe('Drive file lifecycle: update, move, copy, trash, delete, export, ids', () => {
  let t: DriveTestService;
  const folder = async (name: string, parents?: string[], client = t.alice.client) =>
    (await client.files.create({ requestBody: { name, mimeType: folderType, ...(parents ? { parents } : {}) } })).data
      .id!;
  const file = async (name: string, parents?: string[], client = t.alice.client) =>
    (await client.files.create({ requestBody: { name, ...(parents ? { parents } : {}) } })).data.id!;

  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => {
    await t.close();
  });

  it('patches metadata: properties with null clearing, extensions following the name, folder colours snapped to the palette', async () => {
    const id = (
      await t.alice.client.files.create({
        requestBody: { name: 'archive.tar.gz', properties: { a: '1', b: '2' }, appProperties: { x: 'y' } },
        fields: 'id',
      })
    ).data.id!;
    const first = await t.alice.client.files.get({ fileId: id, fields: 'fullFileExtension,fileExtension,version' });
    expect(first.data).toMatchObject({ fullFileExtension: 'tar.gz', fileExtension: 'gz' });
    const patched = await t.alice.client.files.update({
      fileId: id,
      requestBody: {
        name: 'archive',
        properties: { a: null as unknown as string, c: '3' },
        appProperties: { x: null as unknown as string },
      },
      fields: 'name,properties,appProperties,fullFileExtension,version',
    });
    expect(patched.data).toMatchObject({
      name: 'archive',
      properties: { b: '2', c: '3' },
      appProperties: {},
      fullFileExtension: 'tar.gz',
    });
    expect(Number(patched.data.version)).toBeGreaterThan(Number(first.data.version));

    const colored = await t.alice.client.files.create({
      requestBody: { name: 'red', mimeType: folderType, folderColorRgb: '#fa0000' },
      fields: 'folderColorRgb',
    });
    expect(colored.data.folderColorRgb).toBe('#f83a22');
  });

  it('rejects read-only fields and a second parent, changing nothing', async () => {
    const id = await file('fixed.txt');
    const other = await folder('elsewhere');
    const before = t.digest();
    expect(
      await reasonOf(t.alice.client.files.update({ fileId: id, requestBody: { size: '5' } as never })),
    ).toMatchObject({ status: 403, reason: 'fieldNotWritable' });
    expect(await reasonOf(t.alice.client.files.update({ fileId: id, addParents: other }))).toMatchObject({
      status: 403,
      reason: 'cannotAddParent',
    });
    expect(
      await reasonOf(t.alice.client.files.create({ requestBody: { name: 'two', parents: [other, 'root'] } })),
    ).toMatchObject({ status: 403, reason: 'cannotAddParent' });
    expect(
      await reasonOf(t.alice.client.files.update({ fileId: id, requestBody: { mimeType: 'image/png' } })),
    ).toMatchObject({ status: 400 });
    expect(t.digest()).toBe(before);
  });

  it('moves with addParents/removeParents and refuses cycles', async () => {
    const a = await folder('A');
    const b = await folder('B', [a]);
    const id = await file('moving.txt', [a]);
    const moved = await t.alice.client.files.update({ fileId: id, addParents: b, removeParents: a, fields: 'parents' });
    expect(moved.data.parents).toEqual([b]);
    expect(
      await reasonOf(t.alice.client.files.update({ fileId: a, addParents: b, removeParents: 'root' })),
    ).toMatchObject({ status: 400 });
  });

  it('trashes through parents: explicitlyTrashed only on the item trashed, restore brings back the rest', async () => {
    const top = await folder('top');
    const mid = await folder('mid', [top]);
    const leaf = await file('leaf.txt', [mid]);
    const separately = await file('separately.txt', [mid]);
    await t.alice.client.files.update({ fileId: separately, requestBody: { trashed: true } });
    await t.alice.client.files.update({ fileId: top, requestBody: { trashed: true } });
    const state = async (id: string) =>
      (await t.alice.client.files.get({ fileId: id, fields: 'trashed,explicitlyTrashed' })).data;
    expect(await state(top)).toEqual({ trashed: true, explicitlyTrashed: true });
    expect(await state(leaf)).toEqual({ trashed: true, explicitlyTrashed: false });
    expect((await t.alice.client.files.list({ q: `'${mid}' in parents and trashed = false` })).data.files).toEqual([]);

    await t.alice.client.files.update({ fileId: top, requestBody: { trashed: false } });
    expect(await state(leaf)).toEqual({ trashed: false, explicitlyTrashed: false });
    expect(await state(separately)).toEqual({ trashed: true, explicitlyTrashed: true });
  });

  it('empties the trash permanently', async () => {
    const doomed = await file('doomed.txt');
    await t.alice.client.files.update({ fileId: doomed, requestBody: { trashed: true } });
    await t.alice.client.files.emptyTrash({});
    expect((await reasonOf(t.alice.client.files.get({ fileId: doomed }))).status).toBe(404);
    expect((await t.alice.client.files.list({ q: 'trashed = true' })).data.files).toEqual([]);
  });

  it("deletes a folder with what the owner owns inside; others' items are detached and stay theirs", async () => {
    const shared = await folder('team');
    const mine = await file('mine.txt', [shared]);
    await t.alice.client.permissions.create({
      fileId: shared,
      sendNotificationEmail: false,
      requestBody: { type: 'user', role: 'writer', emailAddress: 'bob@example.com' },
    });
    const bobs = await file('bobs.txt', [shared], t.bob.client);
    expect(await reasonOf(t.bob.client.files.delete({ fileId: shared }))).toMatchObject({
      status: 403,
      reason: 'insufficientFilePermissions',
    });

    await t.alice.client.files.delete({ fileId: shared });
    expect((await reasonOf(t.alice.client.files.get({ fileId: shared }))).status).toBe(404);
    expect((await reasonOf(t.alice.client.files.get({ fileId: mine }))).status).toBe(404);
    const survivor = await t.bob.client.files.get({ fileId: bobs, fields: 'id,ownedByMe,parents' });
    expect(survivor.data).toMatchObject({ id: bobs, ownedByMe: true });
    expect(survivor.data.parents).toBeUndefined();
    expect((await reasonOf(t.alice.client.files.get({ fileId: bobs }))).status).toBe(404);
  });

  it('copies with patch semantics into the source folder, content and properties included', async () => {
    const dir = await folder('copies');
    const source = await t.alice.client.files.create(
      {
        requestBody: { name: 'source.txt', parents: [dir], properties: { keep: 'yes', drop: 'no' } },
        media: { mimeType: 'text/plain', body: 'copied bytes' },
        fields: 'id,md5Checksum',
      },
      t.media,
    );
    const copy = await t.alice.client.files.copy({
      fileId: source.data.id!,
      requestBody: { properties: { drop: null as unknown as string } },
      fields: 'id,name,parents,properties,md5Checksum,headRevisionId',
    });
    expect(copy.data).toMatchObject({
      name: 'Copy of source.txt',
      parents: [dir],
      properties: { keep: 'yes' },
      md5Checksum: source.data.md5Checksum,
    });
    expect(copy.data.id).not.toBe(source.data.id);
    const bytes = await t.alice.client.files.get({ fileId: copy.data.id!, alt: 'media' }, { responseType: 'text' });
    expect(bytes.data).toBe('copied bytes');
    const named = await t.alice.client.files.copy({
      fileId: source.data.id!,
      requestBody: { name: 'renamed copy', parents: ['root'] },
      fields: 'name,parents',
    });
    const root = (await t.alice.client.files.get({ fileId: 'root' })).data.id;
    expect(named.data).toEqual({ name: 'renamed copy', parents: [root] });
    expect(await reasonOf(t.alice.client.files.copy({ fileId: dir }))).toMatchObject({ status: 403 });
  });

  it('converts on copy into a native document type that imports the content, and refuses other conversions', async () => {
    const text = await t.alice.client.files.create(
      { requestBody: { name: 'minutes.txt' }, media: { mimeType: 'text/plain', body: 'we met' }, fields: 'id' },
      t.media,
    );
    const doc = 'application/vnd.google-apps.document';
    const converted = await t.alice.client.files.copy({
      fileId: text.data.id!,
      requestBody: { name: 'Minutes', mimeType: doc },
      fields: 'id,name,mimeType,size,md5Checksum,quotaBytesUsed',
    });
    expect(converted.data).toMatchObject({ name: 'Minutes', mimeType: doc, quotaBytesUsed: '0' });
    expect(converted.data).not.toHaveProperty('md5Checksum');
    const exported = await t.alice.client.files.export(
      { fileId: converted.data.id!, mimeType: 'text/plain' },
      { responseType: 'text' },
    );
    expect(exported.data).toBe('we met');
    // The source is untouched.
    const source = await t.alice.client.files.get({ fileId: text.data.id!, fields: 'mimeType,size' });
    expect(source.data).toEqual({ mimeType: 'text/plain', size: '6' });

    const image = await t.alice.client.files.create(
      {
        requestBody: { name: 'dot.png' },
        media: { mimeType: 'image/png', body: Readable.from([Buffer.from('89504e470d0a1a0a', 'hex')]) },
        fields: 'id',
      },
      t.media,
    );
    const before = t.digest();
    expect(
      await reasonOf(t.alice.client.files.copy({ fileId: image.data.id!, requestBody: { mimeType: doc } })),
    ).toMatchObject({ status: 400, reason: 'badContent' });
    expect(
      await reasonOf(
        t.alice.client.files.copy({ fileId: converted.data.id!, requestBody: { mimeType: 'text/plain' } }),
      ),
    ).toMatchObject({ status: 400, location: 'mimeType' });
    expect(
      await reasonOf(t.alice.client.files.copy({ fileId: text.data.id!, requestBody: { mimeType: 'image/png' } })),
    ).toMatchObject({ status: 400, location: 'mimeType' });
    expect(t.digest()).toBe(before);
  });

  it('generates ids usable once in create', async () => {
    const generated = await t.alice.client.files.generateIds({ count: 3, space: 'drive' });
    expect(generated.data).toMatchObject({ kind: 'drive#generatedIds', space: 'drive' });
    expect(new Set(generated.data.ids).size).toBe(3);
    const id = generated.data.ids![0]!;
    const made = await t.alice.client.files.create({ requestBody: { id, name: 'preassigned' } });
    expect(made.data.id).toBe(id);
    expect(await reasonOf(t.alice.client.files.create({ requestBody: { id, name: 'again' } }))).toMatchObject({
      status: 409,
    });
    expect((await reasonOf(t.alice.client.files.generateIds({ count: 1001 }))).status).toBe(400);
  });

  it('exports native documents to text, HTML and PDF; refuses other files and oversized documents', async () => {
    const doc = await t.alice.client.files.create(
      {
        requestBody: { name: 'Memo', mimeType: docType },
        media: { mimeType: 'text/html', body: '<h1>Memo</h1><p>Tea &amp; cake at four</p>' },
        fields: 'id,mimeType,size,exportLinks',
      },
      t.media,
    );
    expect(doc.data.mimeType).toBe(docType);
    expect(doc.data.size).toBeUndefined();
    expect(Object.keys(doc.data.exportLinks!)).toContain('application/pdf');
    const text = await t.alice.client.files.export(
      { fileId: doc.data.id!, mimeType: 'text/plain' },
      { responseType: 'text' },
    );
    expect(text.data).toBe('Memo\nTea & cake at four');
    const pdf = await t.alice.client.files.export(
      { fileId: doc.data.id!, mimeType: 'application/pdf' },
      { responseType: 'arraybuffer' },
    );
    const pdfText = Buffer.from(pdf.data as ArrayBuffer).toString('latin1');
    expect(pdfText.startsWith('%PDF-1.4')).toBe(true);
    expect(pdfText).toContain('(Tea & cake at four) Tj');

    const sheet = await t.alice.client.files.create(
      {
        requestBody: { name: 'Sheet', mimeType: 'application/vnd.google-apps.spreadsheet' },
        media: { mimeType: 'text/csv', body: 'a,b\n1,2\n' },
        fields: 'id',
      },
      t.media,
    );
    const tsv = await t.alice.client.files.export(
      { fileId: sheet.data.id!, mimeType: 'text/tab-separated-values' },
      { responseType: 'text' },
    );
    expect(tsv.data).toBe('a\tb\n1\t2\n');

    const binary = await file('plain.bin');
    expect(await reasonOf(t.alice.client.files.export({ fileId: binary, mimeType: 'text/plain' }))).toMatchObject({
      status: 403,
      reason: 'fileNotExportable',
    });
    expect(await reasonOf(t.alice.client.files.export({ fileId: doc.data.id!, mimeType: 'image/png' }))).toMatchObject({
      status: 400,
    });

    const big = await t.alice.client.files.create(
      {
        requestBody: { name: 'Huge', mimeType: docType },
        media: { mimeType: 'text/plain', body: 'x'.repeat(10 * 1024 * 1024 + 1) },
        fields: 'id',
      },
      t.media,
    );
    expect(await reasonOf(t.alice.client.files.export({ fileId: big.data.id!, mimeType: 'text/plain' }))).toMatchObject(
      { status: 403, reason: 'exportSizeLimitExceeded' },
    );
    expect(await reasonOf(t.alice.client.files.get({ fileId: doc.data.id!, alt: 'media' }))).toMatchObject({
      status: 403,
      reason: 'fileNotDownloadable',
    });
  });

  it('keeps application data in its own space', async () => {
    const hidden = await t.alice.client.files.create({
      requestBody: { name: 'settings.json', parents: ['appDataFolder'] },
      fields: 'id,spaces',
    });
    expect(hidden.data.spaces).toEqual(['appDataFolder']);
    const inDrive = await t.alice.client.files.list({ q: "name = 'settings.json'" });
    expect(inDrive.data.files).toEqual([]);
    const inAppData = await t.alice.client.files.list({ spaces: 'appDataFolder', q: "'appDataFolder' in parents" });
    expect(inAppData.data.files!.map((f) => f.id)).toEqual([hidden.data.id]);
  });
});
