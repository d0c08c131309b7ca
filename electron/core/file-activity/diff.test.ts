import { describe, expect, it } from 'vitest';
import { diffSnapshots, snapshotOf, type FileSnapshot } from './diff';

const base: FileSnapshot = {
  name: 'Draft.txt',
  parents: ['inbox'],
  starred: false,
  trashed: false,
  permissions: [{ id: 'me', type: 'user', role: 'owner', emailAddress: 'me@atrium.local' }],
  modifiedTime: '2026-01-01T10:00:00.000Z',
  lastModifyingUser: { displayName: 'Me', me: true },
  version: 3,
};

describe('diffSnapshots', () => {
  it('finds nothing between equal looks', () => {
    expect(diffSnapshots(base, { ...base })).toEqual([]);
  });

  it('reads a rename, a move and the trash, by whoever last modified the file', () => {
    const after: FileSnapshot = {
      ...base,
      name: 'Report.txt',
      parents: ['projects'],
      trashed: true,
      modifiedTime: '2026-01-01T11:00:00.000Z',
      lastModifyingUser: { displayName: 'Bob', emailAddress: 'bob@atrium.local' },
    };
    expect(diffSnapshots(base, after)).toEqual([
      { kind: 'renamed', from: 'Draft.txt', to: 'Report.txt', who: 'Bob' },
      { kind: 'moved', fromParents: ['inbox'], toParents: ['projects'], who: 'Bob' },
      { kind: 'trashed', who: 'Bob' },
    ]);
    expect(diffSnapshots(after, base).map((change) => change.kind)).toEqual(['renamed', 'moved', 'restored']);
  });

  it('names nobody for a change that left the modified time alone, and the user for a star', () => {
    expect(diffSnapshots(base, { ...base, name: 'Other.txt' })).toEqual([
      { kind: 'renamed', from: 'Draft.txt', to: 'Other.txt' },
    ]);
    expect(diffSnapshots(base, { ...base, starred: true })).toEqual([{ kind: 'starred', who: 'You' }]);
    expect(diffSnapshots({ ...base, starred: true }, base)).toEqual([{ kind: 'unstarred', who: 'You' }]);
  });

  it('reads sharing: a person added, their role changed, their access removed', () => {
    const bob = { id: 'p-bob', type: 'user', role: 'reader', emailAddress: 'bob@atrium.local' };
    const shared = { ...base, permissions: [...base.permissions!, bob] };
    expect(diffSnapshots(base, shared)).toEqual([
      { kind: 'shared', subject: 'bob@atrium.local', to: 'reader', permission: { id: 'p-bob', role: 'reader' } },
    ]);
    const promoted = { ...base, permissions: [...base.permissions!, { ...bob, role: 'writer' }] };
    expect(diffSnapshots(shared, promoted)).toEqual([
      {
        kind: 'roleChanged',
        subject: 'bob@atrium.local',
        from: 'reader',
        to: 'writer',
        permission: { id: 'p-bob', role: 'writer' },
      },
    ]);
    expect(diffSnapshots(promoted, base)).toEqual([
      { kind: 'unshared', subject: 'bob@atrium.local', from: 'writer', permission: { id: 'p-bob', role: null } },
    ]);
    const domain = { id: 'p-d', type: 'domain', role: 'reader', domain: 'atrium.local' };
    expect(diffSnapshots(base, { ...base, permissions: [...base.permissions!, domain] })).toEqual([
      { kind: 'shared', subject: 'everyone at atrium.local', to: 'reader', permission: { id: 'p-d', role: 'reader' } },
    ]);
  });

  it('reads link sharing turned on, changed and off', () => {
    const link = { id: 'anyoneWithLink', type: 'anyone', role: 'reader' };
    const on = { ...base, permissions: [...base.permissions!, link] };
    const commenting = { ...base, permissions: [...base.permissions!, { ...link, role: 'commenter' }] };
    expect(diffSnapshots(base, on)).toEqual([
      { kind: 'linkShared', to: 'reader', permission: { id: 'anyoneWithLink', role: 'reader' } },
    ]);
    expect(diffSnapshots(on, commenting)).toEqual([
      { kind: 'linkChanged', from: 'reader', to: 'commenter', permission: { id: 'anyoneWithLink', role: 'commenter' } },
    ]);
    expect(diffSnapshots(commenting, base)).toEqual([
      { kind: 'linkRemoved', from: 'commenter', permission: { id: 'anyoneWithLink', role: null } },
    ]);
  });

  it('says nothing of sharing when one look could not see who has access', () => {
    const { permissions: _hidden, ...unseen } = base;
    expect(diffSnapshots(unseen, { ...base, permissions: [] })).toEqual([]);
  });
});

describe('snapshotOf', () => {
  it('reads a DriveFilesGet answer, with the version Google sends as a string', () => {
    const snapshot = snapshotOf({ id: 'f', name: 'a.txt', version: '12', parents: ['root'], starred: true });
    expect(snapshot).toMatchObject({ name: 'a.txt', version: 12, parents: ['root'], starred: true, trashed: false });
    expect(snapshotOf({ id: 'f', name: 'b' }).version).toBeUndefined();
  });
});
