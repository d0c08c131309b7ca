import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonOf, startDriveTestService, type DriveTestService } from './test-support';

interface Delivery {
  channel: string;
  state: string;
  changed?: string;
  token?: string;
  number: number;
}

describe('Drive about, changes, watch channels, comments', () => {
  let t: DriveTestService;
  let receiver: Server;
  let address: string;
  const deliveries: Delivery[] = [];

  beforeAll(async () => {
    t = await startDriveTestService();
    receiver = createServer((req, res) => {
      deliveries.push({
        channel: String(req.headers['x-goog-channel-id']),
        state: String(req.headers['x-goog-resource-state']),
        ...(req.headers['x-goog-changed'] ? { changed: String(req.headers['x-goog-changed']) } : {}),
        ...(req.headers['x-goog-channel-token'] ? { token: String(req.headers['x-goog-channel-token']) } : {}),
        number: Number(req.headers['x-goog-message-number']),
      });
      req.resume();
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // Plain http on loopback is delivered to only when allowed.
    t.service.setWebhookOrigins([new URL(address).origin]);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const waitFor = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(predicate()).toBe(true);
  };

  it('answers about with the user, quota and formats (fields required)', async () => {
    expect(await reasonOf(t.alice.client.about.get({}))).toMatchObject({
      status: 400,
      reason: 'required',
      location: 'fields',
    });
    const about = await t.alice.client.about.get({
      fields: 'user(emailAddress,me),storageQuota(usage),exportFormats,canCreateDrives',
    });
    expect(about.data).toMatchObject({
      user: { emailAddress: 'me@atrium.local', me: true },
      storageQuota: { usage: '0' },
      canCreateDrives: true,
    });
    expect(about.data.exportFormats!['application/vnd.google-apps.document']).toContain('application/pdf');
  });

  it('lists changes from a start token, with removals, ending with a new start token', async () => {
    const start = (await t.alice.client.changes.getStartPageToken({})).data.startPageToken!;
    const a = await t.alice.client.files.create({ requestBody: { name: 'a.txt' } });
    const b = await t.alice.client.files.create({ requestBody: { name: 'b.txt' } });
    await t.alice.client.files.update({ fileId: a.data.id!, requestBody: { name: 'a2.txt' } });
    await t.alice.client.files.delete({ fileId: b.data.id! });

    const page = await t.alice.client.changes.list({
      pageToken: start,
      fields: 'newStartPageToken,nextPageToken,changes(fileId,removed,file(name))',
    });
    expect(page.data.nextPageToken).toBeUndefined();
    expect(page.data.newStartPageToken).toBeTruthy();
    expect(page.data.changes).toEqual([
      { fileId: a.data.id, removed: false, file: { name: 'a2.txt' } },
      { fileId: b.data.id, removed: true },
    ]);
    const withoutRemoved = await t.alice.client.changes.list({ pageToken: start, includeRemoved: false });
    expect(withoutRemoved.data.changes!.map((c) => c.fileId)).toEqual([a.data.id]);

    const paged = await t.alice.client.changes.list({ pageToken: start, pageSize: 1 });
    expect(paged.data.nextPageToken).toBeTruthy();
    expect(paged.data.newStartPageToken).toBeUndefined();

    const nothing = await t.alice.client.changes.list({ pageToken: page.data.newStartPageToken! });
    expect(nothing.data.changes).toEqual([]);
    // Bob saw none of it.
    expect((await t.bob.client.changes.list({ pageToken: start })).data.changes).toEqual([]);
    expect((await reasonOf(t.alice.client.changes.list({ pageToken: 'nonsense' }))).status).toBe(400);
  });

  it("puts sharing in the grantee's feed and a lost grant as a removal", async () => {
    const start = (await t.bob.client.changes.getStartPageToken({})).data.startPageToken!;
    const file = await t.alice.client.files.create({ requestBody: { name: 'for bob' } });
    const grant = await t.alice.client.permissions.create({
      fileId: file.data.id!,
      sendNotificationEmail: false,
      requestBody: { type: 'user', role: 'reader', emailAddress: 'bob@example.com' },
    });
    const seen = await t.bob.client.changes.list({
      pageToken: start,
      fields: 'newStartPageToken,changes(fileId,removed)',
    });
    expect(seen.data.changes).toEqual([{ fileId: file.data.id, removed: false }]);
    await t.alice.client.permissions.delete({ fileId: file.data.id!, permissionId: grant.data.id! });
    const lost = await t.bob.client.changes.list({
      pageToken: seen.data.newStartPageToken!,
      fields: 'changes(fileId,removed)',
    });
    expect(lost.data.changes).toEqual([{ fileId: file.data.id, removed: true }]);
  });

  it('watches a file: sync first, then update with the changed list, trash, untrash, remove', async () => {
    const file = await t.alice.client.files.create({ requestBody: { name: 'watched.txt' } });
    const id = file.data.id!;
    const channel = await t.alice.client.files.watch({
      fileId: id,
      requestBody: { id: 'file-channel-1', type: 'web_hook', address, token: 'secret' },
    });
    expect(channel.data).toMatchObject({ kind: 'api#channel', id: 'file-channel-1' });
    await waitFor(() => deliveries.some((d) => d.channel === 'file-channel-1' && d.state === 'sync'));

    await t.alice.client.files.update({ fileId: id, requestBody: { description: 'changed' } });
    await t.alice.client.files.update({ fileId: id, media: { mimeType: 'text/plain', body: 'new content' } }, t.media);
    await t.alice.client.files.update({ fileId: id, requestBody: { trashed: true } });
    await t.alice.client.files.update({ fileId: id, requestBody: { trashed: false } });
    await t.alice.client.files.delete({ fileId: id });
    await waitFor(() => deliveries.some((d) => d.channel === 'file-channel-1' && d.state === 'remove'));
    const states = deliveries.filter((d) => d.channel === 'file-channel-1');
    expect(states.map((d) => d.state)).toEqual(['sync', 'update', 'update', 'trash', 'untrash', 'remove']);
    expect(states[1]!.changed).toBe('properties');
    expect(states[2]!.changed).toContain('content');
    expect(states.every((d) => d.token === 'secret')).toBe(true);
    expect(states.map((d) => d.number)).toEqual([...states.map((d) => d.number)].sort((x, y) => x - y));
  });

  it('watches changes and stops the channel', async () => {
    const start = (await t.alice.client.changes.getStartPageToken({})).data.startPageToken!;
    const channel = await t.alice.client.changes.watch({
      pageToken: start,
      requestBody: { id: 'changes-channel-1', type: 'web_hook', address },
    });
    await waitFor(() => deliveries.some((d) => d.channel === 'changes-channel-1' && d.state === 'sync'));
    await t.alice.client.files.create({ requestBody: { name: 'noticed' } });
    await waitFor(() => deliveries.some((d) => d.channel === 'changes-channel-1' && d.state === 'change'));

    expect(
      await reasonOf(
        t.bob.client.channels.stop({ requestBody: { id: 'changes-channel-1', resourceId: channel.data.resourceId! } }),
      ),
    ).toMatchObject({ status: 403 });
    await t.alice.client.channels.stop({
      requestBody: { id: 'changes-channel-1', resourceId: channel.data.resourceId! },
    });
    const count = deliveries.filter((d) => d.channel === 'changes-channel-1').length;
    await t.alice.client.files.create({ requestBody: { name: 'unnoticed' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(deliveries.filter((d) => d.channel === 'changes-channel-1')).toHaveLength(count);
  });

  it('keeps comments and replies: resolve and reopen, deleted ones lose content, modifiedTime follows replies', async () => {
    const file = (await t.alice.client.files.create({ requestBody: { name: 'discussed.txt' } })).data.id!;
    expect(await reasonOf(t.alice.client.comments.list({ fileId: file }))).toMatchObject({
      status: 400,
      location: 'fields',
    });
    const comment = await t.alice.client.comments.create({
      fileId: file,
      fields: '*',
      requestBody: { content: 'Is this right?', anchor: '{"r":"head"}' },
    });
    const commentId = comment.data.id!;
    expect(comment.data).toMatchObject({
      content: 'Is this right?',
      resolved: false,
      deleted: false,
      anchor: '{"r":"head"}',
    });

    t.advance(60_000);
    const resolve = await t.alice.client.replies.create({
      fileId: file,
      commentId,
      fields: '*',
      requestBody: { action: 'resolve', content: 'Fixed' },
    });
    expect(resolve.data).toMatchObject({ action: 'resolve', content: 'Fixed' });
    let current = await t.alice.client.comments.get({
      fileId: file,
      commentId,
      fields: 'resolved,modifiedTime,replies(id)',
    });
    expect(current.data.resolved).toBe(true);
    expect(current.data.modifiedTime).toBe(resolve.data.modifiedTime);
    expect(current.data.modifiedTime).not.toBe(comment.data.modifiedTime);

    await t.alice.client.replies.create({ fileId: file, commentId, fields: 'id', requestBody: { action: 'reopen' } });
    current = await t.alice.client.comments.get({ fileId: file, commentId, fields: 'resolved,replies(id)' });
    expect(current.data.resolved).toBe(false);
    expect(current.data.replies).toHaveLength(2);
    expect(
      await reasonOf(
        t.alice.client.replies.create({ fileId: file, commentId, fields: 'id', requestBody: { action: 'close' } }),
      ),
    ).toMatchObject({ status: 400 });
    expect(
      await reasonOf(t.alice.client.replies.create({ fileId: file, commentId, fields: 'id', requestBody: {} })),
    ).toMatchObject({ status: 400, reason: 'required' });

    const since = new Date(t.service.context.now().getTime() + 1000).toISOString();
    t.advance(120_000);
    const other = await t.alice.client.comments.create({
      fileId: file,
      fields: 'id',
      requestBody: { content: 'Second thought' },
    });
    const recent = await t.alice.client.comments.list({
      fileId: file,
      startModifiedTime: since,
      fields: 'comments(id)',
    });
    expect(recent.data.comments!.map((c) => c.id)).toEqual([other.data.id]);

    await t.alice.client.replies.delete({ fileId: file, commentId, replyId: resolve.data.id! });
    await t.alice.client.comments.delete({ fileId: file, commentId });
    const visible = await t.alice.client.comments.list({ fileId: file, fields: 'comments(id)' });
    expect(visible.data.comments!.map((c) => c.id)).toEqual([other.data.id]);
    const withDeleted = await t.alice.client.comments.list({
      fileId: file,
      includeDeleted: true,
      fields: 'comments(id,deleted,content,replies(id,deleted,content))',
    });
    const gone = withDeleted.data.comments!.find((c) => c.id === commentId)!;
    expect(gone.deleted).toBe(true);
    expect(gone.content).toBeUndefined();
    expect(gone.replies!.find((r) => r.id === resolve.data.id)).toEqual({ id: resolve.data.id, deleted: true });
    const replies = await t.alice.client.replies.list({
      fileId: file,
      commentId,
      includeDeleted: false,
      fields: 'replies(id)',
    });
    expect(replies.data.replies).toHaveLength(1);

    const edited = await t.alice.client.comments.update({
      fileId: file,
      commentId: other.data.id!,
      fields: 'content',
      requestBody: { content: 'Third thought' },
    });
    expect(edited.data.content).toBe('Third thought');
    expect(
      await reasonOf(
        t.bob.client.comments.update({
          fileId: file,
          commentId: other.data.id!,
          fields: 'content',
          requestBody: { content: 'hijack' },
        }),
      ),
    ).toMatchObject({ status: 404 });
    t.advance(-180_000);
  });
});
