import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

const folderType = 'application/vnd.google-apps.folder';
const all = { supportsAllDrives: true } as const;

describe('Drive moves between My Drive and shared drives', () => {
  let t: DriveTestService;
  let dave: drive_v3.Drive;
  let erin: drive_v3.Drive;
  /** Alice organizes A (bob is its content manager, carol a contributor) and B; bob organizes C, where alice contributes. */
  let driveA: string;
  let driveB: string;
  let driveC: string;
  let receiver: Server;
  let hook: string;
  const deliveries: { channel: string; state: string }[] = [];

  const clientFor = (token: string): drive_v3.Drive => {
    const oauth = new auth.OAuth2();
    oauth.setCredentials({ access_token: token });
    return drive({ version: 'v3', rootUrl: `${t.service.url}/`, auth: oauth });
  };
  const share = (client: drive_v3.Drive, fileId: string, role: string, emailAddress: string) =>
    client.permissions.create({ fileId, ...all, requestBody: { type: 'user', role, emailAddress } });
  const newDrive = async (client: drive_v3.Drive, name: string) =>
    (await client.drives.create({ requestId: name, requestBody: { name } })).data.id!;
  const newFile = async (client: drive_v3.Drive, name: string, parent?: string, body?: string) =>
    (
      await client.files.create(
        {
          ...all,
          requestBody: { name, ...(parent ? { parents: [parent] } : {}) },
          ...(body === undefined ? {} : { media: { mimeType: 'text/plain', body } }),
          fields: 'id',
        },
        t.media,
      )
    ).data.id!;
  const newFolder = async (client: drive_v3.Drive, name: string, parent?: string) =>
    (
      await client.files.create({
        ...all,
        requestBody: { name, mimeType: folderType, ...(parent ? { parents: [parent] } : {}) },
      })
    ).data.id!;
  const move = (client: drive_v3.Drive, fileId: string, addParents: string, removeParents?: string) =>
    client.files.update({
      fileId,
      ...all,
      addParents,
      ...(removeParents ? { removeParents } : {}),
      fields: 'id,driveId,parents,owners(emailAddress),ownedByMe',
    });
  const startToken = async (client: drive_v3.Drive, driveId?: string) =>
    (await client.changes.getStartPageToken({ ...all, ...(driveId ? { driveId } : {}) })).data.startPageToken!;
  const changesSince = async (client: drive_v3.Drive, pageToken: string, driveId?: string) =>
    (
      await client.changes.list({
        pageToken,
        ...all,
        includeItemsFromAllDrives: true,
        ...(driveId ? { driveId } : {}),
        fields: 'changes(fileId,removed,driveId,file(driveId))',
      })
    ).data.changes!;
  const quota = async (client: drive_v3.Drive) =>
    Number((await client.about.get({ fields: 'storageQuota(usage)' })).data.storageQuota!.usage);
  const expectRefused = async (call: Promise<unknown>, expected: { status: number; reason?: string }) => {
    const before = t.digest();
    expect(await reasonOf(call)).toMatchObject(expected);
    expect(t.digest()).toBe(before);
  };
  const waitFor = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(predicate()).toBe(true);
  };

  beforeAll(async () => {
    t = await startDriveTestService();
    t.service.addUser({ email: 'dave@example.com', token: 'dave-token', displayName: 'Dave' });
    t.service.addUser({ email: 'erin@example.com', token: 'erin-token', displayName: 'Erin' });
    dave = clientFor('dave-token');
    erin = clientFor('erin-token');
    driveA = await newDrive(t.alice.client, 'A');
    driveB = await newDrive(t.alice.client, 'B');
    driveC = await newDrive(t.bob.client, 'C');
    await share(t.alice.client, driveA, 'fileOrganizer', 'bob@example.com');
    await share(t.alice.client, driveA, 'writer', 'carol@example.com');
    await share(t.alice.client, driveB, 'reader', 'dave@example.com');
    await share(t.bob.client, driveC, 'writer', 'me@atrium.local');
    receiver = createServer((req, res) => {
      deliveries.push({
        channel: String(req.headers['x-goog-channel-id']),
        state: String(req.headers['x-goog-resource-state']),
      });
      req.resume();
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // Plain http on loopback is delivered to only when allowed.
    t.service.setWebhookOrigins([new URL(hook).origin]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('moves a file its owner holds into a shared drive: the drive owns it, direct shares stay, folder shares go', async () => {
    const folder = await newFolder(t.alice.client, 'Drafts');
    await share(t.alice.client, folder, 'writer', 'erin@example.com');
    const fileId = await newFile(t.alice.client, 'draft.txt', folder, 'draft');
    await share(t.alice.client, fileId, 'reader', 'dave@example.com');
    const erinStart = await startToken(erin);
    const driveStart = await startToken(t.alice.client, driveA);
    const usage = await quota(t.alice.client);
    await t.alice.client.files.watch({ fileId, requestBody: { id: 'file-channel', type: 'web_hook', address: hook } });
    await erin.changes.watch({
      pageToken: erinStart,
      requestBody: { id: 'erin-changes', type: 'web_hook', address: hook },
    });

    const moved = await move(t.alice.client, fileId, driveA, folder);
    expect(moved.data).toEqual({ id: fileId, driveId: driveA, parents: [driveA] });

    const permissions = await t.alice.client.permissions.list({
      fileId,
      ...all,
      fields: 'permissions(emailAddress,role,permissionDetails(inherited))',
    });
    expect(
      permissions.data.permissions!.map((p) => [p.emailAddress, p.role, p.permissionDetails![0]!.inherited]).sort(),
    ).toEqual([
      ['bob@example.com', 'fileOrganizer', true],
      ['carol@example.com', 'writer', true],
      ['dave@example.com', 'reader', false],
      ['me@atrium.local', 'organizer', true],
    ]);
    expect(await reasonOf(erin.files.get({ fileId, ...all }))).toMatchObject({ status: 404 });
    expect(await changesSince(erin, erinStart)).toEqual([{ fileId, removed: true }]);
    expect((await dave.files.get({ fileId, ...all, fields: 'driveId' })).data.driveId).toBe(driveA);
    expect((await dave.files.get({ fileId, ...all, alt: 'media' }, { responseType: 'text' })).data).toBe('draft');
    expect(await changesSince(t.alice.client, driveStart, driveA)).toEqual([
      { fileId, removed: false, driveId: driveA, file: { driveId: driveA } },
    ]);
    // The drive's content counts against nobody's quota.
    expect(await quota(t.alice.client)).toBe(usage - 'draft'.length);
    await waitFor(
      () =>
        deliveries.some((d) => d.channel === 'file-channel' && d.state === 'update') &&
        deliveries.some((d) => d.channel === 'erin-changes' && d.state === 'change'),
    );
  });

  it('lets a contributor move in files they own, and refuses the rest with Google’s reasons', async () => {
    const carols = await newFile(t.carol.client, 'notes.txt');
    expect((await move(t.carol.client, carols, driveA, 'root')).data.driveId).toBe(driveA);

    const folder = await newFolder(t.alice.client, 'Whole folder');
    await expectRefused(move(t.alice.client, folder, driveA, 'root'), {
      status: 403,
      reason: 'teamDrivesFolderMoveInNotSupported',
    });
    const davesFile = await newFile(dave, 'daves.txt');
    const davesRoot = (await dave.files.get({ fileId: 'root' })).data.id!;
    await share(dave, davesFile, 'writer', 'me@atrium.local');
    await expectRefused(move(t.alice.client, davesFile, driveA, davesRoot), {
      status: 403,
      reason: 'fileWriterTeamDriveMoveInDisabled',
    });
    const trashed = await newFile(t.alice.client, 'old.txt');
    await t.alice.client.files.update({ fileId: trashed, requestBody: { trashed: true } });
    await expectRefused(move(t.alice.client, trashed, driveA, 'root'), {
      status: 403,
      reason: 'cannotMoveTrashedItemIntoTeamDrive',
    });
    const twice = await newFile(t.alice.client, 'both places.txt');
    await expectRefused(move(t.alice.client, twice, driveA), { status: 403, reason: 'teamDrivesParentLimit' });
    // Dave is no member of A, and only a reader of B.
    await expectRefused(move(dave, davesFile, driveA, 'root'), { status: 404, reason: 'notFound' });
    await expectRefused(move(dave, davesFile, driveB, 'root'), {
      status: 403,
      reason: 'insufficientFilePermissions',
    });
    expect((await t.alice.client.files.get({ fileId: twice, fields: 'ownedByMe,parents' })).data.ownedByMe).toBe(true);
  });

  it('moves a folder out to My Drive: the mover owns all that came, organizer roles turn writer, the drive sees it leave', async () => {
    const folder = await newFolder(t.alice.client, 'Handbook', driveA);
    const page = await newFile(t.alice.client, 'page.txt', folder, 'chapter one');
    await share(t.alice.client, folder, 'fileOrganizer', 'dave@example.com');
    await share(t.alice.client, page, 'writer', 'me@atrium.local');

    await expectRefused(move(t.bob.client, folder, 'root', driveA), {
      status: 403,
      reason: 'insufficientFilePermissions',
    });
    await expectRefused(move(t.carol.client, page, 'root', folder), {
      status: 403,
      reason: 'insufficientFilePermissions',
    });

    const driveStart = await startToken(t.bob.client, driveA);
    const bobStart = await startToken(t.bob.client);
    const aliceStart = await startToken(t.alice.client);
    const usage = await quota(t.alice.client);

    const moved = await move(t.alice.client, folder, 'root', driveA);
    const root = (await t.alice.client.files.get({ fileId: 'root' })).data.id!;
    expect(moved.data).toEqual({
      id: folder,
      parents: [root],
      ownedByMe: true,
      owners: [{ emailAddress: 'me@atrium.local' }],
    });
    const pageNow = await t.alice.client.files.get({ fileId: page, fields: 'ownedByMe,driveId,parents' });
    expect(pageNow.data).toEqual({ ownedByMe: true, parents: [folder] });
    const folderShares = await t.alice.client.permissions.list({
      fileId: folder,
      fields: 'permissions(emailAddress,role)',
    });
    expect(folderShares.data.permissions!.map((p) => [p.emailAddress, p.role]).sort()).toEqual([
      ['dave@example.com', 'writer'],
      ['me@atrium.local', 'owner'],
    ]);
    const pageShares = await t.alice.client.permissions.list({
      fileId: page,
      fields: 'permissions(emailAddress,role)',
    });
    expect(pageShares.data.permissions!.map((p) => [p.emailAddress, p.role]).sort()).toEqual([
      ['dave@example.com', 'writer'],
      ['me@atrium.local', 'owner'],
    ]);
    expect((await dave.files.get({ fileId: page, alt: 'media' }, { responseType: 'text' })).data).toBe('chapter one');
    expect(await quota(t.alice.client)).toBe(usage + 'chapter one'.length);

    expect(await reasonOf(t.bob.client.files.get({ fileId: page, ...all }))).toMatchObject({ status: 404 });
    const leaving = [
      { fileId: folder, removed: true, driveId: driveA },
      { fileId: page, removed: true, driveId: driveA },
    ];
    expect(await changesSince(t.bob.client, driveStart, driveA)).toEqual(leaving);
    expect(await changesSince(t.bob.client, bobStart)).toEqual(leaving);
    expect(await changesSince(t.alice.client, aliceStart)).toEqual([
      { fileId: folder, removed: false, file: {} },
      { fileId: page, removed: false, file: {} },
    ]);
    // Alice is still an organizer of A, yet A's feed tells her the items are gone from it.
    expect(await changesSince(t.alice.client, driveStart, driveA)).toEqual(leaving);
  });

  it('moves between shared drives with organizer rights on the source, and on the destination for folders', async () => {
    const folder = await newFolder(t.alice.client, 'Project', driveA);
    const inner = await newFile(t.alice.client, 'plan.txt', folder);
    const loose = await newFile(t.alice.client, 'memo.txt', driveA);
    const startA = await startToken(t.alice.client, driveA);
    const startB = await startToken(t.alice.client, driveB);

    expect((await move(t.alice.client, folder, driveB, driveA)).data).toEqual({
      id: folder,
      driveId: driveB,
      parents: [driveB],
    });
    expect((await t.alice.client.files.get({ fileId: inner, ...all, fields: 'driveId' })).data.driveId).toBe(driveB);
    expect(await changesSince(t.alice.client, startA, driveA)).toEqual([
      { fileId: folder, removed: true, driveId: driveA },
      { fileId: inner, removed: true, driveId: driveA },
    ]);
    expect(await changesSince(t.alice.client, startB, driveB)).toEqual([
      { fileId: folder, removed: false, driveId: driveB, file: { driveId: driveB } },
      { fileId: inner, removed: false, driveId: driveB, file: { driveId: driveB } },
    ]);
    expect(await reasonOf(t.bob.client.files.get({ fileId: inner, ...all }))).toMatchObject({ status: 404 });

    // Alice only contributes to C: files may go there, folders may not.
    const other = await newFolder(t.alice.client, 'Archive', driveA);
    await expectRefused(move(t.alice.client, other, driveC, driveA), {
      status: 403,
      reason: 'insufficientFilePermissions',
    });
    expect((await move(t.alice.client, loose, driveC, driveA)).data.driveId).toBe(driveC);
    expect((await t.bob.client.files.get({ fileId: loose, ...all, fields: 'driveId' })).data.driveId).toBe(driveC);

    // Bob organizes C but only manages content in A.
    const bobs = await newFile(t.bob.client, 'bobs.txt', driveA);
    await expectRefused(move(t.bob.client, bobs, driveC, driveA), {
      status: 403,
      reason: 'insufficientFilePermissions',
    });
    await expectRefused(move(t.alice.client, bobs, driveB), { status: 403, reason: 'teamDrivesParentLimit' });
    await t.alice.client.files.update({ fileId: bobs, ...all, requestBody: { trashed: true } });
    await expectRefused(move(t.alice.client, bobs, driveB, driveA), {
      status: 403,
      reason: 'cannotMoveTrashedItemOutOfTeamDrive',
    });
    await expectRefused(move(t.alice.client, bobs, 'root', driveA), {
      status: 403,
      reason: 'cannotMoveTrashedItemOutOfTeamDrive',
    });
  });
});
