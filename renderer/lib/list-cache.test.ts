import { describe, expect, it } from 'vitest';
import { listItems, withListItemAppended, withListItemChanged, withListItemRemoved } from './list-cache';

describe('list cache helpers', () => {
  const page = {
    kind: 'drive#fileList',
    files: [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ],
  };

  it('reads items defensively', () => {
    expect(listItems(page, 'files')).toHaveLength(2);
    expect(listItems(page, 'items')).toEqual([]);
    expect(listItems(undefined, 'files')).toEqual([]);
    expect(listItems({ files: 'nope' }, 'files')).toEqual([]);
  });

  it('appends, removes and changes without mutating the input', () => {
    const appended = withListItemAppended(page, 'files', { id: 'c', name: 'C' });
    expect(listItems(appended, 'files').map((f) => f.id)).toEqual(['a', 'b', 'c']);
    expect(appended.kind).toBe('drive#fileList');

    const removed = withListItemRemoved(page, 'files', 'a');
    expect(listItems(removed, 'files').map((f) => f.id)).toEqual(['b']);

    const changed = withListItemChanged(page, 'files', 'b', { name: 'Renamed' });
    expect(listItems(changed, 'files')).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'Renamed' },
    ]);

    expect(page.files).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ]);
  });

  it('creates the list when the page had none', () => {
    expect(withListItemAppended({ kind: 'x' }, 'items', { id: 'n' })).toEqual({ kind: 'x', items: [{ id: 'n' }] });
  });
});
