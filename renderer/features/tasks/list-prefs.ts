import { useCallback, useState } from 'react';

/**
 * Per-list view choices the Tasks interface has no field for, kept in this window's storage:
 * whether the "Completed" section is open and how the list is sorted.
 */

export type ListSort = 'manual' | 'date';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function usePref<T extends string>(key: string, fallback: T, valid: readonly T[]): [T, (value: T) => void] {
  const load = (): T => {
    const stored = read(key) as T | null;
    return stored !== null && valid.includes(stored) ? stored : fallback;
  };
  const [state, setState] = useState<{ key: string; value: T }>(() => ({ key, value: load() }));
  const value = state.key === key ? state.value : load();
  const set = useCallback(
    (next: T) => {
      try {
        localStorage.setItem(key, next);
      } catch {
        // Storage full or blocked: the choice holds for this session only.
      }
      setState({ key, value: next });
    },
    [key],
  );
  return [value, set];
}

export function useCompletedOpen(listId: string): [boolean, (open: boolean) => void] {
  const [value, set] = usePref(`atrium.tasks.completedOpen.${listId}`, 'closed', ['open', 'closed'] as const);
  return [value === 'open', useCallback((open: boolean) => set(open ? 'open' : 'closed'), [set])];
}

export function useListSort(listId: string): [ListSort, (sort: ListSort) => void] {
  return usePref<ListSort>(`atrium.tasks.sort.${listId}`, 'manual', ['manual', 'date']);
}
