import { describe, expect, it } from 'vitest';
import { listFields } from '../drive-file';
import { mapListing, withChanges, withoutIds, withPrepended } from '../data/listing-cache';
import {
  currentFolder,
  listingFor,
  listsTrash,
  locationAfterOpening,
  orderByFor,
  pinnedFolderOf,
  type FileLocation,
} from './places';
import { buildSearchQuery, hasSearch } from './search-query';
import {
  clickItem,
  emptySelection,
  isEmptySelection,
  keepListed,
  moveFocus,
  selectAll,
  toggleFocused,
} from './selection';

const sort = { key: 'name', descending: false } as const;

describe('locations and listings', () => {
  it('lists a folder’s live children, folders first, in the chosen order', () => {
    const root: FileLocation = { place: 'myDrive', path: [] };
    expect(currentFolder(root)).toEqual({ id: 'root', name: 'My Drive' });
    const listing = listingFor(root, sort, '');
    expect(listing).toEqual({
      kind: 'files',
      params: {
        q: "'root' in parents and trashed = false",
        orderBy: 'folder,name',
        fields: listFields,
        supportsAllDrives: true,
        includeItemsFromAllDrives: true,
      },
    });
    expect(orderByFor('myDrive', true, { key: 'modifiedTime', descending: true })).toBe('folder,modifiedTime desc');
    expect(orderByFor('recent', false, sort)).toBe('recency desc');
  });

  it('lists a shared drive folder in the drive’s corpus, and the drive list at the top of Shared drives', () => {
    expect(listingFor({ place: 'sharedDrives', path: [] }, sort, '')).toEqual({ kind: 'drives' });
    const inDrive = listingFor({ place: 'sharedDrives', path: [{ id: 'd1', name: 'Team', driveId: 'd1' }] }, sort, '');
    expect(inDrive.kind === 'files' && inDrive.params).toMatchObject({
      q: "'d1' in parents and trashed = false",
      corpora: 'drive',
      driveId: 'd1',
    });
  });

  it('has a query per place, and escapes folder ids', () => {
    const q = (place: FileLocation['place']) => {
      const listing = listingFor({ place, path: [] }, sort, "name contains 'x'");
      return listing.kind === 'files' ? listing.params.q : null;
    };
    expect(q('sharedWithMe')).toBe('sharedWithMe and trashed = false');
    expect(q('starred')).toBe('starred = true and trashed = false');
    expect(q('trash')).toBe('trashed = true');
    // The Trash holds what was trashed in shared drives too.
    const trash = listingFor({ place: 'trash', path: [] }, sort, '');
    expect(trash.kind === 'files' && trash.params.corpora).toBe('allDrives');
    expect(q('recent')).toBe("trashed = false and mimeType != 'application/vnd.google-apps.folder'");
    expect(q('search')).toBe("name contains 'x'");
    const byContent = listingFor({ place: 'search', path: [] }, sort, "(name contains 'x' or fullText contains 'x')");
    expect(byContent.kind === 'files' && 'orderBy' in byContent.params).toBe(false);
    const byName = listingFor({ place: 'search', path: [] }, sort, "name contains 'x'");
    expect(byName.kind === 'files' && byName.params.orderBy).toBe('folder,name');
    const odd = listingFor({ place: 'starred', path: [{ id: "it's\\odd", name: 'Odd' }] }, sort, '');
    expect(odd.kind === 'files' && odd.params.q).toBe("'it\\'s\\\\odd' in parents and trashed = false");
    expect(pinnedFolderOf(odd.kind === 'files' ? odd.params.q : '')).toBe("it's\\odd");
    expect(pinnedFolderOf('starred = true')).toBeNull();
    expect(listsTrash('trashed = true')).toBe(true);
    expect(listsTrash("'root' in parents and trashed = false")).toBe(false);
  });

  it('opens folders one level down and cuts back to one already on the path', () => {
    let location: FileLocation = { place: 'myDrive', path: [] };
    location = locationAfterOpening(location, { id: 'a', name: 'A' });
    location = locationAfterOpening(location, { id: 'b', name: 'B' });
    expect(location.path.map((c) => c.id)).toEqual(['a', 'b']);
    expect(locationAfterOpening(location, { id: 'a', name: 'A' }).path.map((c) => c.id)).toEqual(['a']);
    expect(locationAfterOpening(location, { id: 'root', name: 'My Drive' }).path).toEqual([]);
  });
});

describe('buildSearchQuery', () => {
  const context = { myEmail: 'me@atrium.local', now: new Date(2026, 5, 15, 13, 30) };

  it('escapes quotes and backslashes in the searched text', () => {
    expect(buildSearchQuery({ text: " O'Brien \\ notes " }, context)).toBe(
      "(name contains 'O\\'Brien \\\\ notes' or fullText contains 'O\\'Brien \\\\ notes') and trashed = false",
    );
  });

  it('joins type, owner, modified and starred terms with and', () => {
    const q = buildSearchQuery(
      { text: 'plan', type: 'image', owner: { kind: 'me' }, modified: { kind: 'days', days: 7 }, starred: true },
      context,
    );
    const weekAgo = new Date(2026, 5, 8).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(q).toBe(
      `(name contains 'plan' or fullText contains 'plan') and mimeType contains 'image/' and 'me@atrium.local' in owners and modifiedTime >= '${weekAgo}' and starred = true and trashed = false`,
    );
  });

  it('writes ownership by others, a named owner, folders and a date range', () => {
    expect(buildSearchQuery({ text: '', owner: { kind: 'notMe' } }, context)).toBe(
      "not 'me@atrium.local' in owners and trashed = false",
    );
    expect(buildSearchQuery({ text: '', owner: { kind: 'person', email: "o'neil@example.com" } }, context)).toBe(
      "'o\\'neil@example.com' in owners and trashed = false",
    );
    expect(buildSearchQuery({ text: '', type: 'folder' }, context)).toBe(
      "mimeType = 'application/vnd.google-apps.folder' and trashed = false",
    );
    const q = buildSearchQuery(
      { text: '', modified: { kind: 'range', after: '2026-03-01', before: '2026-03-31' } },
      context,
    );
    const after = new Date(2026, 2, 1).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const before = new Date(2026, 3, 1).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(q).toBe(`modifiedTime >= '${after}' and modifiedTime < '${before}' and trashed = false`);
    expect(buildSearchQuery({ text: '', modified: { kind: 'range', after: 'garbage' } }, context)).toBe(
      'trashed = false',
    );
  });

  it('knows when there is nothing to search for', () => {
    expect(hasSearch({ text: '   ' })).toBe(false);
    expect(hasSearch({ text: '', starred: true })).toBe(true);
  });
});

