import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, drive, type drive_v3 } from '@googleapis/drive';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli, UsageError } from '../cli';
import { coreMigrations } from '../common/migrations';
import { hashToken } from '../common/users-repository';
import { startEmbeddedService } from '../server';
import { Store } from '../store/store';
import { roleRank } from './domain/roles';
import { driveMigrations } from './schema';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

const clientFor = (url: string, token: string): drive_v3.Drive => {
  const oauth = new auth.OAuth2();
  oauth.setCredentials({ access_token: token });
  return drive({ version: 'v3', rootUrl: `${url}/`, auth: oauth });
};

const adminRefusal = { status: 403, reason: 'insufficientAdministratorPrivileges' };

describe('Drive useDomainAdminAccess', () => {
  let t: DriveTestService;
  /** Administers example.com (bob's and carol's domain). */
  let boss: drive_v3.Drive;
  /** Administers other.org, where none of the drives belong. */
  let stranger: drive_v3.Drive;
  let teamId: string;
  let carolsId: string;
  let alicesId: string;
  let itemId: string;

  beforeAll(async () => {
    t = await startDriveTestService();
    t.service.addUser({ email: 'boss@example.com', token: 'boss-token', displayName: 'Boss', domainAdmin: true });
    t.service.addUser({ email: 'root@other.org', token: 'stranger-token', domainAdmin: true });
    boss = clientFor(t.service.url, 'boss-token');
    stranger = clientFor(t.service.url, 'stranger-token');
    teamId = (await t.bob.client.drives.create({ requestId: 'team', requestBody: { name: 'Team' } })).data.id!;
    carolsId = (await t.carol.client.drives.create({ requestId: 'c', requestBody: { name: 'Carol space' } })).data.id!;
    alicesId = (await t.alice.client.drives.create({ requestId: 'a', requestBody: { name: 'Local space' } })).data.id!;
    const item = await t.bob.client.files.create(
      {
        supportsAllDrives: true,
        requestBody: { name: 'budget.txt', parents: [teamId] },
        media: { mimeType: 'text/plain', body: 'numbers' },
        fields: 'id',
      },
      t.media,
    );
    itemId = item.data.id!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the flag to users who administer no domain, even on their own drive, changing nothing', async () => {
    const before = t.digest();
    expect(await reasonOf(t.bob.client.drives.get({ driveId: teamId, useDomainAdminAccess: true }))).toMatchObject(
      adminRefusal,
    );
    expect(await reasonOf(t.bob.client.drives.list({ useDomainAdminAccess: true }))).toMatchObject(adminRefusal);
    expect(
      await reasonOf(
        t.bob.client.drives.update({ driveId: teamId, useDomainAdminAccess: true, requestBody: { name: 'x' } }),
      ),
    ).toMatchObject(adminRefusal);
    expect(
      await reasonOf(
        t.bob.client.permissions.list({ fileId: teamId, supportsAllDrives: true, useDomainAdminAccess: true }),
      ),
    ).toMatchObject(adminRefusal);
    expect(
      await reasonOf(
        t.bob.client.drives.delete({ driveId: teamId, useDomainAdminAccess: true, allowItemDeletion: true }),
      ),
    ).toMatchObject(adminRefusal);
    expect(
      await reasonOf(t.bob.client.teamdrives.get({ teamDriveId: teamId, useDomainAdminAccess: true })),
    ).toMatchObject(adminRefusal);
    expect(t.digest()).toBe(before);
    // Without the flag, the member's own access is unchanged.
    expect((await t.bob.client.drives.get({ driveId: teamId })).data.name).toBe('Team');
  });

  it("reaches every drive of the administrator's domain, member or not, and no other domain's", async () => {
    expect(await reasonOf(boss.drives.get({ driveId: teamId }))).toMatchObject({ status: 404 });
    const got = await boss.drives.get({
      driveId: teamId,
      useDomainAdminAccess: true,
      fields: 'id,name,capabilities(canManageMembers,canDeleteDrive,canEdit)',
    });
    expect(got.data).toEqual({
      id: teamId,
      name: 'Team',
      capabilities: { canManageMembers: true, canDeleteDrive: true, canEdit: false },
    });
    expect((await boss.drives.list({})).data.drives).toEqual([]);
    const listed = await boss.drives.list({ useDomainAdminAccess: true, fields: 'drives(id)' });
    expect(listed.data.drives!.map((d) => d.id).sort()).toEqual([teamId, carolsId].sort());
    const named = await boss.drives.list({ useDomainAdminAccess: true, q: "name contains 'carol'" });
    expect(named.data.drives!.map((d) => d.id)).toEqual([carolsId]);
    const legacy = await boss.teamdrives.list({ useDomainAdminAccess: true });
    expect(legacy.data.teamDrives!.map((d) => d.id).sort()).toEqual([teamId, carolsId].sort());
    expect((await boss.teamdrives.get({ teamDriveId: carolsId, useDomainAdminAccess: true })).data.name).toBe(
      'Carol space',
    );

    // Alice's drive belongs to atrium.local; an administrator of another domain gains nothing.
    expect(await reasonOf(boss.drives.get({ driveId: alicesId, useDomainAdminAccess: true }))).toMatchObject(
      adminRefusal,
    );
    expect(await reasonOf(stranger.drives.get({ driveId: teamId, useDomainAdminAccess: true }))).toMatchObject(
      adminRefusal,
    );
    expect((await stranger.drives.list({ useDomainAdminAccess: true })).data.drives).toEqual([]);
    expect(await reasonOf(boss.drives.get({ driveId: '0Anone', useDomainAdminAccess: true }))).toMatchObject({
      status: 404,
    });
  });

  it('updates a drive as administrator, including restrictions only administrators may manage', async () => {
    const renamed = await boss.drives.update({
      driveId: teamId,
      useDomainAdminAccess: true,
      requestBody: { name: 'Team (audited)', restrictions: { adminManagedRestrictions: true, domainUsersOnly: true } },
      fields: 'name,restrictions',
    });
    expect(renamed.data.name).toBe('Team (audited)');
    expect(renamed.data.restrictions).toMatchObject({ adminManagedRestrictions: true, domainUsersOnly: true });
    expect((await t.bob.client.files.get({ fileId: teamId, supportsAllDrives: true })).data.name).toBe(
      'Team (audited)',
    );

    // Now the organizer may rename but not touch the restrictions, nor set adminManagedRestrictions anywhere.
    const before = t.digest();
    expect(
      await reasonOf(
        t.bob.client.drives.update({ driveId: teamId, requestBody: { restrictions: { domainUsersOnly: false } } }),
      ),
    ).toMatchObject(adminRefusal);
    expect(
      await reasonOf(
        t.carol.client.drives.update({
          driveId: carolsId,
          requestBody: { restrictions: { adminManagedRestrictions: true } },
        }),
      ),
    ).toMatchObject({ status: 400 });
    expect(t.digest()).toBe(before);
    const bobs = await t.bob.client.drives.get({
      driveId: teamId,
      fields: 'capabilities(canChangeDomainUsersOnlyRestriction,canRenameDrive)',
    });
    expect(bobs.data.capabilities).toEqual({ canChangeDomainUsersOnlyRestriction: false, canRenameDrive: true });
    await t.bob.client.drives.update({ driveId: teamId, requestBody: { name: 'Team' } });
    await boss.drives.update({
      driveId: teamId,
      useDomainAdminAccess: true,
      requestBody: { restrictions: { adminManagedRestrictions: false } },
    });
    await t.bob.client.drives.update({ driveId: teamId, requestBody: { restrictions: { domainUsersOnly: false } } });
  });

  it('manages the members of a drive that lost all its organizers', async () => {
    const bobPermission = (
      await t.bob.client.permissions.list({ fileId: teamId, supportsAllDrives: true })
    ).data.permissions!.find((p) => p.role === 'organizer')!;
    // The API never takes a drive's last organizer (their account going does), so the store is set so here.
    const db = t.service.context.store.db;
    db.prepare("UPDATE drive_permissions SET role = 'writer' WHERE file_id = ? AND id = ?").run(
      teamId,
      bobPermission.id,
    );
    db.prepare('UPDATE drive_access SET rank = ? WHERE source_file_id = ? AND permission_id = ?').run(
      roleRank.writer,
      teamId,
      bobPermission.id,
    );
    const carolInvite = { type: 'user', role: 'organizer', emailAddress: 'carol@example.com' };
    expect(
      await reasonOf(
        t.bob.client.permissions.create({ fileId: teamId, supportsAllDrives: true, requestBody: carolInvite }),
      ),
    ).toMatchObject({ status: 403, reason: 'insufficientFilePermissions' });
    expect(await reasonOf(boss.permissions.list({ fileId: teamId, supportsAllDrives: true }))).toMatchObject({
      status: 404,
    });

    const members = await boss.permissions.list({
      fileId: teamId,
      supportsAllDrives: true,
      useDomainAdminAccess: true,
      fields: 'permissions(id,role,emailAddress)',
    });
    expect(members.data.permissions).toEqual([
      { id: bobPermission.id, role: 'writer', emailAddress: 'bob@example.com' },
    ]);
    const carol = await boss.permissions.create({
      fileId: teamId,
      supportsAllDrives: true,
      useDomainAdminAccess: true,
      requestBody: carolInvite,
      fields: 'id,role',
    });
    expect(carol.data.role).toBe('organizer');
    expect(
      (
        await boss.permissions.get({
          fileId: teamId,
          permissionId: carol.data.id!,
          supportsAllDrives: true,
          useDomainAdminAccess: true,
          fields: 'emailAddress',
        })
      ).data.emailAddress,
    ).toBe('carol@example.com');
    // The new organizer manages the drive on her own.
    expect(
      (await t.carol.client.drives.get({ driveId: teamId, fields: 'capabilities(canManageMembers)' })).data,
    ).toEqual({ capabilities: { canManageMembers: true } });
    await boss.permissions.update({
      fileId: teamId,
      permissionId: bobPermission.id!,
      supportsAllDrives: true,
      useDomainAdminAccess: true,
      requestBody: { role: 'organizer' },
    });
    await boss.permissions.delete({
      fileId: teamId,
      permissionId: carol.data.id!,
      supportsAllDrives: true,
      useDomainAdminAccess: true,
    });
    expect(await reasonOf(t.carol.client.drives.get({ driveId: teamId }))).toMatchObject({ status: 404 });
    expect(
      (await t.bob.client.drives.get({ driveId: teamId, fields: 'capabilities(canManageMembers)' })).data.capabilities,
    ).toEqual({ canManageMembers: true });
  });

  it('gives an administrator nothing more on a file that is not a shared drive', async () => {
    // An item inside a drive of the administrator's domain, and a My Drive file of that domain.
    expect(
      await reasonOf(boss.permissions.list({ fileId: itemId, supportsAllDrives: true, useDomainAdminAccess: true })),
    ).toMatchObject({ status: 404 });
    const mine = await t.bob.client.files.create({ requestBody: { name: 'private.txt' } });
    const afterCreate = t.digest();
    expect(
      await reasonOf(
        boss.permissions.create({
          fileId: mine.data.id!,
          useDomainAdminAccess: true,
          requestBody: { type: 'user', role: 'reader', emailAddress: 'boss@example.com' },
        }),
      ),
    ).toMatchObject({ status: 404 });
    expect(t.digest()).toBe(afterCreate);
    // Files the administrator shares in the ordinary way stay theirs to manage with the flag set.
    const own = await boss.files.create({ requestBody: { name: 'own.txt' } });
    const shared = await boss.permissions.list({ fileId: own.data.id!, useDomainAdminAccess: true });
    expect(shared.data.permissions!.map((p) => p.role)).toEqual(['owner']);
  });

  it('deletes a drive that still holds items only with allowItemDeletion, and the items go with it', async () => {
    const folder = await t.bob.client.files.create({
      supportsAllDrives: true,
      requestBody: { name: 'Reports', parents: [teamId], mimeType: 'application/vnd.google-apps.folder' },
    });
    const inner = await t.bob.client.files.create(
      {
        supportsAllDrives: true,
        requestBody: { name: 'q1.txt', parents: [folder.data.id!] },
        media: { mimeType: 'text/plain', body: 'first quarter' },
        fields: 'id',
      },
      t.media,
    );
    const itemIds = [itemId, folder.data.id!, inner.data.id!];
    const start = (await t.bob.client.changes.getStartPageToken({})).data.startPageToken!;
    const db = t.service.context.store.db;
    const count = (sql: string, ...args: string[]) => (db.prepare(sql).get(...args) as { n: number }).n;
    const inClause = `(${itemIds.map(() => '?').join(',')})`;
    const innerBlob = (
      db.prepare('SELECT blob_address FROM drive_files WHERE id = ?').get(inner.data.id!) as { blob_address: string }
    ).blob_address;

    const before = t.digest();
    expect(await reasonOf(boss.drives.delete({ driveId: teamId, useDomainAdminAccess: true }))).toMatchObject({
      status: 403,
      reason: 'cannotDeleteResourceWithChildren',
    });
    expect(await reasonOf(t.bob.client.drives.delete({ driveId: teamId, allowItemDeletion: true }))).toMatchObject({
      status: 400,
      location: 'allowItemDeletion',
    });
    expect(
      await reasonOf(stranger.drives.delete({ driveId: teamId, useDomainAdminAccess: true, allowItemDeletion: true })),
    ).toMatchObject(adminRefusal);
    expect(t.digest()).toBe(before);
    expect(count(`SELECT COUNT(*) AS n FROM drive_revisions WHERE file_id IN ${inClause}`, ...itemIds)).toBe(2);

    await boss.drives.delete({ driveId: teamId, useDomainAdminAccess: true, allowItemDeletion: true });

    expect(await reasonOf(t.bob.client.drives.get({ driveId: teamId }))).toMatchObject({ status: 404 });
    for (const id of itemIds)
      expect(await reasonOf(t.bob.client.files.get({ fileId: id, supportsAllDrives: true }))).toMatchObject({
        status: 404,
      });
    expect(count(`SELECT COUNT(*) AS n FROM drive_files WHERE id IN ${inClause} OR id = ?`, ...itemIds, teamId)).toBe(
      0,
    );
    expect(
      count(
        `SELECT COUNT(*) AS n FROM drive_permissions WHERE file_id IN ${inClause} OR file_id = ?`,
        ...itemIds,
        teamId,
      ),
    ).toBe(0);
    expect(count(`SELECT COUNT(*) AS n FROM drive_revisions WHERE file_id IN ${inClause}`, ...itemIds)).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM drive_blobs WHERE address = ?', innerBlob)).toBe(0);
    const feed = await t.bob.client.changes.list({
      pageToken: start,
      fields: 'changes(changeType,fileId,driveId,removed)',
    });
    expect(feed.data.changes).toEqual(
      expect.arrayContaining([
        ...itemIds.map((fileId) => ({ changeType: 'file', fileId, driveId: teamId, removed: true })),
        { changeType: 'drive', driveId: teamId, removed: true },
      ]),
    );
    expect((await boss.drives.list({ useDomainAdminAccess: true })).data.drives!.map((d) => d.id)).toEqual([carolsId]);
  });
});

