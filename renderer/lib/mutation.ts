import {
  matchQuery,
  MutationObserver,
  type MutationOptions,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/react-query';
import type { OperationName, ResultFor } from '../../shared/api/registry';
import { apiKeyParamsInclude, apiQueryPrefix, type ApiParams } from './keys';
import { notify, notifyError, startUndoable, undoAction, type UndoableAction } from './notify';
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
  /** Each touched query's latest server data (from before the change, or fetched while it ran). */
  snapshots: [QueryKey, unknown][];
  /** Queries refetched when the mutation settles: everything the optimistic updates aimed at. */
  refetch: QueryFilters[];
  /** Stops keeping the change on top of data fetched meanwhile (once the mutation settles). */
  release: () => void;
}

/**
 * Applies cache changes and keeps them applied until `release()`: data fetched for a touched
 * query while the change is on its way (a refresh started by another change, a push, a view
 * mounting) was read before the change was stored, so the change is put back on top of it rather
 * than the screen showing the old value until the next refresh. Snapshots keep the latest server
 * data of everything touched, so a failure restores it.
 */
export async function applyOptimisticUpdates(
  client: QueryClient,
  updates: readonly OptimisticUpdate[],
): Promise<OptimisticContext> {
  const snapshots = new Map<string, [QueryKey, unknown]>();
  const refetch = updates.map(({ queryKey, predicate }): QueryFilters => ({
    queryKey,
    ...(predicate ? { predicate: (q) => predicate(q.queryKey) } : {}),
  }));
  // A refetch already under way would land on top of the change and undo it on screen.
  await Promise.all(refetch.map((filter) => client.cancelQueries(filter)));
  updates.forEach(({ update }, index) => {
    for (const query of client.getQueryCache().findAll(refetch[index])) {
      const data: unknown = query.state.data;
      if (data === undefined) continue;
      if (!snapshots.has(query.queryHash)) snapshots.set(query.queryHash, [query.queryKey, data]);
      client.setQueryData(query.queryKey, update(data));
    }
  });
  if (updates.length === 0) return { snapshots: [], refetch, release: () => {} };
  const stop = client.getQueryCache().subscribe((event) => {
    // Only data a fetch brought: writes to the cache (this one included) are already on top of the change.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const { query } = event;
    const fetched: unknown = query.state.data;
    if (fetched === undefined) return;
    let data: unknown = fetched;
    let touched = false;
    updates.forEach(({ update }, index) => {
      if (!matchQuery(refetch[index]!, query)) return;
      data = update(data);
      touched = true;
    });
    if (!touched) return;
    snapshots.set(query.queryHash, [query.queryKey, fetched]);
    client.setQueryData(query.queryKey, data);
  });
  let released = false;
  return {
    get snapshots() {
      return [...snapshots.values()];
    },
    refetch,
    release: () => {
      if (released) return;
      released = true;
      stop();
    },
  };
}

export function rollbackOptimisticUpdates(client: QueryClient, context: OptimisticContext): void {
  context.release();
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
  action: UndoableAction | undefined,
): MutationOptions<R, Error, V, OptimisticContext> {
  return {
    mutationFn: spec.call,
    onMutate: (variables) => applyOptimisticUpdates(client, spec.apply?.(variables) ?? []),
    onError: (error, variables, context) => {
      action?.finished('failed');
      if (context) rollbackOptimisticUpdates(client, context);
      const sentence = spec.failure(variables);
      notifyError(isOfflineFailure(client, error) ? `${sentence} ${needsConnectionSentence}` : sentence, error);
    },
    onSuccess: (result, variables) => {
      const notice = spec.success?.(result, variables);
      // Undo asked for while the call ran has been carried out: the toast of the undone change would only mislead.
      if (action?.finished(notice?.undo ? { undo: notice.undo } : {}) && notice?.undo) return;
      if (!notice) return;
      notify({
        message: notice.message,
        ...(notice.undo ? { action: undoAction(notice.undo) } : {}),
        ...(action ? { startedAt: action.startedAt } : {}),
      });
    },
    onSettled: (result, _error, variables, context) => {
      // Stored (or refused and rolled back): the refetch below brings what the service now holds.
      context?.release();
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
  const action = spec.success ? startUndoable() : undefined;
  const observer = new MutationObserver(client, mutationOptions(spec, client, action));
  try {
    return await observer.mutate(variables);
  } catch {
    return undefined;
  } finally {
    // However the mutation ended, it is no longer under way (a second report changes nothing).
    action?.finished('failed');
    observer.reset();
  }
}
