import { create } from 'zustand';
import {
  defaultSort,
  locationAfterOpening,
  type FileLocation,
  type FolderCrumb,
  type PlaceId,
  type SortOrder,
} from './model/places';
import type { SearchFilters } from './model/search-query';
import { emptySelection, type Selection } from './model/selection';

export type ViewMode = 'list' | 'grid';

/** What the share dialog is open on: a file or folder, or a shared drive's members. */
export interface ShareTarget {
  id: string;
  name: string;
  kind: 'file' | 'drive';
  /** Set for items inside a shared drive (roles include fileOrganizer and organizer). */
  driveId?: string;
}

interface FilesState {
  location: FileLocation;
  viewMode: ViewMode;
  sort: SortOrder;
  search: SearchFilters;
  selection: Selection;
  detailsOpen: boolean;
  sharing: ShareTarget | null;
  goToPlace: (place: PlaceId) => void;
  openFolder: (folder: FolderCrumb) => void;
  setLocation: (location: FileLocation) => void;
  setViewMode: (mode: ViewMode) => void;
  setSort: (sort: SortOrder) => void;
  setSearch: (search: SearchFilters) => void;
  setSelection: (selection: Selection) => void;
  setDetailsOpen: (open: boolean) => void;
  share: (target: ShareTarget | null) => void;
}

const storageKey = 'atrium.files';
type Persisted = Pick<FilesState, 'location' | 'viewMode' | 'sort' | 'detailsOpen'>;

const initial: Persisted = {
  location: { place: 'myDrive', path: [] },
  viewMode: 'list',
  sort: defaultSort,
  detailsOpen: false,
};

function isPersisted(value: unknown): value is Persisted {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<Persisted>;
  return (
    typeof v.location?.place === 'string' &&
    Array.isArray(v.location.path) &&
    (v.viewMode === 'list' || v.viewMode === 'grid') &&
    typeof v.sort?.key === 'string' &&
    typeof v.detailsOpen === 'boolean'
  );
}

/** Where the user was, kept in session storage so a reload comes back to the same folder. */
function restore(): Persisted {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(storageKey) ?? 'null');
    return isPersisted(parsed) && parsed.location.place !== 'search' ? parsed : initial;
  } catch {
    return initial;
  }
}

function persist(state: Persisted): void {
  try {
    const { location, viewMode, sort, detailsOpen } = state;
    window.sessionStorage.setItem(storageKey, JSON.stringify({ location, viewMode, sort, detailsOpen }));
  } catch {
    // Storage may be unavailable; the browser still works for this session.
  }
}

export const emptySearch: SearchFilters = { text: '' };

export const useFilesStore = create<FilesState>((set) => ({
  ...restore(),
  search: emptySearch,
  selection: emptySelection,
  sharing: null,
  goToPlace: (place) =>
    set({
      location: { place, path: [] },
      selection: emptySelection,
      ...(place === 'search' ? {} : { search: emptySearch }),
    }),
  openFolder: (folder) =>
    set((state) => ({ location: locationAfterOpening(state.location, folder), selection: emptySelection })),
  setLocation: (location) => set({ location, selection: emptySelection }),
  setViewMode: (viewMode) => set({ viewMode }),
  setSort: (sort) => set({ sort }),
  setSearch: (search) => set({ search }),
  setSelection: (selection) => set({ selection }),
  setDetailsOpen: (detailsOpen) => set({ detailsOpen }),
  share: (sharing) => set({ sharing }),
}));

useFilesStore.subscribe((state) => persist(state));
