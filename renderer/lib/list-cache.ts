/**
 * Pure helpers for editing cached list responses (`{ items: [...] }`, `{ files: [...] }`) in
 * optimistic updates. They take and return the response type unchanged, so they work whatever
 * the registry's response schemas look like.
 */

export function listItems<T = Record<string, unknown>>(page: unknown, field: string): T[] {
  if (!page || typeof page !== 'object') return [];
  const items = (page as Record<string, unknown>)[field];
  return Array.isArray(items) ? (items as T[]) : [];
}

export function withListItemAppended<P>(page: P, field: string, item: unknown): P {
  return { ...page, [field]: [...listItems(page, field), item] } as P;
}

export function withListItemRemoved<P>(page: P, field: string, id: string): P {
  return { ...page, [field]: listItems(page, field).filter((entry) => entry.id !== id) } as P;
}

/** Replaces (shallow-merges) the entry with `id`; leaves the page as is when it has no such entry. */
export function withListItemChanged<P>(page: P, field: string, id: string, change: Record<string, unknown>): P {
  return {
    ...page,
    [field]: listItems(page, field).map((entry) => (entry.id === id ? { ...entry, ...change } : entry)),
  } as P;
}
