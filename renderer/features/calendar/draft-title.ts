import { useSyncExternalStore } from 'react';

/**
 * The title typed into quick-create while it is open, so the block drawn where the new event will
 * go reads it as it is typed (as Google Calendar's does) instead of "(No title)".
 */
let draftTitle = '';
const listeners = new Set<() => void>();

export function setDraftTitle(title: string): void {
  if (title === draftTitle) return;
  draftTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The typed title, or `fallback` while nothing is typed. */
export function useDraftTitle(fallback: string): string {
  const title = useSyncExternalStore(subscribe, () => draftTitle);
  return title.trim() || fallback;
}
