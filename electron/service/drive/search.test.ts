import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

describe('Drive search (q, orderBy, paging)', () => {
  let t: DriveTestService;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startDriveTestService();
    const make = async (name: string, body: Record<string, unknown>, content?: string) => {
      const created = await t.alice.client.files.create(
        content === undefined
          ? { requestBody: { name, ...body }, fields: 'id' }
          : { requestBody: { name, ...body }, media: { mimeType: 'text/plain', body: content }, fields: 'id' },
        t.media,
      );
      ids[name] = created.data.id!;
    };
    await make('HelloWorld.txt', { properties: { color: 'red' } }, 'the quick brown fox');
    await make('report 2023.pdf', { mimeType: 'application/pdf', appProperties: { stage: 'final' } });
    await make('Budget.xlsx', { description: 'numbers for the board', starred: true });
    await make('file9', {});
    await make('file10', {});
    await make('Notes', { mimeType: 'application/vnd.google-apps.folder' });
  });
  afterAll(async () => {
    await t.close();
  });

  const names = async (q: string, orderBy = 'name') =>
    (await t.alice.client.files.list({ q, orderBy })).data.files!.map((f) => f.name);

  it('name contains matches the start of the name or of a word; = is exact', async () => {
    expect(await names("name contains 'Hello'")).toEqual(['HelloWorld.txt']);
    expect(await names("name contains 'World'")).toEqual([]);
    expect(await names("name contains '2023'")).toEqual(['report 2023.pdf']);
    expect(await names("name = 'Budget.xlsx'")).toEqual(['Budget.xlsx']);
    expect(await names("name != 'Budget.xlsx' and name contains 'file'")).toEqual(['file10', 'file9']);
  });

  it('filters by mimeType, starred, properties and appProperties, fullText', async () => {
    expect(await names("mimeType = 'application/vnd.google-apps.folder'")).toEqual(['Notes']);
    expect(await names("mimeType contains 'pdf'")).toEqual(['report 2023.pdf']);
    expect(await names('starred = true')).toEqual(['Budget.xlsx']);
    expect(await names("properties has { key='color' and value='red' }")).toEqual(['HelloWorld.txt']);
    expect(await names("appProperties has { key='stage' and value='final' }")).toEqual(['report 2023.pdf']);
    expect(await names("properties has { key='color' and value='blue' }")).toEqual([]);
    const fullText = async (q: string) => (await t.alice.client.files.list({ q })).data.files!.map((f) => f.name);
    expect(await fullText("fullText contains 'brown fox'")).toEqual(['HelloWorld.txt']);
    expect(await fullText("fullText contains 'board'")).toEqual(['Budget.xlsx']);
  });

  it('combines and, or, not and parentheses', async () => {
    expect(await names("(name contains 'file' or starred = true) and not name = 'file9'")).toEqual([
      'Budget.xlsx',
      'file10',
    ]);
    expect(await names("not mimeType = 'application/vnd.google-apps.folder' and not name contains 'file'")).toEqual([
      'Budget.xlsx',
      'HelloWorld.txt',
      'report 2023.pdf',
    ]);
  });

  it('compares modifiedTime and createdTime', async () => {
    const later = new Date(Date.now() + 3600_000).toISOString();
    expect(await names(`modifiedTime > '${later}'`)).toEqual([]);
    expect((await names(`createdTime <= '${later}' and name contains 'file'`)).length).toBe(2);
    expect(await names("modifiedTime > '2012-06-04T12:00:00'")).toHaveLength(6);
  });

  it('orders by every documented key, with desc', async () => {
    expect(await names("name contains 'file'", 'name_natural')).toEqual(['file9', 'file10']);
    expect(await names("name contains 'file'", 'name_natural desc')).toEqual(['file10', 'file9']);
    expect((await names('trashed = false', 'folder,name'))[0]).toBe('Notes');
    expect((await names('trashed = false', 'starred,name'))[0]).toBe('Budget.xlsx');
    expect((await names('trashed = false', 'quotaBytesUsed desc,name'))[0]).toBe('HelloWorld.txt');
    for (const key of [
      'createdTime',
      'modifiedByMeTime',
      'modifiedTime',
      'recency',
      'sharedWithMeTime',
      'viewedByMeTime',
    ]) {
      expect(await names('trashed = false', `${key} desc`)).toHaveLength(6);
    }
  });

  it('pages with pageSize and rejects a token from another query', async () => {
    const first = await t.alice.client.files.list({ q: 'trashed = false', orderBy: 'name', pageSize: 4 });
    expect(first.data.files).toHaveLength(4);
    const second = await t.alice.client.files.list({
      q: 'trashed = false',
      orderBy: 'name',
      pageSize: 4,
      pageToken: first.data.nextPageToken!,
    });
    expect(second.data.files).toHaveLength(2);
    expect(second.data.nextPageToken).toBeUndefined();
    const mixed = await reasonOf(
      t.alice.client.files.list({ q: 'starred = true', pageSize: 4, pageToken: first.data.nextPageToken! }),
    );
    expect(mixed).toMatchObject({ status: 400, reason: 'invalid', location: 'pageToken' });
    const tooMany = await reasonOf(t.alice.client.files.list({ pageSize: 1001 }));
    expect(tooMany.status).toBe(400);
  });

  it('answers 400 invalid naming the position for a malformed query', async () => {
    const bad = await reasonOf(t.alice.client.files.list({ q: "name contains 'x' and and" }));
    expect(bad).toMatchObject({ status: 400, reason: 'invalid', location: 'q' });
    expect(bad.message).toContain('position 22');
    const unknown = await reasonOf(t.alice.client.files.list({ q: "colour = 'red'" }));
    expect(unknown.message).toContain("unknown field 'colour'");
    const badOrder = await reasonOf(t.alice.client.files.list({ orderBy: 'size' }));
    expect(badOrder).toMatchObject({ status: 400, location: 'orderBy' });
    // Names every object has are not keys either.
    for (const orderBy of ['__proto__', 'constructor desc', 'name,toString']) {
      expect(await reasonOf(t.alice.client.files.list({ orderBy }))).toMatchObject({
        status: 400,
        location: 'orderBy',
      });
    }
    const sorted = await reasonOf(t.alice.client.files.list({ q: "fullText contains 'fox'", orderBy: 'name' }));
    expect(sorted).toMatchObject({ status: 400, location: 'orderBy' });
  });

  it('uses the folder index for parent listings (no full scan, no sort step)', () => {
    const db = t.service.context.store.db;
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT f.* FROM drive_files f WHERE f.root_kind IS NULL AND f.space IN ('drive') AND (f.trashed = 0 OR f.owner_id = 'x' OR f.drive_id IS NOT NULL)
         AND (f.parent_id = 'p' AND f.trashed = 0) ORDER BY f.is_folder DESC, f.name COLLATE NOCASE ASC, f.id ASC LIMIT 101`,
      )
      .all() as { detail: string }[];
    const details = plan.map((p) => p.detail).join('\n');
    expect(details).toContain('drive_files_children');
    expect(details).not.toContain('TEMP B-TREE');
  });
});
