import { create } from 'zustand';

/** Board-wide view state: which tasks are shown, the last refused action, what to announce. */
interface BoardState {
  showCompleted: boolean;
  showHidden: boolean;
  error: string | null;
  /** Polite status text for screen readers (results of moves and edits). */
  status: string;
  setShowCompleted(show: boolean): void;
  setShowHidden(show: boolean): void;
  fail(message: string): void;
  dismissError(): void;
  announce(message: string): void;
}

export const useBoardStore = create<BoardState>((set) => ({
  showCompleted: true,
  showHidden: false,
  error: null,
  status: '',
  setShowCompleted: (showCompleted) => set({ showCompleted }),
  setShowHidden: (showHidden) => set({ showHidden }),
  fail: (error) => set({ error, status: error }),
  dismissError: () => set({ error: null }),
  announce: (status) => set({ status }),
}));
