import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

const folderType = 'application/vnd.google-apps.folder';

describe('Drive sharing between users', () => {
  let t: DriveTestService;
  let folderId: string;
  let docId: string;
  let bobPermissionId: string;

  beforeAll(async () => {
    t = await startDriveTestService();
    const folder = await t.alice.client.files.create({ requestBody: { name: 'Shared plans', mimeType: folderType } });
    folderId = folder.data.id!;
    const doc = await t.alice.client.files.create(
      {
        requestBody: { name: 'plan.txt', parents: [folderId] },
        media: { mimeType: 'text/plain', body: 'step one' },
        fields: 'id',
      },
      t.media,
    );
    docId = doc.data.id!;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shares a folder with a reader: the content inherits access and the folder shows in sharedWithMe', async () => {
    expect((await reasonOf(t.bob.client.files.get({ fileId: docId }))).status).toBe(404);
    const created = await t.alice.client.permissions.create({
      fileId: folderId,
      emailMessage: 'Have a look',
      requestBody: { type: 'user', role: 'reader', emailAddress: 'bob@example.com' },
    });
    bobPermissionId = created.data.id!;
    expect(created.data).toEqual({ kind: 'drive#permission', id: bobPermissionId, type: 'user', role: 'reader' });

    const viaFolder = await t.bob.client.files.get({
      fileId: docId,
      fields: 'id,name,capabilities(canEdit,canComment,canShare),ownedByMe',
    });
    expect(viaFolder.data).toMatchObject({
      name: 'plan.txt',
      ownedByMe: false,
      capabilities: { canEdit: false, canComment: false, canShare: false },
    });
    const content = await t.bob.client.files.get({ fileId: docId, alt: 'media' }, { responseType: 'text' });
    expect(content.data).toBe('step one');

    const shared = await t.bob.client.files.list({
      q: 'sharedWithMe and trashed = false',
      fields: 'files(id,name,sharedWithMeTime,sharingUser(emailAddress))',
    });
    expect(shared.data.files).toHaveLength(1);
    expect(shared.data.files![0]).toMatchObject({ id: folderId, sharingUser: { emailAddress: 'me@atrium.local' } });
    expect(shared.data.files![0]!.sharedWithMeTime).toBeTruthy();
    const inside = await t.bob.client.files.list({ q: `'${folderId}' in parents` });
    expect(inside.data.files!.map((f) => f.id)).toEqual([docId]);

    const mail = t.outbox().filter((m) => m.recipient === 'bob@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Shared plans');
    expect(mail[0]!.body).toContain('Have a look');
  });

  it('lists inherited permissions on the content and refuses to change them there', async () => {
    const perms = await t.alice.client.permissions.list({
      fileId: docId,
      fields: 'permissions(id,role,emailAddress,type)',
    });
    expect(perms.data.permissions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ role: 'owner', emailAddress: 'me@atrium.local' }),
        expect.objectContaining({ id: bobPermissionId, role: 'reader', emailAddress: 'bob@example.com' }),
      ]),
    );
    const refused = await reasonOf(t.alice.client.permissions.delete({ fileId: docId, permissionId: bobPermissionId }));
    expect(refused).toMatchObject({ status: 403, reason: 'cannotModifyInheritedPermission' });
  });

  it('enforces the role: a reader cannot update or comment, a commenter can comment, only the owner trashes', async () => {
    const before = t.digest();
    expect(
      await reasonOf(t.bob.client.files.update({ fileId: docId, requestBody: { name: 'mine now' } })),
    ).toMatchObject({
      status: 403,
      reason: 'insufficientFilePermissions',
    });
    expect(
      await reasonOf(
        t.bob.client.files.update({ fileId: docId, media: { mimeType: 'text/plain', body: 'overwrite' } }, t.media),
      ),
    ).toMatchObject({ status: 403, reason: 'insufficientFilePermissions' });
    expect(
      await reasonOf(t.bob.client.comments.create({ fileId: docId, fields: 'id', requestBody: { content: 'hi' } })),
    ).toMatchObject({ status: 403 });
    expect(t.digest()).toBe(before);

    await t.alice.client.permissions.update({
      fileId: folderId,
      permissionId: bobPermissionId,
      requestBody: { role: 'commenter' },
    });
    const comment = await t.bob.client.comments.create({
      fileId: docId,
      fields: 'id,content,author(displayName)',
      requestBody: { content: 'Looks good' },
    });
    expect(comment.data).toMatchObject({ content: 'Looks good', author: { displayName: 'Bob' } });
    expect(
      (await reasonOf(t.bob.client.files.update({ fileId: docId, requestBody: { description: 'x' } }))).status,
    ).toBe(403);

    await t.alice.client.permissions.update({
      fileId: folderId,
      permissionId: bobPermissionId,
      requestBody: { role: 'writer' },
    });
    const renamed = await t.bob.client.files.update({
      fileId: docId,
      requestBody: { name: 'plan v2.txt' },
      fields: 'name,lastModifyingUser(emailAddress)',
    });
    expect(renamed.data).toMatchObject({ name: 'plan v2.txt', lastModifyingUser: { emailAddress: 'bob@example.com' } });
    expect(await reasonOf(t.bob.client.files.update({ fileId: docId, requestBody: { trashed: true } }))).toMatchObject({
      status: 403,
    });
    expect(await reasonOf(t.bob.client.files.delete({ fileId: docId }))).toMatchObject({ status: 403 });

    // Starring is the user's own business: a reader may star.
    await t.alice.client.permissions.update({
      fileId: folderId,
      permissionId: bobPermissionId,
      requestBody: { role: 'reader' },
    });
    const starred = await t.bob.client.files.update({
      fileId: docId,
      requestBody: { starred: true },
      fields: 'starred',
    });
    expect(starred.data.starred).toBe(true);
    expect((await t.alice.client.files.get({ fileId: docId, fields: 'starred' })).data.starred).toBe(false);
  });

  it('hides the owner trash from others', async () => {
    const scratch = await t.alice.client.files.create({ requestBody: { name: 'scratch', parents: [folderId] } });
    await t.alice.client.files.update({ fileId: scratch.data.id!, requestBody: { trashed: true } });
    expect((await reasonOf(t.bob.client.files.get({ fileId: scratch.data.id! }))).status).toBe(404);
    const trashed = await t.bob.client.files.list({ q: 'trashed = true' });
    expect(trashed.data.files).toEqual([]);
    const mine = await t.alice.client.files.list({ q: 'trashed = true' });
    expect(mine.data.files!.map((f) => f.id)).toContain(scratch.data.id);
  });

  it('expires a grant at its expirationTime', async () => {
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    const grant = await t.alice.client.permissions.create({
      fileId: docId,
      sendNotificationEmail: false,
      fields: 'id,expirationTime',
      requestBody: { type: 'user', role: 'reader', emailAddress: 'carol@example.com', expirationTime: inAnHour },
    });
    expect(new Date(grant.data.expirationTime!).getTime()).toBe(new Date(inAnHour).getTime());
    expect((await t.carol.client.files.get({ fileId: docId })).data.id).toBe(docId);
    expect((await t.carol.client.files.list({ q: 'sharedWithMe' })).data.files!.map((f) => f.id)).toEqual([docId]);

    t.advance(2 * 3600_000);
    expect((await reasonOf(t.carol.client.files.get({ fileId: docId }))).status).toBe(404);
    expect((await t.carol.client.files.list({ q: 'sharedWithMe' })).data.files).toEqual([]);
    t.advance(-2 * 3600_000);

    const removed = await t.alice.client.permissions.update({
      fileId: docId,
      permissionId: grant.data.id!,
      removeExpiration: true,
      fields: 'id,expirationTime',
      requestBody: {},
    });
    expect(removed.data.expirationTime).toBeUndefined();
  });

  it('rejects invalid expirations, wrong role/type pairs and notification misuse, changing nothing', async () => {
    const before = t.digest();
    const past = new Date(Date.now() - 60_000).toISOString();
    const tooFar = new Date(Date.now() + 400 * 24 * 3600_000).toISOString();
    const bad = [
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'user', role: 'reader', emailAddress: 'dan@example.com', expirationTime: past },
      }),
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'user', role: 'reader', emailAddress: 'dan@example.com', expirationTime: tooFar },
      }),
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'anyone', role: 'reader', expirationTime: new Date(Date.now() + 3600_000).toISOString() },
      }),
      t.alice.client.permissions.create({ fileId: docId, requestBody: { type: 'anyone', role: 'owner' } }),
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'domain', role: 'organizer', domain: 'example.com' },
      }),
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'user', role: 'fileOrganizer', emailAddress: 'dan@example.com' },
      }),
      t.alice.client.permissions.create({ fileId: docId, requestBody: { type: 'user', role: 'reader' } }),
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'robot' as 'user', role: 'reader', emailAddress: 'dan@example.com' },
      }),
      t.alice.client.permissions.create({
        fileId: docId,
        sendNotificationEmail: false,
        requestBody: { type: 'anyone', role: 'reader' },
      }),
      t.alice.client.permissions.create({
        fileId: docId,
        transferOwnership: true,
        sendNotificationEmail: false,
        requestBody: { type: 'user', role: 'owner', emailAddress: 'bob@example.com' },
      }),
    ];
    for (const call of bad) {
      const error = await reasonOf(call);
      expect(error.status).toBe(400);
      expect(error.reason).toMatch(/^(invalid|required|invalidSharingRequest)$/);
    }
    const noConsent = await reasonOf(
      t.alice.client.permissions.create({
        fileId: docId,
        requestBody: { type: 'user', role: 'owner', emailAddress: 'bob@example.com' },
      }),
    );
    expect(noConsent).toMatchObject({ status: 403, reason: 'consentRequiredForOwnershipTransfer' });
    expect(t.digest()).toBe(before);
  });

  it('makes anyone-with-link files openable but not discoverable unless allowFileDiscovery', async () => {
    const link = await t.alice.client.files.create({ requestBody: { name: 'link-only report' } });
    await t.alice.client.permissions.create({ fileId: link.data.id!, requestBody: { type: 'anyone', role: 'reader' } });
    expect((await t.carol.client.files.get({ fileId: link.data.id! })).data.name).toBe('link-only report');
    expect((await t.carol.client.files.list({ q: "name contains 'link-only'" })).data.files).toEqual([]);

    const found = await t.alice.client.files.create({ requestBody: { name: 'findable report' } });
    await t.alice.client.permissions.create({
      fileId: found.data.id!,
      requestBody: { type: 'anyone', role: 'reader', allowFileDiscovery: true },
    });
    expect((await t.carol.client.files.list({ q: "name contains 'findable'" })).data.files!.map((f) => f.id)).toEqual([
      found.data.id,
    ]);
    expect(
      (await t.alice.client.files.list({ q: "visibility = 'anyoneCanFind'" })).data.files!.map((f) => f.id),
    ).toEqual([found.data.id]);
  });

  it('transfers ownership: the new owner owns it, the old owner becomes a writer', async () => {
    const file = await t.alice.client.files.create({ requestBody: { name: 'handover.txt' } });
    await t.alice.client.permissions.create({
      fileId: file.data.id!,
      transferOwnership: true,
      requestBody: { type: 'user', role: 'owner', emailAddress: 'bob@example.com' },
    });
    const seenByBob = await t.bob.client.files.get({ fileId: file.data.id!, fields: 'ownedByMe,owners(emailAddress)' });
    expect(seenByBob.data).toMatchObject({ ownedByMe: true, owners: [{ emailAddress: 'bob@example.com' }] });
    const perms = await t.bob.client.permissions.list({
      fileId: file.data.id!,
      fields: 'permissions(role,emailAddress)',
    });
    expect(perms.data.permissions).toEqual(
      expect.arrayContaining([
        { role: 'owner', emailAddress: 'bob@example.com' },
        { role: 'writer', emailAddress: 'me@atrium.local' },
      ]),
    );
    expect(t.outbox().some((m) => m.recipient === 'bob@example.com' && m.subject.includes('owner'))).toBe(true);
    // The old owner can no longer trash it.
    expect(
      (await reasonOf(t.alice.client.files.update({ fileId: file.data.id!, requestBody: { trashed: true } }))).status,
    ).toBe(403);
  });

  it('transfers ownership to a grant that was to expire only when the expiration is removed with it', async () => {
    const file = await t.alice.client.files.create({ requestBody: { name: 'keys.txt' } });
    const grant = await t.alice.client.permissions.create({
      fileId: file.data.id!,
      sendNotificationEmail: false,
      requestBody: {
        type: 'user',
        role: 'writer',
        emailAddress: 'carol@example.com',
        expirationTime: new Date(Date.now() + 3600_000).toISOString(),
      },
    });
    const transfer = { fileId: file.data.id!, permissionId: grant.data.id!, transferOwnership: true };
    const before = t.digest();
    expect(
      await reasonOf(t.alice.client.permissions.update({ ...transfer, requestBody: { role: 'owner' } })),
    ).toMatchObject({ status: 400, location: 'permission.expirationTime' });
    expect(t.digest()).toBe(before);
    const owner = await t.alice.client.permissions.update({
      ...transfer,
      removeExpiration: true,
      fields: 'role,expirationTime',
      requestBody: { role: 'owner' },
    });
    expect(owner.data).toEqual({ role: 'owner' });
    const seenByCarol = await t.carol.client.files.get({ fileId: file.data.id!, fields: 'ownedByMe' });
    expect(seenByCarol.data.ownedByMe).toBe(true);
  });

  it('lets a user drop their own access and revokes access for the folder content', async () => {
    await t.bob.client.permissions.delete({ fileId: folderId, permissionId: bobPermissionId });
    expect((await reasonOf(t.bob.client.files.get({ fileId: docId }))).status).toBe(404);
    expect((await t.bob.client.files.list({ q: 'sharedWithMe' })).data.files!.map((f) => f.id)).not.toContain(folderId);
  });

  it('finds files by owners, writers and readers', async () => {
    const file = await t.alice.client.files.create({ requestBody: { name: 'roster' } });
    await t.alice.client.permissions.create({
      fileId: file.data.id!,
      requestBody: { type: 'user', role: 'writer', emailAddress: 'carol@example.com' },
    });
    const byWriter = await t.alice.client.files.list({ q: "'carol@example.com' in writers" });
    expect(byWriter.data.files!.map((f) => f.id)).toEqual([file.data.id]);
    const byOwner = await t.carol.client.files.list({ q: "'me@atrium.local' in owners and name = 'roster'" });
    expect(byOwner.data.files!.map((f) => f.id)).toEqual([file.data.id]);
    const byReader = await t.alice.client.files.list({ q: "'carol@example.com' in readers and name = 'roster'" });
    expect(byReader.data.files).toEqual([]);
  });
});
