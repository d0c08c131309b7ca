import { create } from 'zustand';

export const views = [
  { id: 'calendar', label: 'Calendar' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'files', label: 'Files' },
] as const;

export type ViewId = (typeof views)[number]['id'];

const storageKey = 'atrium.view';

function isViewId(value: unknown): value is ViewId {
  return views.some((view) => view.id === value);
}

function storedView(): ViewId {
  try {
    const value = window.sessionStorage.getItem(storageKey);
    return isViewId(value) ? value : 'calendar';
  } catch {
    return 'calendar';
  }
}

interface ViewState {
  current: ViewId;
  show: (view: ViewId) => void;
}

/** The view on screen; kept in session storage so a reload returns to it. */
export const useViewStore = create<ViewState>((set) => ({
  current: storedView(),
  show: (current) => {
    try {
      window.sessionStorage.setItem(storageKey, current);
    } catch {
      // Storage can be unavailable (privacy settings); navigation still works for this session.
    }
    set({ current });
  },
}));
