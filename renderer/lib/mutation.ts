import {
  MutationObserver,
  type MutationOptions,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import type { OperationName, ResultFor } from '../../shared/api/registry';
import { apiKeyParamsInclude, apiQueryPrefix, type ApiParams } from './keys';
import { notify, notifyError, undoAction } from './notify';
import { isOfflineFailure, needsConnectionSentence } from './offline';
import { queryClient } from './query-client';

/**
 * The one way the renderer changes server state: show the change in the cache at once, call the
 * service, take the change back and say why in a toast if the service refuses, and refetch what
 * was touched either way. A success may be reported in a toast with Undo (also Ctrl/Cmd+Z), whose
 * inverse is itself run as one of these mutations.
 *
 * `runOptimisticMutation(spec, variables)` runs one as a TanStack mutation (a MutationObserver,
 * what `useMutation` is built on), so it shows in the mutation cache (`useIsMutating`) and can be
 * started from anywhere: a drop, a shortcut, a dialog closing, or an Undo.
 */

/**
 * One optimistic change to cached query data. `queryKey` may be a full key or a prefix;
 * `predicate` narrows the match further. `update` receives the cached value (never undefined)
 * and returns the new one without mutating it.
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

/**
 * An optimistic change to every cached `operation` query whose params include `matchParams`
 * (e.g. all `TasksTasksList` pages of one task list, whatever their other params).
 */
export function optimisticApiUpdate<N extends OperationName>(
  operation: N,
  matchParams: Partial<ApiParams<N>>,
  update: (previous: ResultFor<N>) => ResultFor<N>,
): OptimisticUpdate {
  return optimisticUpdate(apiQueryPrefix(operation), update, (key) =>
    apiKeyParamsInclude(key, matchParams as Record<string, unknown>),
  );
}

export interface OptimisticContext {
  snapshots: [QueryKey, unknown][];
  /** Queries refetched when the mutation settles: everything the optimistic updates aimed at. */
  refetch: QueryFilters[];
}

/** Applies cache changes, returning snapshots of everything touched so a failure can restore it. */
export async function applyOptimisticUpdates(
  client: QueryClient,
  updates: readonly OptimisticUpdate[],
): Promise<OptimisticContext> {
  const snapshots: [QueryKey, unknown][] = [];
  const seen = new Set<string>();
  const refetch = updates.map(({ queryKey, predicate }): QueryFilters => ({
    queryKey,
    ...(predicate ? { predicate: (q) => predicate(q.queryKey) } : {}),
  }));
  // A refetch already under way would land on top of the change and undo it on screen.
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

export function rollbackOptimisticUpdates(client: QueryClient, context: OptimisticContext): void {
  for (const [key, data] of context.snapshots) client.setQueryData(key, data);
}

/** What a successful mutation tells the person, with the inverse that Undo runs. */
export interface SuccessNotice {
  message: string;
  undo?: () => unknown;
}

export interface OptimisticMutation<V, R> {
  /** Cache changes shown before the call and taken back if it fails. */
  apply?: (variables: V) => readonly OptimisticUpdate[];
  call: (variables: V) => Promise<R>;
  /** Queries refetched once the call settles, besides those the optimistic changes aimed at. */
  refetch?: (variables: V, result: R | undefined) => readonly QueryFilters[];
  /** The plain sentence shown when the service refuses, e.g. `Couldn’t delete “Buy milk”.` */
  failure: (variables: V) => string;
  /** The toast shown on success (none when it answers undefined). */
  success?: (result: R, variables: V) => SuccessNotice | undefined;
}

function mutationOptions<V, R>(
  spec: OptimisticMutation<V, R>,
  client: QueryClient,
): MutationOptions<R, Error, V, OptimisticContext> {
  return {
    mutationFn: spec.call,
    onMutate: (variables) => applyOptimisticUpdates(client, spec.apply?.(variables) ?? []),
    onError: (error, variables, context) => {
      if (context) rollbackOptimisticUpdates(client, context);
      const sentence = spec.failure(variables);
      notifyError(isOfflineFailure(client, error) ? `${sentence} ${needsConnectionSentence}` : sentence, error);
    },
    onSuccess: (result, variables) => {
      const notice = spec.success?.(result, variables);
      if (!notice) return;
      notify({ message: notice.message, ...(notice.undo ? { action: undoAction(notice.undo) } : {}) });
    },
    onSettled: (result, _error, variables, context) => {
      const filters = [...(context?.refetch ?? []), ...(spec.refetch?.(variables, result) ?? [])];
      // Not awaited: the outcome is known, the refetch only confirms it.
      void Promise.all(filters.map((filter) => client.invalidateQueries(filter)));
    },
  };
}

/**
 * Runs the mutation once. Resolves with the service's answer, or undefined when it failed (the
 * failure has then been shown and the cache restored), so callers never need a catch.
 */
export async function runOptimisticMutation<V, R>(
  spec: OptimisticMutation<V, R>,
  variables: V,
  client: QueryClient = queryClient,
): Promise<R | undefined> {
  const observer = new MutationObserver(client, mutationOptions(spec, client));
  try {
    return await observer.mutate(variables);
  } catch {
    return undefined;
  } finally {
    observer.reset();
  }
}
