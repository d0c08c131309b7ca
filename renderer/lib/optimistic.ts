import type { QueryClient, QueryFilters, QueryKey } from '@tanstack/react-query';

/**
 * One optimistic change to cached query data. `queryKey` may be a full key or a prefix
 * (e.g. `apiQueryPrefix('TasksTasksList')`); `predicate` narrows the match further.
 * `update` receives the cached value (never undefined) and returns the new one without mutating it.
 * Build these with `optimisticUpdate` or `optimisticApiUpdate` to keep them typed.
 */
export interface OptimisticUpdate {
  queryKey: QueryKey;
  predicate?: (queryKey: QueryKey) => boolean;
  update: (previous: unknown) => unknown;
}

export function optimisticUpdate<T>(
  queryKey: QueryKey,
  update: (previous: T) => T,
  predicate?: (queryKey: QueryKey) => boolean,
): OptimisticUpdate {
  return { queryKey, update: update as (previous: unknown) => unknown, ...(predicate ? { predicate } : {}) };
}

export interface ApiMutationContext {
  snapshots: [QueryKey, unknown][];
  /** Queries refetched when the mutation settles: everything the optimistic updates aimed at. */
  refetch: QueryFilters[];
}

/** Applies cache changes, returning snapshots of everything touched so a failure can restore it. */
export async function applyOptimisticUpdates(
  client: QueryClient,
  updates: OptimisticUpdate[],
): Promise<ApiMutationContext> {
  const snapshots: [QueryKey, unknown][] = [];
  const seen = new Set<string>();
  const refetch = updates.map(({ queryKey, predicate }): QueryFilters => ({
    queryKey,
    ...(predicate ? { predicate: (q) => predicate(q.queryKey) } : {}),
  }));
  await Promise.all(refetch.map((filter) => client.cancelQueries(filter)));
  for (const { queryKey, predicate, update } of updates) {
    for (const [key, data] of client.getQueriesData({ queryKey })) {
      if (data === undefined || (predicate && !predicate(key))) continue;
      const hash = JSON.stringify(key);
      if (!seen.has(hash)) {
        seen.add(hash);
        snapshots.push([key, data]);
      }
      client.setQueryData(key, update(client.getQueryData(key)));
    }
  }
  return { snapshots, refetch };
}

export function rollbackOptimisticUpdates(client: QueryClient, context: ApiMutationContext): void {
  for (const [key, data] of context.snapshots) client.setQueryData(key, data);
}
