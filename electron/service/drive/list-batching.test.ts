import type { drive_v3 } from '@googleapis/drive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDriveTestService, type DriveTestService, type DriveTestUser } from './test-support';

const folderType = 'application/vnd.google-apps.folder';
const hour = 3600 * 1000;

/** The file manager's selections: a listing's entries, and the details panel's file. */
const listEntryFields =
  'id,name,mimeType,modifiedTime,size,owners(displayName,emailAddress,me),parents,starred,trashed,shared,folderColorRgb,driveId,hasThumbnail,thumbnailVersion';
const detailFields =
  'id,name,mimeType,modifiedTime,createdTime,size,quotaBytesUsed,owners(displayName,emailAddress,me,permissionId),lastModifyingUser(displayName,emailAddress,me),parents,starred,trashed,shared,folderColorRgb,hasThumbnail,thumbnailLink,driveId,webViewLink,description,headRevisionId,capabilities(canAddChildren,canComment,canCopy,canDelete,canDownload,canEdit,canModifyContent,canMoveItemWithinDrive,canReadRevisions,canRename,canShare,canTrash,canUntrash)';
/** Everything a file answers, and the parts read from other tables than the file's own row. */
const selections = [
  '*',
  listEntryFields,
  detailFields,
  'id,name,permissions,permissionIds,shared,sharedWithMeTime,sharingUser,properties,appProperties,hasAugmentedPermissions,trashingUser,viewedByMeTime,modifiedByMeTime',
];

