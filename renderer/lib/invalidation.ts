import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { collectionsWrittenBy, readIsAffectedBy, type CollectionRef } from '../../shared/api/collections';
import { findOperation, type OperationName } from '../../shared/api/registry';
import type { ChangedEvent } from '../../shared/ipc/contract';
import { getActiveAccount } from './account-store';

/**
 * Which cached API answers a change makes stale, derived from the operation registry: a query is
 * stale when its operation reads a changed collection, in the changed partition (its key parameter
 * has the changed key, or an alias such as `primary`) or in any partition when the change names
 * none. Pushed `changed` events and the API's own writes (the operation's `writes`) both go
 * through it.
 */

export interface StaleQueryFilter {
  queryKey: QueryKey;
  predicate: (query: Query) => boolean;
}

/** A filter for the API queries of `account` whose answers depend on any of `changed`. */
function staleQueriesFilter(account: string, changed: readonly CollectionRef[]): StaleQueryFilter {
  return {
    queryKey: ['api'],
    predicate: (query) => {
      const [, keyAccount, operation, params] = query.queryKey;
      // Keys made before the account was known carry '' and belong to whichever account is active.
      if (keyAccount !== account && keyAccount !== '') return false;
      const spec = typeof operation === 'string' ? findOperation(operation) : undefined;
      if (!spec) return false;
      const values = params && typeof params === 'object' ? (params as Record<string, unknown>) : {};
      return changed.some((ref) => readIsAffectedBy(spec, values, ref));
    },
  };
}

/** A query-filter for the API queries a pushed `changed` event makes stale. */
export function invalidationFilterFor(event: ChangedEvent): StaleQueryFilter {
  return staleQueriesFilter(event.account, [event]);
}

/** A query-filter for the API queries a successful call of `operation` may have made stale. */
export function writeInvalidationFilter(
  operation: OperationName,
  params: Readonly<Record<string, unknown>>,
  account?: string | null,
): StaleQueryFilter | undefined {
  const spec = findOperation(operation);
  const written = spec ? collectionsWrittenBy(spec, params) : [];
  return written.length > 0 ? staleQueriesFilter(account ?? getActiveAccount() ?? '', written) : undefined;
}

/** Refetches (or marks stale) what a successful call of `operation` may have changed. */
export async function invalidateAfterWrite(
  client: QueryClient,
  operation: OperationName,
  params: Readonly<Record<string, unknown>>,
  account?: string | null,
): Promise<void> {
  const filter = writeInvalidationFilter(operation, params, account);
  if (filter) await client.invalidateQueries(filter, { throwOnError: false });
}
