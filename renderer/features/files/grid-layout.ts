import { isFolder, type DriveItem } from './drive-file';

/**
 * The grid's rows, as Drive lays a folder out: its folders first, as short tiles under a "Folders"
 * heading, then its files, as tiles with a preview under "Files". The headings show only when a
 * listing has both.
 */
export type GridRow =
  | { kind: 'heading'; label: 'Folders' | 'Files' }
  /** Items `from` (inclusive) to `to` (exclusive) of the listing, folders or files. */
  | { kind: 'items'; from: number; to: number; folders: boolean };

/** The listing with its folders first, in their order; the same array when it already is so. */
export function foldersFirst(files: readonly DriveItem[]): readonly DriveItem[] {
  let seenFile = false;
  let ordered = true;
  for (const file of files) {
    if (!isFolder(file)) seenFile = true;
    else if (seenFile) {
      ordered = false;
      break;
    }
  }
  if (ordered) return files;
  return [...files.filter((file) => isFolder(file)), ...files.filter((file) => !isFolder(file))];
}

/** The rows of a listing already ordered by `foldersFirst`, `columns` tiles to a row. */
export function gridRows(files: readonly DriveItem[], columns: number): GridRow[] {
  const perRow = Math.max(1, columns);
  let folderCount = 0;
  while (folderCount < files.length && isFolder(files[folderCount] as DriveItem)) folderCount += 1;
  const rows: GridRow[] = [];
  const both = folderCount > 0 && folderCount < files.length;
  const section = (from: number, to: number, folders: boolean) => {
    for (let start = from; start < to; start += perRow) {
      rows.push({ kind: 'items', from: start, to: Math.min(to, start + perRow), folders });
    }
  };
  if (both) rows.push({ kind: 'heading', label: 'Folders' });
  section(0, folderCount, true);
  if (both) rows.push({ kind: 'heading', label: 'Files' });
  section(folderCount, files.length, false);
  return rows;
}

/** The row that holds item `index`, or -1. */
export function rowOfItem(rows: readonly GridRow[], index: number): number {
  return rows.findIndex((row) => row.kind === 'items' && index >= row.from && index < row.to);
}

/**
 * The item a row up (`-1`) or down (`1`) from item `index`: in the same column of the next row of
 * tiles, or the last of that row when it is shorter; the item itself at either end.
 */
export function verticalNeighbour(rows: readonly GridRow[], index: number, direction: 1 | -1): number {
  const at = rowOfItem(rows, index);
  const row = rows[at];
  if (!row || row.kind !== 'items') return index;
  const column = index - row.from;
  for (let next = at + direction; next >= 0 && next < rows.length; next += direction) {
    const target = rows[next];
    if (target?.kind === 'items') return Math.min(target.from + column, target.to - 1);
  }
  return index;
}
