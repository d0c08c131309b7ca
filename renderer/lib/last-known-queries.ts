import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { operations, type OperationName } from '../../shared/api/registry';
import { accountsOverviewSchema, type AccountsOverview } from '../../shared/ipc/contract';
import { lastKnownStore, whenIdle } from './last-known';

/** What the first screen waits for before it can draw anything: the calendar's colours, settings and list. */
const rememberedOperations = [
  'CalendarColorsGet',
  'CalendarSettingsList',
  'CalendarCalendarListList',
] as const satisfies readonly OperationName[];

const accountsStore = lastKnownStore('accounts', accountsOverviewSchema, { deferWrites: whenIdle });
const operationStores = new Map(
  rememberedOperations.map((operation) => [
    operation,
    lastKnownStore<unknown>(`query.${operation}`, operations[operation].response as z.ZodType<unknown>, {
      deferWrites: whenIdle,
    }),
  ]),
);

function storeFor(key: QueryKey) {
  if (key[0] !== 'api' || typeof key[1] !== 'string' || !key[1]) return undefined;
  return operationStores.get(key[2] as (typeof rememberedOperations)[number]);
}

/**
 * Fills the query cache with the last-known answers of what the first screen needs (the accounts
 * under `accountsKey`, the calendar's colours, settings and list), marked stale so each is fetched
 * afresh as soon as it is used: the app draws at once and the fresh answers replace these. From
 * then on, every fetched answer of those queries is remembered (optimistic edits are not).
 */
export function restoreLastKnownQueries(client: QueryClient, accountsKey: QueryKey): () => void {
  const restore = (key: QueryKey, value: unknown) => {
    client.setQueryData(key, value, { updatedAt: 1 });
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  };
  const accounts = accountsStore.read('', '');
  if (accounts) restore(accountsKey, accounts);
  for (const store of operationStores.values())
    for (const entry of store.entries()) restore(JSON.parse(entry.key) as QueryKey, entry.value);

  const accountsHash = JSON.stringify(accountsKey);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const { queryKey } = event.query;
    const data: unknown = event.query.state.data;
    if (JSON.stringify(queryKey) === accountsHash) {
      // Checked against the schema as it is stored (see lastKnownStore), like the others.
      if (data !== undefined) accountsStore.write('', '', data as AccountsOverview);
      return;
    }
    const store = storeFor(queryKey);
    if (store && data !== undefined) store.write(queryKey[1] as string, JSON.stringify(queryKey), data);
  });
}
