import { describe, expect, it } from 'vitest';
import type { DriveItem } from './drive-file';
import { foldersFirst, gridRows, rowOfItem, verticalNeighbour } from './grid-layout';

const folder = (id: string) => ({ id, name: id, mimeType: 'application/vnd.google-apps.folder' }) as DriveItem;
const file = (id: string) => ({ id, name: id, mimeType: 'text/plain' }) as DriveItem;

describe('the grid’s rows', () => {
  it('puts folders first, keeping each kind’s order, and leaves an ordered listing as it is', () => {
    const mixed = [file('a'), folder('B'), file('c'), folder('D')];
    expect(foldersFirst(mixed).map((item) => item.id)).toEqual(['B', 'D', 'a', 'c']);
    const ordered = [folder('B'), file('a')];
    expect(foldersFirst(ordered)).toBe(ordered);
  });

  it('gives folders and files their own rows under their headings when a listing has both', () => {
    const items = [folder('1'), folder('2'), folder('3'), file('a'), file('b')];
    expect(gridRows(items, 2)).toEqual([
      { kind: 'heading', label: 'Folders' },
      { kind: 'items', from: 0, to: 2, folders: true },
      { kind: 'items', from: 2, to: 3, folders: true },
      { kind: 'heading', label: 'Files' },
      { kind: 'items', from: 3, to: 5, folders: false },
    ]);
    expect(gridRows([file('a'), file('b'), file('c')], 2)).toEqual([
      { kind: 'items', from: 0, to: 2, folders: false },
      { kind: 'items', from: 2, to: 3, folders: false },
    ]);
    expect(gridRows([], 3)).toEqual([]);
  });

  it('moves up and down by the column, over the headings, to a shorter row’s last tile', () => {
    const items = [folder('1'), folder('2'), folder('3'), folder('4'), file('a'), file('b'), file('c')];
    const rows = gridRows(items, 3);
    expect(rowOfItem(rows, 3)).toBe(2);
    // From folder 3 (column 3) down: folder 4's row has one tile.
    expect(verticalNeighbour(rows, 2, 1)).toBe(3);
    // From folder 4 down, over the "Files" heading, to file a.
    expect(verticalNeighbour(rows, 3, 1)).toBe(4);
    expect(verticalNeighbour(rows, 5, -1)).toBe(3);
    expect(verticalNeighbour(rows, 1, -1)).toBe(1);
    expect(verticalNeighbour(rows, 6, 1)).toBe(6);
  });
});