describe('domain administrators as users of the service', () => {
  it('records drive domains and the administrator flag for a database made before them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-drive-admin-'));
    try {
      const old = new Store(join(dataDir, 'atrium.sqlite'), [
        { area: 'core', migrations: [coreMigrations.migrations[0]!] },
        { area: 'drive', migrations: [driveMigrations.migrations[0]!] },
      ]);
      const now = new Date().toISOString();
      old.db.exec(`
        INSERT INTO users (id, email, display_name, created) VALUES ('11', 'old@example.com', 'Old', '${now}');
        INSERT INTO tokens (token_hash, user_id, created) VALUES ('${hashToken('old-token')}', '11', '${now}');
        INSERT INTO drive_users (user_id, email, domain, display_name, root_id) VALUES ('11', 'old@example.com', 'example.com', 'Old', 'root-11');
        INSERT INTO drive_shared_drives (id, name, created_time, color_rgb, restrictions, creator_id, request_id)
          VALUES ('0Aknown', 'Known creator', '${now}', '#4986e7', '{}', '11', 'r1'),
                 ('0Agone', 'Creator gone', '${now}', '#4986e7', '{}', '99', 'r2');
        INSERT INTO drive_files (id, name, name_natural, mime_type, is_folder, drive_id, root_kind, created_time, modified_time)
          VALUES ('0Agone', 'Creator gone', 'creator gone', 'application/vnd.google-apps.folder', 1, '0Agone', 'sharedDrive', '${now}', '${now}');
        INSERT INTO drive_permissions (file_id, id, type, role, email, created_time)
          VALUES ('0Agone', 'p1', 'user', 'organizer', 'someone@Elsewhere.net', '${now}');
      `);
      old.close();

      const service = await startEmbeddedService({
        dataDir,
        port: 0,
        users: [{ email: 'admin@elsewhere.net', token: 'admin-token', domainAdmin: true }],
      });
      try {
        const db = service.context.store.db;
        expect(db.prepare('SELECT id, domain FROM drive_shared_drives ORDER BY id').all()).toEqual([
          { id: '0Agone', domain: 'elsewhere.net' },
          { id: '0Aknown', domain: 'example.com' },
        ]);
        expect(db.prepare('SELECT email, domain_admin FROM users ORDER BY email').all()).toEqual([
          { email: 'admin@elsewhere.net', domain_admin: 1 },
          { email: 'old@example.com', domain_admin: 0 },
        ]);
        const admin = clientFor(service.url, 'admin-token');
        expect((await admin.drives.list({ useDomainAdminAccess: true })).data.drives!.map((d) => d.id)).toEqual([
          '0Agone',
        ]);

        // A known user made an administrator later: their existing token now acts as one.
        const old = clientFor(service.url, 'old-token');
        expect(await reasonOf(old.drives.list({ useDomainAdminAccess: true }))).toMatchObject(adminRefusal);
        service.addUser({ email: 'Old@example.com', token: 'old-token', domainAdmin: true });
        expect((await old.drives.list({ useDomainAdminAccess: true })).data.drives!.map((d) => d.id)).toEqual([
          '0Aknown',
        ]);
        // Adding a token without saying leaves the flag as it is.
        service.addUser({ email: 'old@example.com', token: 'old-token-2' });
        const again = clientFor(service.url, 'old-token-2');
        expect((await again.drives.list({ useDomainAdminAccess: true })).data.drives).toHaveLength(1);
      } finally {
        await service.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes administrators from the command line', () => {
    const parsed = parseCli([
      '--data',
      '/tmp/x',
      '--user',
      'boss@example.com:t1',
      '--user',
      'bob@example.com:t2',
      '--admin',
      'Boss@Example.com',
    ]);
    expect(parsed!.users).toEqual([
      { email: 'boss@example.com', token: 't1', domainAdmin: true },
      { email: 'bob@example.com', token: 't2' },
    ]);
    expect(() => parseCli(['--data', '/tmp/x', '--user', 'a@example.com:t', '--admin', 'b@example.com'])).toThrow(
      UsageError,
    );
  });
});
