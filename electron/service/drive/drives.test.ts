import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

describe('Drive shared drives and legacy team drives', () => {
  let t: DriveTestService;
  let driveId: string;

  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a drive idempotently by requestId: a repeat answers 409 and creates nothing', async () => {
    const created = await t.alice.client.drives.create({
      requestId: 'req-1',
      requestBody: { name: 'Team space', themeId: 'abacus' },
      fields: '*',
    });
    driveId = created.data.id!;
    expect(created.data).toMatchObject({
      kind: 'drive#drive',
      name: 'Team space',
      colorRgb: '#4986e7',
      hidden: false,
      capabilities: { canManageMembers: true },
    });
    expect(created.data.themeId).toBeUndefined();
    const before = t.digest();
    expect(
      await reasonOf(t.alice.client.drives.create({ requestId: 'req-1', requestBody: { name: 'Team space' } })),
    ).toMatchObject({ status: 409 });
    expect(t.digest()).toBe(before);
    // The same requestId from another user is their own request.
    const bobs = await t.bob.client.drives.create({ requestId: 'req-1', requestBody: { name: 'Bob space' } });
    expect(bobs.data.name).toBe('Bob space');
    expect((await t.alice.client.drives.list({})).data.drives!.map((d) => d.id)).toEqual([driveId]);
  });

  it('rejects colour or background on create and a theme mixed with them on update', async () => {
    const before = t.digest();
    expect(
      (
        await reasonOf(
          t.alice.client.drives.create({ requestId: 'req-2', requestBody: { name: 'x', colorRgb: '#ff0000' } }),
        )
      ).status,
    ).toBe(400);
    expect(
      (await reasonOf(t.alice.client.drives.update({ driveId, requestBody: { themeId: 'desk', colorRgb: '#ff0000' } })))
        .status,
    ).toBe(400);
    expect(
      (
        await reasonOf(
          t.alice.client.drives.update({ driveId, requestBody: { backgroundImageFile: { id: 'img', width: 1 } } }),
        )
      ).status,
    ).toBe(400);
    expect(t.digest()).toBe(before);
    const recolored = await t.alice.client.drives.update({
      driveId,
      requestBody: { name: 'Team room', colorRgb: '#123456' },
      fields: 'name,colorRgb',
    });
    expect(recolored.data).toEqual({ name: 'Team room', colorRgb: '#123456' });
    const themed = await t.alice.client.drives.update({
      driveId,
      requestBody: { themeId: 'desk' },
      fields: 'colorRgb,backgroundImageLink',
    });
    expect(themed.data.colorRgb).toBe('#ac725e');
    const root = await t.alice.client.files.get({ fileId: driveId, supportsAllDrives: true, fields: 'name,driveId' });
    expect(root.data).toEqual({ name: 'Team room', driveId });
  });

  it('hides and unhides', async () => {
    expect((await t.alice.client.drives.hide({ driveId, fields: 'hidden' })).data.hidden).toBe(true);
    expect((await t.alice.client.drives.list({ q: 'hidden = true' })).data.drives!.map((d) => d.id)).toEqual([driveId]);
    expect((await t.alice.client.drives.unhide({ driveId, fields: 'hidden' })).data.hidden).toBe(false);
    expect((await t.alice.client.drives.list({ q: 'hidden = true' })).data.drives).toEqual([]);
    expect((await reasonOf(t.alice.client.drives.list({ q: 'hidden = maybe' }))).status).toBe(400);
  });

  it('adds members through permissions; items belong to the drive and follow member roles', async () => {
    await t.alice.client.permissions.create({
      fileId: driveId,
      supportsAllDrives: true,
      requestBody: { type: 'user', role: 'writer', emailAddress: 'bob@example.com' },
    });
    const item = await t.bob.client.files.create({
      supportsAllDrives: true,
      requestBody: { name: 'spec.txt', parents: [driveId] },
      fields: 'id,driveId,owners,capabilities(canTrash,canDelete)',
    });
    expect(item.data.driveId).toBe(driveId);
    expect(item.data.owners).toBeUndefined();
    expect(item.data.capabilities).toEqual({ canTrash: false, canDelete: false });
    expect(await reasonOf(t.bob.client.files.delete({ fileId: item.data.id!, supportsAllDrives: true }))).toMatchObject(
      { status: 403 },
    );
    const list = await t.bob.client.files.list({
      corpora: 'drive',
      driveId,
      includeItemsFromAllDrives: true,
      supportsAllDrives: true,
      q: 'trashed = false',
    });
    expect(list.data.files!.map((f) => f.name)).toEqual(['spec.txt']);
    expect((await t.bob.client.drives.get({ driveId })).data.name).toBe('Team room');
    expect(await reasonOf(t.carol.client.drives.get({ driveId }))).toMatchObject({ status: 404 });
    const members = await t.alice.client.permissions.list({
      fileId: driveId,
      supportsAllDrives: true,
      fields: 'permissions(role,emailAddress,permissionDetails)',
    });
    expect(members.data.permissions!.map((p) => [p.emailAddress, p.role]).sort()).toEqual([
      ['bob@example.com', 'writer'],
      ['me@atrium.local', 'organizer'],
    ]);
    expect(await reasonOf(t.bob.client.drives.update({ driveId, requestBody: { name: 'mine' } }))).toMatchObject({
      status: 403,
    });
    expect(await reasonOf(t.bob.client.drives.delete({ driveId }))).toMatchObject({ status: 403 });
  });

  it('keeps an organizer: its only organizer can neither leave nor take a lesser role, and nothing changes', async () => {
    const members = await t.alice.client.permissions.list({
      fileId: driveId,
      supportsAllDrives: true,
      fields: 'permissions(id,role,emailAddress)',
    });
    const alice = members.data.permissions!.find((p) => p.emailAddress === 'me@atrium.local')!;
    const before = t.digest();
    for (const role of ['reader', 'writer', 'fileOrganizer']) {
      expect(
        await reasonOf(
          t.alice.client.permissions.update({
            fileId: driveId,
            permissionId: alice.id!,
            supportsAllDrives: true,
            requestBody: { role },
          }),
        ),
      ).toMatchObject({
        status: 403,
        reason: 'cannotModifyPermission',
        message: 'A shared drive must keep at least one organizer.',
      });
    }
    expect(
      await reasonOf(
        t.alice.client.permissions.delete({ fileId: driveId, permissionId: alice.id!, supportsAllDrives: true }),
      ),
    ).toMatchObject({ status: 403, reason: 'cannotDeletePermission' });
    expect(t.digest()).toBe(before);
  });

  it("records the drive's changes in its own feed", async () => {
    const start = (await t.bob.client.changes.getStartPageToken({ driveId, supportsAllDrives: true })).data
      .startPageToken!;
    const made = await t.bob.client.files.create({
      supportsAllDrives: true,
      requestBody: { name: 'later.txt', parents: [driveId] },
    });
    await t.bob.client.files.create({ requestBody: { name: 'in my drive.txt' } });
    const feed = await t.bob.client.changes.list({
      pageToken: start,
      driveId,
      supportsAllDrives: true,
      includeItemsFromAllDrives: true,
      fields: 'changes(fileId,driveId)',
    });
    expect(feed.data.changes).toEqual([{ fileId: made.data.id, driveId }]);
    expect(await reasonOf(t.carol.client.changes.list({ pageToken: start, driveId }))).toMatchObject({ status: 404 });
  });

  it('refuses useDomainAdminAccess for users who administer no domain', async () => {
    expect(await reasonOf(t.alice.client.drives.get({ driveId, useDomainAdminAccess: true }))).toMatchObject({
      status: 403,
      reason: 'insufficientAdministratorPrivileges',
    });
  });

  it('deletes a drive only when it holds no untrashed items', async () => {
    const items = await t.alice.client.files.list({ corpora: 'drive', driveId, q: 'trashed = false' });
    expect(await reasonOf(t.alice.client.drives.delete({ driveId }))).toMatchObject({
      status: 403,
      reason: 'cannotDeleteResourceWithChildren',
    });
    for (const f of items.data.files!)
      await t.alice.client.files.update({ fileId: f.id!, supportsAllDrives: true, requestBody: { trashed: true } });
    await t.alice.client.drives.delete({ driveId });
    expect((await reasonOf(t.alice.client.drives.get({ driveId }))).status).toBe(404);
    expect((await reasonOf(t.alice.client.files.get({ fileId: items.data.files![0]!.id! }))).status).toBe(404);
  });

  it('serves the legacy team drive operations with the same rules', async () => {
    const team = await t.carol.client.teamdrives.create({
      requestId: 'legacy-1',
      requestBody: { name: 'Old team' },
      fields: 'kind,id,name,capabilities(canDeleteTeamDrive)',
    });
    expect(team.data).toMatchObject({
      kind: 'drive#teamDrive',
      name: 'Old team',
      capabilities: { canDeleteTeamDrive: true },
    });
    expect(
      await reasonOf(t.carol.client.teamdrives.create({ requestId: 'legacy-1', requestBody: { name: 'Old team' } })),
    ).toMatchObject({ status: 409 });
    expect((await t.carol.client.teamdrives.get({ teamDriveId: team.data.id! })).data).toEqual({
      kind: 'drive#teamDrive',
      id: team.data.id,
      name: 'Old team',
    });
    expect((await t.carol.client.teamdrives.list({})).data.teamDrives!.map((d) => d.name)).toEqual(['Old team']);
    const renamed = await t.carol.client.teamdrives.update({
      teamDriveId: team.data.id!,
      requestBody: { name: 'Renamed team' },
    });
    expect(renamed.data.name).toBe('Renamed team');
    await t.carol.client.teamdrives.delete({ teamDriveId: team.data.id! });
    expect((await t.carol.client.teamdrives.list({})).data.teamDrives).toEqual([]);
  });
});
