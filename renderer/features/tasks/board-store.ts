import { create } from 'zustand';
import type { TaskItem } from './task-types';

/** A task asked for from outside the board (a deep link), to open in the details dialog. */
export interface RevealedTask {
  listId: string;
  task: TaskItem;
}

/** Board-wide view state: which tasks are shown, what to announce, a task asked for from outside. */
interface BoardState {
  showCompleted: boolean;
  showHidden: boolean;
  /** Polite status text for screen readers (results of moves and edits). */
  status: string;
  revealed: RevealedTask | null;
  setShowCompleted(show: boolean): void;
  setShowHidden(show: boolean): void;
  announce(message: string): void;
  reveal(task: RevealedTask | null): void;
}

export const useBoardStore = create<BoardState>((set) => ({
  showCompleted: true,
  showHidden: false,
  status: '',
  revealed: null,
  setShowCompleted: (showCompleted) => set({ showCompleted }),
  setShowHidden: (showHidden) => set({ showHidden }),
  announce: (status) => set({ status }),
  reveal: (revealed) => set({ revealed }),
}));
