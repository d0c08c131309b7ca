import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

describe('shared drive restrictions', () => {
  let t: DriveTestService;
  /** Bob's drive (domain example.com); Carol is a contributor, Alice (atrium.local) no member. */
  let driveId: string;
  let folderId: string;
  let fileId: string;

  const restrict = (restrictions: Record<string, boolean>) =>
    t.bob.client.drives.update({ driveId, requestBody: { restrictions } });
  const share = (id: string, requestBody: Record<string, string>, as = t.bob) =>
    as.client.permissions.create({ fileId: id, supportsAllDrives: true, requestBody, fields: 'id,role' });

  beforeAll(async () => {
    t = await startDriveTestService();
    driveId = (await t.bob.client.drives.create({ requestId: 'restricted', requestBody: { name: 'Team' } })).data.id!;
    await share(driveId, { type: 'user', role: 'writer', emailAddress: 'carol@example.com' });
    folderId = (
      await t.bob.client.files.create({
        supportsAllDrives: true,
        requestBody: { name: 'Plans', parents: [driveId], mimeType: 'application/vnd.google-apps.folder' },
        fields: 'id',
      })
    ).data.id!;
    fileId = (
      await t.bob.client.files.create(
        {
          supportsAllDrives: true,
          requestBody: { name: 'plan.txt', parents: [folderId] },
          media: { mimeType: 'text/plain', body: Readable.from([Buffer.from('the plan')]) },
          fields: 'id',
        },
        t.media,
      )
    ).data.id!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('domainUsersOnly: items and the drive are shared only within the drive’s domain', async () => {
    await restrict({ domainUsersOnly: true });
    try {
      const before = t.digest();
      for (const [id, grant] of [
        [fileId, { type: 'user', role: 'reader', emailAddress: 'me@atrium.local' }],
        [fileId, { type: 'anyone', role: 'reader' }],
        [fileId, { type: 'domain', role: 'reader', domain: 'atrium.local' }],
        [driveId, { type: 'user', role: 'reader', emailAddress: 'me@atrium.local' }],
      ] as const) {
        expect(await reasonOf(share(id, grant))).toMatchObject({
          status: 400,
          reason: 'teamDriveDomainUsersOnlyRestriction',
        });
      }
      expect(t.digest()).toBe(before);
      expect((await share(fileId, { type: 'domain', role: 'reader', domain: 'example.com' })).status).toBe(200);
    } finally {
      await restrict({ domainUsersOnly: false });
    }
    expect((await share(fileId, { type: 'user', role: 'reader', emailAddress: 'me@atrium.local' })).status).toBe(200);
  });

  it('driveMembersOnly: items are shared only with members; members are still added to the drive', async () => {
    await restrict({ driveMembersOnly: true });
    try {
      const before = t.digest();
      const grants: Record<string, string>[] = [
        { type: 'user', role: 'commenter', emailAddress: 'dave@example.com' },
        { type: 'anyone', role: 'reader' },
      ];
      for (const grant of grants) {
        expect(await reasonOf(share(folderId, grant))).toMatchObject({
          status: 400,
          reason: 'teamDriveTeamMembersOnlyRestriction',
        });
      }
      expect(t.digest()).toBe(before);
      // Carol is a member: an item may be shared with her at a higher role.
      expect(
        (await share(folderId, { type: 'user', role: 'fileOrganizer', emailAddress: 'carol@example.com' })).status,
      ).toBe(200);
      // Adding a member to the drive itself is what the restriction leaves open.
      expect((await share(driveId, { type: 'user', role: 'reader', emailAddress: 'dave@example.com' })).status).toBe(
        200,
      );
      expect((await share(fileId, { type: 'user', role: 'commenter', emailAddress: 'dave@example.com' })).status).toBe(
        200,
      );
    } finally {
      await restrict({ driveMembersOnly: false });
    }
  });

  it('copyRequiresWriterPermission: readers may not download or copy any item; the items say so', async () => {
    const readerView = () =>
      t.alice.client.files.get({
        fileId,
        supportsAllDrives: true,
        fields: 'copyRequiresWriterPermission,capabilities(canDownload,canCopy)',
      });
    await share(driveId, { type: 'user', role: 'reader', emailAddress: 'me@atrium.local' });
    expect((await readerView()).data).toEqual({
      copyRequiresWriterPermission: false,
      capabilities: { canDownload: true, canCopy: true },
    });
    await restrict({ copyRequiresWriterPermission: true });
    try {
      expect((await readerView()).data).toEqual({
        copyRequiresWriterPermission: true,
        capabilities: { canDownload: false, canCopy: false },
      });
      expect(await reasonOf(t.alice.client.files.get({ fileId, alt: 'media', supportsAllDrives: true }))).toMatchObject(
        {
          status: 403,
          reason: 'cannotDownloadFile',
        },
      );
      expect(await reasonOf(t.alice.client.files.copy({ fileId, supportsAllDrives: true }))).toMatchObject({
        status: 403,
      });
      // A writer still can.
      const bytes = await t.carol.client.files.get(
        { fileId, alt: 'media', supportsAllDrives: true },
        { responseType: 'text' },
      );
      expect(bytes.data).toBe('the plan');
    } finally {
      await restrict({ copyRequiresWriterPermission: false });
    }
    expect((await readerView()).data.capabilities).toEqual({ canDownload: true, canCopy: true });
  });

  it('folders are shared by content managers, or only by managers when the drive says so', async () => {
    const erin = { type: 'user', role: 'reader', emailAddress: 'erin@example.com' };
    const canShare = async (id: string, as: DriveTestService['carol']) =>
      (await as.client.files.get({ fileId: id, supportsAllDrives: true, fields: 'capabilities(canShare)' })).data
        .capabilities!.canShare;
    // Carol contributes to the drive (writer): files yes, folders no.
    const contributorFolder = await t.carol.client.files.create({
      supportsAllDrives: true,
      requestBody: { name: 'Carol’s', parents: [driveId], mimeType: 'application/vnd.google-apps.folder' },
      fields: 'id',
    });
    const folder = contributorFolder.data.id!;
    expect(await canShare(folder, t.carol)).toBe(false);
    expect(await reasonOf(share(folder, erin, t.carol))).toMatchObject({ status: 403 });
    expect(await canShare(fileId, t.carol)).toBe(true);

    // As a content manager she may share folders, unless only managers may.
    await share(driveId, { type: 'user', role: 'fileOrganizer', emailAddress: 'carol@example.com' });
    expect(await canShare(folder, t.carol)).toBe(true);
    await restrict({ sharingFoldersRequiresOrganizerPermission: true });
    try {
      expect(await canShare(folder, t.carol)).toBe(false);
      expect(await reasonOf(share(folder, erin, t.carol))).toMatchObject({ status: 403 });
      expect((await share(folder, erin)).status).toBe(200);
    } finally {
      await restrict({ sharingFoldersRequiresOrganizerPermission: false });
    }
    expect((await share(folder, { ...erin, role: 'commenter' }, t.carol)).status).toBe(200);
  });
});
