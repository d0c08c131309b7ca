import { describe, expect, it } from 'vitest';
import { driveChangesCover } from './sync-sources';

const pass = (items: Record<string, unknown>[]) => ({ cursor: '2', ids: [], items });

describe('driveChangesCover', () => {
  it('names the per-file collections of each changed file, and the whole of the others', () => {
    const cover = driveChangesCover(
      pass([
        { changeType: 'file', fileId: 'f1' },
        { changeType: 'file', fileId: 'f1' },
        { changeType: 'file', fileId: 'f2', removed: true },
        { changeType: 'drive', driveId: 'd1' },
      ]),
    );
    expect(cover).toContainEqual({ collection: 'files' });
    expect(cover).toContainEqual({ collection: 'drives' });
    expect(cover).toContainEqual({ collection: 'about' });
    for (const collection of ['permissions', 'revisions', 'comments', 'replies'] as const) {
      expect(cover.filter((ref) => ref.collection === collection)).toEqual([
        { collection, key: 'f1' },
        { collection, key: 'f2' },
      ]);
    }
    expect(cover.map((ref) => ref.collection)).not.toContain('changes');
    expect(cover.map((ref) => ref.collection)).not.toContain('channels');
  });

  it('names per-file collections whole after a full listing or past twenty files', () => {
    const many = pass(Array.from({ length: 21 }, (_, i) => ({ changeType: 'file', fileId: `f${i}` })));
    for (const cover of [driveChangesCover(undefined), driveChangesCover(many)]) {
      expect(cover).toContainEqual({ collection: 'permissions' });
      expect(cover.filter((ref) => ref.key !== undefined)).toEqual([]);
    }
  });
});
