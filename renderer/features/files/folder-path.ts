import { create } from 'zustand';

export interface FolderCrumb {
  id: string;
  name: string;
}

export const rootCrumb: FolderCrumb = { id: 'root', name: 'My Drive' };

/** The path after opening `folder`: cut back to it if it is already on the path, else go one level down. */
export function breadcrumbsAfterOpening(path: readonly FolderCrumb[], folder: FolderCrumb): FolderCrumb[] {
  const existing = path.findIndex((crumb) => crumb.id === folder.id);
  return existing === -1 ? [...path, folder] : path.slice(0, existing + 1);
}

interface FolderPathState {
  path: FolderCrumb[];
  open: (folder: FolderCrumb) => void;
  reset: () => void;
}

/** Where the file list is, kept outside the view so switching to Calendar and back stays in place. */
export const useFolderPath = create<FolderPathState>((set) => ({
  path: [rootCrumb],
  open: (folder) => set((state) => ({ path: breadcrumbsAfterOpening(state.path, folder) })),
  reset: () => set({ path: [rootCrumb] }),
}));
