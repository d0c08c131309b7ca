import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { drive_v3 } from '@googleapis/drive';
import { pythonClientRequest, type PythonClientAnswer } from '../http/python-client-request';
import { startDriveTestService, type DriveTestService } from './test-support';

type Json = Record<string, unknown>;

describe('Drive partial updates and nulls (Python client wire shape and Node client)', () => {
  let t: DriveTestService;
  const py = (method: string, path: string, body?: unknown): Promise<PythonClientAnswer> =>
    pythonClientRequest(t.service.url, t.alice.token, method, path, body);
  const ok = (answer: PythonClientAnswer): Json => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as Json;
  };
  const fileFields = 'fields=id,name,description,properties,appProperties';

  beforeAll(async () => {
    t = await startDriveTestService();
  });
  afterAll(async () => t.close());

  it('reads a nested null on create as "not set", and clears with null on update', async () => {
    const created = ok(
      await py('POST', `/drive/v3/files?${fileFields}`, {
        name: 'notes.txt',
        mimeType: 'text/plain',
        description: null,
        contentHints: { thumbnail: null, indexableText: 'quarterly figures' },
        capabilities: null,
        properties: { a: '1', b: null },
        appProperties: null,
      }),
    );
    expect(created).toMatchObject({ name: 'notes.txt', properties: { a: '1' } });
    expect(created).not.toHaveProperty('description');
    expect(created.appProperties ?? {}).toEqual({});
    const found = ok(await py('GET', `/drive/v3/files?q=${encodeURIComponent("fullText contains 'quarterly'")}`));
    expect((found.files as Json[]).map((f) => f.id)).toEqual([created.id]);

    ok(
      await py('PATCH', `/drive/v3/files/${String(created.id)}`, {
        description: 'to clear',
        appProperties: { x: 'y' },
      }),
    );
    const updated = ok(
      await py('PATCH', `/drive/v3/files/${String(created.id)}?${fileFields}`, {
        description: null,
        contentHints: { thumbnail: null },
        capabilities: null,
        properties: { a: null, c: '3' },
      }),
    );
    expect(updated).toEqual({
      id: created.id,
      name: 'notes.txt',
      properties: { c: '3' },
      appProperties: { x: 'y' },
    });
  });

  it('merges shared drive restrictions: null puts one back to its default, and null for all of them', async () => {
    const drive = ok(await py('POST', '/drive/v3/drives?requestId=partial-1', { name: 'Team', colorRgb: null }));
    const path = `/drive/v3/drives/${String(drive.id)}?fields=name,colorRgb,restrictions`;
    const set = ok(
      await py('PATCH', path, { restrictions: { domainUsersOnly: true, copyRequiresWriterPermission: true } }),
    );
    expect(set.restrictions).toMatchObject({ domainUsersOnly: true, copyRequiresWriterPermission: true });
    const merged = ok(
      await py('PATCH', path, { restrictions: { domainUsersOnly: null, driveMembersOnly: true }, colorRgb: null }),
    );
    expect(merged.colorRgb).toBe(set.colorRgb);
    expect(merged.restrictions).toMatchObject({
      domainUsersOnly: false,
      copyRequiresWriterPermission: true,
      driveMembersOnly: true,
    });
    const cleared = ok(await py('PATCH', path, { restrictions: null, capabilities: null }));
    expect(cleared.restrictions).toMatchObject({
      domainUsersOnly: false,
      copyRequiresWriterPermission: false,
      driveMembersOnly: false,
    });
  });

  it('clears a permission expiration with null and ignores nulls for what it cannot write', async () => {
    const file = ok(await py('POST', '/drive/v3/files', { name: 'shared.txt', mimeType: 'text/plain' }));
    const inADay = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const grant = ok(
      await py('POST', `/drive/v3/files/${String(file.id)}/permissions?fields=id,expirationTime`, {
        type: 'user',
        role: 'reader',
        emailAddress: 'bob@example.com',
        expirationTime: inADay,
        permissionDetails: null,
      }),
    );
    expect(grant.expirationTime).toBeTruthy();
    const updated = ok(
      await py(
        'PATCH',
        `/drive/v3/files/${String(file.id)}/permissions/${String(grant.id)}?fields=id,role,expirationTime`,
        {
          role: 'commenter',
          expirationTime: null,
          type: null,
          displayName: null,
        },
      ),
    );
    expect(updated).toEqual({ id: grant.id, role: 'commenter' });
  });

  it('updates comments and replies whose bodies carry nulls', async () => {
    const file = ok(await py('POST', '/drive/v3/files', { name: 'discussed.txt', mimeType: 'text/plain' }));
    const comments = `/drive/v3/files/${String(file.id)}/comments`;
    const comment = ok(
      await py('POST', `${comments}?fields=id,content,quotedFileContent,anchor`, {
        content: 'First',
        anchor: null,
        quotedFileContent: { mimeType: 'text/plain', value: null },
      }),
    );
    expect(comment).not.toHaveProperty('anchor');
    const edited = ok(
      await py('PATCH', `${comments}/${String(comment.id)}?fields=id,content`, {
        content: 'Edited',
        author: null,
        quotedFileContent: null,
        replies: null,
      }),
    );
    expect(edited).toEqual({ id: comment.id, content: 'Edited' });
    const replies = `${comments}/${String(comment.id)}/replies`;
    const reply = ok(await py('POST', `${replies}?fields=id,content`, { content: 'Reply', action: null }));
    const editedReply = ok(
      await py('PATCH', `${replies}/${String(reply.id)}?fields=id,content`, { content: 'Reply, edited', author: null }),
    );
    expect(editedReply).toEqual({ id: reply.id, content: 'Reply, edited' });
  });

  it('does the same through the official Node client', async () => {
    const api = t.alice.client;
    const { data: created } = await api.files.create({
      fields: 'id',
      requestBody: { name: 'node.txt', mimeType: 'text/plain', description: 'set', properties: { k: 'v', l: 'w' } },
    });
    const { data: updated } = await api.files.update({
      fileId: created.id!,
      fields: 'id,description,properties',
      // The generated type leaves null out of inner objects; the wire takes it.
      requestBody: {
        description: null,
        contentHints: { thumbnail: null },
        properties: { k: null },
      } as unknown as drive_v3.Schema$File,
    });
    expect(updated).toEqual({ id: created.id, properties: { l: 'w' } });
  });

  it('refuses an unusable changes page token as Drive does (400 at pageToken; Drive has no 410 here)', async () => {
    const answer = await py('GET', '/drive/v3/changes?pageToken=not-a-token');
    expect(answer.status).toBe(400);
    const error = (answer.body as { error: { errors: Json[] } }).error;
    expect(error.errors[0]).toMatchObject({
      domain: 'global',
      reason: 'invalid',
      location: 'pageToken',
      locationType: 'parameter',
    });
  });
});
