import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileActivityEntry } from '../../../shared/ipc/contract';
import { createCore, type Core } from '../core';
import { MemoryVault } from '../vault';

let dir: string;
let core: Core;

const open = () => createCore({ userDataDir: dir, vault: new MemoryVault(), host: 'browser', version: '0.0.0' });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-file-activity-'));
  core = await open();
});

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

async function value<T>(method: string, input: unknown): Promise<T> {
  const reply = await core.dispatcher.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

const api = <T>(operation: string, params: Record<string, unknown>, body?: unknown) =>
  value<T>('api.call', { operation, params, ...(body === undefined ? {} : { body }) });

const activity = async (fileId: string) =>
  (await value<{ entries: FileActivityEntry[] }>('files.activity', { fileId })).entries;

describe('files.activity', () => {
  it('tells a file’s story: created, renamed, moved, shared, role and link changes, starred, commented', async () => {
    const folder = await api<{ id: string }>(
      'DriveFilesCreate',
      { fields: 'id' },
      { name: 'Projects', mimeType: 'application/vnd.google-apps.folder' },
    );
    const file = await api<{ id: string }>('DriveFilesCreate', { fields: 'id' }, { name: 'Draft.txt' });
    expect((await activity(file.id)).map((entry) => [entry.kind, entry.to, entry.who])).toEqual([
      ['created', 'Draft.txt', 'You'],
    ]);

    await api(
      'DriveFilesUpdate',
      { fileId: file.id, addParents: folder.id, removeParents: 'root' },
      { name: 'Report.txt' },
    );
    const bob = await api<{ id: string }>(
      'DrivePermissionsCreate',
      { fileId: file.id, sendNotificationEmail: false },
      { type: 'user', role: 'reader', emailAddress: 'bob@atrium.local' },
    );
    await api('DrivePermissionsUpdate', { fileId: file.id, permissionId: bob.id }, { role: 'writer' });
    await api('DrivePermissionsCreate', { fileId: file.id }, { type: 'anyone', role: 'reader' });
    await api('DriveFilesUpdate', { fileId: file.id }, { starred: true });
    await api('DriveCommentsCreate', { fileId: file.id, fields: 'id' }, { content: 'Are these numbers final?' });

    const entries = await activity(file.id);
    const kinds = entries.map((entry) => entry.kind);
    for (const kind of ['renamed', 'moved', 'shared', 'linkShared', 'starred', 'commented', 'created'] as const)
      expect(kinds).toContain(kind);
    expect(entries.find((entry) => entry.kind === 'renamed')).toMatchObject({ from: 'Draft.txt', to: 'Report.txt' });
    expect(entries.find((entry) => entry.kind === 'moved')).toMatchObject({ from: 'My Drive', to: 'Projects' });
    // The share and the role change may fall between two looks or into one: either way bob ends up an editor.
    const bobs = entries.filter((entry) => entry.subject === 'bob@atrium.local');
    expect(bobs.at(0)?.to).toBe('writer');
    // Drive does not say who changed sharing; these were made here, so they are the user's.
    for (const entry of [...bobs, entries.find((e) => e.kind === 'linkShared')]) expect(entry?.who).toBe('You');
    expect(entries.find((entry) => entry.kind === 'commented')).toMatchObject({
      subject: 'Are these numbers final?',
      who: 'You',
    });
    expect(entries.at(-1)).toMatchObject({ kind: 'created', to: 'Draft.txt' });

    // Kept in the user-data folder: a restarted core still knows, and a look without news adds nothing.
    await core.close();
    core = await open();
    const again = await activity(file.id);
    expect(again.map((entry) => entry.id)).toEqual(entries.map((entry) => entry.id));
  });

  it('names nobody for a sharing change made elsewhere, and the user for one made here', async () => {
    const file = await api<{ id: string }>('DriveFilesCreate', { fields: 'id' }, { name: 'Shared.txt' });
    await activity(file.id);
    // Another device of the same person (or anyone else) shares the file: straight to the service.
    const elsewhere = await fetch(
      `${core.serviceUrl}/drive/v3/files/${file.id}/permissions?sendNotificationEmail=false`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${core.localUser.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'user', role: 'reader', emailAddress: 'carol@atrium.local' }),
      },
    );
    expect(elsewhere.status).toBe(200);
    const carol = (await elsewhere.json()) as { id: string };
    const seen = await activity(file.id);
    expect(seen.find((entry) => entry.kind === 'shared')).toMatchObject({ subject: 'carol@atrium.local' });
    expect(seen.find((entry) => entry.kind === 'shared')?.who).toBeUndefined();

    // Here: removing her access is the user's.
    await api('DrivePermissionsDelete', { fileId: file.id, permissionId: carol.id });
    const removed = (await activity(file.id)).find((entry) => entry.kind === 'unshared');
    expect(removed).toMatchObject({ subject: 'carol@atrium.local', who: 'You' });
  });

  it('answers not found for a file that is not there, and records nothing', async () => {
    const reply = await core.dispatcher.dispatch('files.activity', { fileId: 'no-such-file' });
    expect(reply.ok).toBe(false);
    expect(reply.ok ? undefined : reply.error.code).toBe('notFound');
  });
});
