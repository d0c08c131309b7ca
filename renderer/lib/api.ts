import { useQuery, type QueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { type BodyFor, type OperationName, type ParamsFor, type ResultFor } from '../../shared/api/registry';
import type { IpcEvent } from '../../shared/ipc/contract';
import { ipc, onHostConnectionChange } from '../platform/ipc';
import { getActiveAccount, useActiveAccount } from './account-store';
import { invalidateAfterWrite, invalidationFilterFor } from './invalidation';
import { apiQueryKey, apiQueryPrefix, type ApiParams, type ApiQueryKey } from './keys';
import { optimisticApiUpdate, optimisticUpdate, type OptimisticUpdate } from './mutation';
import { queryClient } from './query-client';

/**
 * The renderer's one door to the API: every call goes through the core over IPC (`api.call`),
 * which attaches credentials and talks to the embedded service or Google. Server state lives in
 * TanStack Query under keys derived from account + operation + params, so pushed `changed`
 * events can invalidate exactly what they affect.
 */

export type { ApiParams, ApiQueryKey, BodyFor, OperationName, OptimisticUpdate, ParamsFor, ResultFor };
export { apiQueryKey, apiQueryPrefix, optimisticApiUpdate, optimisticUpdate, queryClient };
export { getActiveAccount, useActiveAccount } from './account-store';
export { errorMessage } from './errors';

export async function callApi<N extends OperationName>(
  operation: N,
  params: ApiParams<N>,
  body?: BodyFor<N>,
  options: { account?: string } = {},
): Promise<ResultFor<N>> {
  const account = options.account ?? getActiveAccount();
  const value = await ipc.invoke('api.call', {
    ...(account ? { account } : {}),
    operation,
    params: params as Record<string, unknown>,
    ...(body === undefined ? {} : { body }),
  });
  void invalidateAfterWrite(queryClient, operation, params as Record<string, unknown>, account);
  return value as ResultFor<N>;
}

/** Maximum pages `callApiAllPages` follows; a list longer than this is a bug or a runaway, not a folder. */
const maxPages = 100;

/**
 * Calls a list operation and follows `nextPageToken` to the end, answering the first page's
 * envelope with every page's `itemsField` entries concatenated.
 */
export async function callApiAllPages<N extends OperationName>(
  operation: N,
  params: ApiParams<N>,
  itemsField: string,
  options: { account?: string } = {},
): Promise<ResultFor<N>> {
  const first = (await callApi(operation, params, undefined, options)) as Record<string, unknown>;
  const items = [...asArray(first[itemsField])];
  let pageToken = first.nextPageToken;
  for (let page = 1; typeof pageToken === 'string' && pageToken && page < maxPages; page += 1) {
    const next = (await callApi(operation, { ...params, pageToken } as ApiParams<N>, undefined, options)) as Record<
      string,
      unknown
    >;
    items.push(...asArray(next[itemsField]));
    pageToken = next.nextPageToken;
  }
  const { nextPageToken: _ignored, ...envelope } = first;
  return { ...envelope, [itemsField]: items } as ResultFor<N>;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export type ApiQueryOptions<N extends OperationName, TData = ResultFor<N>> = Omit<
  UseQueryOptions<ResultFor<N>, Error, TData, ApiQueryKey<N>>,
  'queryKey' | 'queryFn'
> & {
  /** Follow `nextPageToken` and merge this field of every page (e.g. `items`, `files`). */
  allPagesOf?: string;
};

export function useApiQuery<N extends OperationName, TData = ResultFor<N>>(
  operation: N,
  params: ApiParams<N>,
  options: ApiQueryOptions<N, TData> = {},
): UseQueryResult<TData, Error> {
  const { allPagesOf, ...queryOptions } = options;
  // Subscribing to the account re-keys (and refetches) every query when the user switches account.
  const account = useActiveAccount() ?? '';
  const callOptions = account ? { account } : {};
  return useQuery({
    ...queryOptions,
    queryKey: apiQueryKey(operation, params, account),
    queryFn: () =>
      allPagesOf
        ? callApiAllPages(operation, params, allPagesOf, callOptions)
        : callApi(operation, params, undefined, callOptions),
  });
}

/** Turns pushed `changed` events into query invalidations. Returns the unsubscribe function. */
export function subscribeToChanges(client: QueryClient = queryClient): () => void {
  return ipc.onEvent((event: IpcEvent) => {
    if (event.type !== 'changed') return;
    void client.invalidateQueries(invalidationFilterFor(event));
  });
}

/** After the host connection comes back, refetch everything: changes may have been missed meanwhile. */
export function refetchAfterReconnect(client: QueryClient = queryClient): () => void {
  let missedEvents = false;
  return onHostConnectionChange((connected) => {
    if (!connected) {
      missedEvents = true;
    } else if (missedEvents) {
      missedEvents = false;
      void client.invalidateQueries();
    }
  });
}