describe('selection', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];

  it('selects one on click, toggles with Ctrl, extends a range with Shift', () => {
    let s = clickItem(emptySelection, ids, 'b');
    expect([...s.selected]).toEqual(['b']);
    s = clickItem(s, ids, 'd', { shift: true });
    expect([...s.selected]).toEqual(['b', 'c', 'd']);
    s = clickItem(s, ids, 'c', { toggle: true });
    expect([...s.selected].sort()).toEqual(['b', 'd']);
    expect(s.anchor).toBe('c');
    s = clickItem(s, ids, 'a', { shift: true });
    expect([...s.selected]).toEqual(['a', 'b', 'c']);
    s = clickItem(s, ids, 'e', { shift: true, toggle: true });
    expect([...s.selected].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('moves the focus with the keyboard, extending with Shift and only moving with Ctrl', () => {
    let s = moveFocus(emptySelection, ids, 1);
    expect(s.focus).toBe('a');
    s = moveFocus(s, ids, 2, { shift: true });
    expect([...s.selected]).toEqual(['a', 'b', 'c']);
    s = moveFocus(s, ids, 'last', { toggle: true });
    expect(s.focus).toBe('e');
    expect(s.selected.size).toBe(3);
    s = toggleFocused(s);
    expect(s.selected.has('e')).toBe(true);
    s = moveFocus(s, ids, -10);
    expect([...s.selected]).toEqual(['a']);
    expect(selectAll(ids, s).selected.size).toBe(5);
  });

  it('drops items that left the listing', () => {
    const s = selectAll(ids, emptySelection);
    const kept = keepListed({ ...s, focus: 'e' }, ['a', 'c']);
    expect([...kept.selected]).toEqual(['a', 'c']);
    expect(kept.focus).toBeNull();
    const same = keepListed(kept, ['a', 'c', 'x']);
    expect(same).toBe(kept);
  });

  it('puts the focus on the item that takes the place of the one that left', () => {
    // The focused, only selected item trashed: the next one is focused and selected.
    const one = clickItem(emptySelection, ids, 'b');
    expect(keepListed(one, ['a', 'c', 'd', 'e'], ids)).toEqual({ selected: new Set(['c']), anchor: 'c', focus: 'c' });
    // Several gone at once, the last of them focused: the next still listed, else the one before.
    const range = clickItem(one, ids, 'd', { shift: true });
    expect(keepListed(range, ['a', 'e'], ids).focus).toBe('e');
    expect(keepListed(clickItem(emptySelection, ids, 'e'), ['a', 'b'], ids).focus).toBe('b');
    // Others still selected stay so; only the focus moves.
    const two = clickItem(clickItem(emptySelection, ids, 'a'), ids, 'c', { toggle: true });
    expect(keepListed(two, ['a', 'b', 'd', 'e'], ids)).toEqual({ selected: new Set(['a']), anchor: null, focus: 'd' });
    // Without the earlier order, or with nothing left, the focus is simply dropped.
    expect(keepListed(one, ['a', 'c'], undefined).focus).toBeNull();
    expect(keepListed(one, [], ids).focus).toBeNull();
  });

  it('tells an empty selection from one with a focus or an anchor', () => {
    expect(isEmptySelection(emptySelection)).toBe(true);
    expect(isEmptySelection({ selected: new Set(), anchor: null, focus: 'a' })).toBe(false);
    expect(isEmptySelection({ selected: new Set(), anchor: 'a', focus: null })).toBe(false);
    expect(isEmptySelection(clickItem(emptySelection, ids, 'b'))).toBe(false);
  });
});

describe('listing cache edits', () => {
  const paged = {
    pages: [
      {
        files: [
          { id: '1', name: 'a' },
          { id: '2', name: 'b' },
        ],
      },
      { files: [{ id: '3', name: 'c' }] },
    ],
    pageParams: ['', 't'],
  };

  it('edits every page of a paged listing and the files of a whole one', () => {
    const removed = mapListing(paged, withoutIds(new Set(['2', '3'])));
    expect('pages' in removed && removed.pages.map((p) => p.files?.map((f) => f.id))).toEqual([['1'], []]);
    const renamed = mapListing({ files: [{ id: '1', name: 'a' }] }, withChanges(new Set(['1']), { name: 'z' }));
    expect('files' in renamed && renamed.files).toEqual([{ id: '1', name: 'z' }]);
    const added = mapListing(paged, withPrepended({ id: 'new' }));
    expect('pages' in added && added.pages.map((p) => p.files?.length)).toEqual([3, 1]);
  });
});
