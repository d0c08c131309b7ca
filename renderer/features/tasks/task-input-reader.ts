import { useSyncExternalStore } from 'react';
import type { TaskInput } from './task-quick-add';

/**
 * The date reader for "Add a task" (chrono's date words, a large library) is fetched when a field is
 * first focused, not with the board: until then a task is added as typed, and the preview waits.
 */
type Reader = (text: string) => TaskInput;

let reader: Reader | null = null;
let loading: Promise<Reader> | null = null;
const listeners = new Set<() => void>();

export function loadTaskInputReader(): Promise<Reader> {
  loading ??= import('./task-quick-add').then(
    (module) => {
      reader = (text) => module.readTaskInput(text);
      for (const listener of listeners) listener();
      return reader;
    },
    (error: unknown) => {
      // Asked again next time (the chunk may come then); meanwhile tasks are added as typed.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** What a task typed reads as when the reader cannot be had: its text, no date. */
export const asTyped: Reader = (text) => ({ title: text.trim(), due: null, phrase: null });

/** The reader once it has been fetched (see `loadTaskInputReader`), else null. */
export function useTaskInputReader(): Reader | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reader,
  );
}