describe('Drive listings render each file as reading it alone does', () => {
  let t: DriveTestService;
  let alice: DriveTestUser;
  let bob: DriveTestUser;
  const ids: Record<string, string> = {};

  async function create(
    user: DriveTestUser,
    name: string,
    body: drive_v3.Schema$File = {},
    content?: string,
  ): Promise<string> {
    const created = await user.client.files.create(
      {
        supportsAllDrives: true,
        requestBody: { name, ...body },
        ...(content !== undefined ? { media: { mimeType: 'text/plain', body: content } } : {}),
        fields: 'id',
      },
      t.media,
    );
    ids[name] = created.data.id!;
    return created.data.id!;
  }

  async function share(user: DriveTestUser, fileId: string, permission: drive_v3.Schema$Permission): Promise<void> {
    await user.client.permissions.create({ fileId, supportsAllDrives: true, requestBody: permission });
  }

  beforeAll(async () => {
    t = await startDriveTestService();
    alice = t.alice;
    bob = t.bob;

    const project = await create(alice, 'Project', { mimeType: folderType, folderColorRgb: '#ac725e' });
    await share(alice, project, { type: 'user', role: 'reader', emailAddress: bob.email });
    await create(
      alice,
      'a.txt',
      { parents: [project], starred: true, properties: { stage: 'draft' }, appProperties: { app: '1' } },
      'alpha',
    );
    const b = await create(alice, 'b.txt', { parents: [project], description: 'expiring' }, 'beta');
    await share(alice, b, {
      type: 'user',
      role: 'writer',
      emailAddress: bob.email,
      expirationTime: new Date(Date.now() + hour).toISOString(),
    });
    await create(alice, 'c', { parents: [project], mimeType: 'application/vnd.google-apps.document' });
    const sub = await create(alice, 'Sub', { parents: [project], mimeType: folderType });
    await share(alice, sub, { type: 'user', role: 'writer', emailAddress: t.carol.email });
    await create(t.carol, 'd.txt', { parents: [sub] }, 'delta');
    const e = await create(alice, 'e.txt', { parents: [project] }, 'epsilon');
    await share(alice, e, { type: 'domain', role: 'commenter', domain: 'example.com', allowFileDiscovery: true });
    await share(alice, e, { type: 'anyone', role: 'reader', allowFileDiscovery: false });
    const f = await create(alice, 'f.txt', { parents: [project] }, 'phi');
    await alice.client.files.update({ fileId: f, requestBody: { trashed: true } });

    // Shared with bob on its own, inside a folder he cannot see.
    const hidden = await create(alice, 'Private', { mimeType: folderType });
    const h = await create(alice, 'h.txt', { parents: [hidden] }, 'eta');
    await share(alice, h, { type: 'user', role: 'commenter', emailAddress: bob.email });

    await bob.client.files.update({ fileId: ids['a.txt']!, requestBody: { starred: true } });
    await bob.client.files.update({ fileId: h, requestBody: { starred: true } });

    const team = await alice.client.drives.create({ requestId: 'team-1', requestBody: { name: 'Team' } });
    ids['Team'] = team.data.id!;
    await share(alice, ids['Team'], { type: 'user', role: 'writer', emailAddress: bob.email });
    await create(alice, 't1.txt', { parents: [ids['Team']] }, 'one');
    const t2 = await create(alice, 'T2', { parents: [ids['Team']], mimeType: folderType });
    const t3 = await create(bob, 't3.txt', { parents: [t2] }, 'three');
    await share(alice, t3, { type: 'user', role: 'commenter', emailAddress: t.carol.email });
    const t4 = await create(alice, 't4.txt', { parents: [ids['Team']] }, 'four');
    await alice.client.files.update({ fileId: t4, supportsAllDrives: true, requestBody: { trashed: true } });

    // Bob's writer grant on b.txt runs out; the permission itself is still listed.
    t.advance(2 * hour);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every file of a listing, page by page (small pages, so files' folders are on other pages). */
  async function listAll(user: DriveTestUser, fields: string, params: drive_v3.Params$Resource$Files$List) {
    const files: drive_v3.Schema$File[] = [];
    let pageToken: string | undefined;
    do {
      const page = await user.client.files.list({
        ...params,
        pageSize: 3,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
        fields: `nextPageToken,files(${fields})`,
        ...(pageToken ? { pageToken } : {}),
      });
      files.push(...(page.data.files ?? []));
      pageToken = page.data.nextPageToken ?? undefined;
    } while (pageToken);
    return files;
  }

  async function expectSameAsGet(user: DriveTestUser, fields: string, listed: drive_v3.Schema$File[]) {
    for (const file of listed) {
      const alone = await user.client.files.get({ fileId: file.id!, supportsAllDrives: true, fields });
      expect(JSON.stringify(file)).toBe(JSON.stringify(alone.data));
    }
  }

  const names = (files: drive_v3.Schema$File[]) => files.map((f) => f.name).sort();

  it("lists the owner's folders, trash, starred and shared drive with every field as files.get answers them", async () => {
    const listings: [drive_v3.Params$Resource$Files$List, string[]][] = [
      [
        { q: `'${ids['Project']}' in parents`, orderBy: 'folder,name' },
        ['Sub', 'a.txt', 'b.txt', 'c', 'e.txt', 'f.txt'],
      ],
      [{ q: 'trashed = true' }, ['f.txt']],
      [{ q: 'starred = true', corpora: 'allDrives' }, ['a.txt']],
      [{ q: `'${ids['Private']}' in parents` }, ['h.txt']],
      [{ corpora: 'drive', driveId: ids['Team']!, orderBy: 'name' }, ['T2', 't1.txt', 't3.txt', 't4.txt']],
      [{ q: 'trashed = false', corpora: 'allDrives', orderBy: 'name' }, []],
    ];
    for (const fields of selections) {
      for (const [params, expected] of listings) {
        const listed = await listAll(alice, fields, params);
        if (expected.length > 0) expect(names(listed)).toEqual(expected);
        else expect(listed.length).toBeGreaterThan(10);
        await expectSameAsGet(alice, fields, listed);
      }
    }
  });

  it("lists what others shared with a user, with that user's own view, as files.get answers it", async () => {
    const listings: [drive_v3.Params$Resource$Files$List, string[]][] = [
      [{ q: `'${ids['Project']}' in parents`, orderBy: 'folder,name' }, ['Sub', 'a.txt', 'b.txt', 'c', 'e.txt']],
      [{ q: 'sharedWithMe and trashed = false', orderBy: 'name' }, ['Project', 'b.txt', 'h.txt']],
      [{ q: 'starred = true', corpora: 'allDrives', orderBy: 'name' }, ['a.txt', 'h.txt']],
      [{ corpora: 'drive', driveId: ids['Team']!, orderBy: 'name' }, ['T2', 't1.txt', 't3.txt', 't4.txt']],
    ];
    for (const fields of selections) {
      for (const [params, expected] of listings) {
        const listed = await listAll(bob, fields, params);
        expect(names(listed)).toEqual(expected);
        await expectSameAsGet(bob, fields, listed);
      }
    }
  });

  it('shows the cases that need more than the file row the same way in a listing', async () => {
    const fields = 'id,name,parents,starred,shared,permissionIds,sharingUser(emailAddress),capabilities(canEdit)';
    const byName = new Map(
      (await listAll(bob, fields, { q: 'trashed = false', corpora: 'allDrives' })).map((f) => [f.name, f]),
    );
    // The expired writer grant no longer counts; bob keeps the folder's read access under the same permission id.
    expect(byName.get('b.txt')).toMatchObject({ capabilities: { canEdit: false }, shared: true });
    expect(byName.get('b.txt')!.permissionIds).toHaveLength(2);
    // A file in a folder bob cannot see shows no parents; its sharer is alice.
    expect(byName.get('h.txt')).toMatchObject({ starred: true, sharingUser: { emailAddress: alice.email } });
    expect(byName.get('h.txt')!.parents).toBeUndefined();
    expect(byName.get('a.txt')).toMatchObject({ starred: true, parents: [ids['Project']] });
    expect(byName.get('t3.txt')).toMatchObject({ capabilities: { canEdit: true } });
  });

  it('renders a page of changes as files.get answers each file', async () => {
    for (const user of [alice, bob]) {
      for (const fields of ['*', 'starred,shared,parents,owners,permissions,capabilities,trashingUser']) {
        const page = await user.client.changes.list({
          pageToken: '1',
          pageSize: 1000,
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
          fields: `changes(fileId,removed,file(${fields}))`,
        });
        const files = (page.data.changes ?? []).flatMap((c) => (c.file ? [c.file] : []));
        expect(files.length).toBeGreaterThan(5);
        for (const [i, file] of files.entries()) {
          const alone = await user.client.files.get({
            fileId: page.data.changes!.filter((c) => c.file)[i]!.fileId!,
            supportsAllDrives: true,
            fields,
          });
          expect(JSON.stringify(file)).toBe(JSON.stringify(alone.data));
        }
      }
    }
  });
});
