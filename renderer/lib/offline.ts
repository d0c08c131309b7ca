import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OfflineAccountStatus, OfflineResource } from '../../shared/ipc/contract';
import { ipc } from '../platform/ipc';
import { getActiveAccount, useActiveAccount } from './account-store';

/**
 * What the core says about each account's offline state (docs/offline.md): online or not, when
 * it last synced, its outbox and its conflicts. Read over IPC into the query cache and kept in
 * step with the core's `offline` events, so every view (the sidebar status, the sync panel, the
 * pending dots) reads one copy. The renderer never guesses: whatever is shown here is what the
 * core reported.
 */

export const offlineKeys = {
  all: ['offline'] as const,
  status: ['offline', 'status'] as const,
  pending: (account: string) => ['offline', 'pending', account] as const,
  conflicts: (account: string) => ['offline', 'conflicts', account] as const,
  resources: (account: string) => ['offline', 'resources', account] as const,
};

export function useOfflineStatuses() {
  return useQuery({
    queryKey: offlineKeys.status,
    queryFn: async () => (await ipc.invoke('offline.status', {})).accounts,
    staleTime: 30_000,
  });
}

/** The status of one account (the active one when none is named). */
export function useOfflineStatus(account?: string | null): OfflineAccountStatus | undefined {
  const active = useActiveAccount();
  const id = account ?? active;
  const statuses = useOfflineStatuses();
  return statuses.data?.find((status) => status.account === id);
}

export function usePendingChanges(account: string, enabled = true) {
  return useQuery({
    queryKey: offlineKeys.pending(account),
    queryFn: async () => (await ipc.invoke('offline.pending', { account })).changes,
    enabled: enabled && account !== '',
  });
}

export function useConflicts(account: string, enabled = true) {
  return useQuery({
    queryKey: offlineKeys.conflicts(account),
    queryFn: async () => (await ipc.invoke('offline.conflicts', { account })).conflicts,
    enabled: enabled && account !== '',
  });
}

const resourceKey = (collection: string, id: string) => `${collection}\u0001${id}`;

/** The resources of `account` with changes not yet sent, as a set of `collection␁id`. */
function usePendingResourceSet(account: string): ReadonlySet<string> {
  const status = useOfflineStatus(account);
  // Only Google accounts keep an outbox; nothing to ask while it is empty.
  const enabled = account !== '' && (status?.pending ?? 0) > 0;
  const query = useQuery({
    queryKey: offlineKeys.resources(account),
    queryFn: async () => (await ipc.invoke('offline.pendingResources', { account })).resources,
    enabled,
  });
  const resources = enabled ? query.data : undefined;
  return useMemo(
    () => new Set((resources ?? []).map((resource: OfflineResource) => resourceKey(resource.collection, resource.id))),
    [resources],
  );
}

/**
 * Ids of the active account's items in `collection` with a change waiting to be sent; the same
 * set while nothing changes, so it can key a memo.
 */
export function useWaitingIds(collection: string): ReadonlySet<string> {
  const account = useActiveAccount() ?? '';
  const pending = usePendingResourceSet(account);
  return useMemo(() => {
    const prefix = resourceKey(collection, '');
    return new Set([...pending].filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)));
  }, [pending, collection]);
}

/**
 * Whether an item of the active account (`collection` as in shared/api/collections: `events`,
 * `tasks`, `files`) has a change waiting to be sent. Views mark such items with a dot.
 */
export function useWaitingToSync(collection: string, id: string | null | undefined): boolean {
  const account = useActiveAccount() ?? '';
  const pending = usePendingResourceSet(account);
  return id ? pending.has(resourceKey(collection, id)) : false;
}

/** The words a pending dot says to screen readers and in its tooltip. */
export const waitingToSyncLabel = 'Waiting to sync';

/**
 * Keeps the cached offline state in step with the core: each `offline` event replaces that
 * account's status and makes its outbox, conflicts and pending resources be read again. When an
 * outbox empties, the views re-read their data so the server's answers replace the mirror's.
 * Returns the unsubscribe function.
 */
export function followOfflineEvents(client: QueryClient): () => void {
  return ipc.onEvent((event) => {
    // An account added or removed, or its connectivity changed: the statuses are read again.
    if (event.type === 'accounts' || event.type === 'syncState') {
      void client.invalidateQueries({ queryKey: offlineKeys.status });
      return;
    }
    if (event.type !== 'offline') return;
    const previous = client
      .getQueryData<OfflineAccountStatus[]>(offlineKeys.status)
      ?.find((status) => status.account === event.account);
    client.setQueryData<OfflineAccountStatus[]>(offlineKeys.status, (statuses) => {
      const others = (statuses ?? []).filter((status) => status.account !== event.account);
      return [...others, event.status];
    });
    void client.invalidateQueries({ queryKey: offlineKeys.pending(event.account) });
    void client.invalidateQueries({ queryKey: offlineKeys.conflicts(event.account) });
    void client.invalidateQueries({ queryKey: offlineKeys.resources(event.account) });
    const cameBack = previous?.state === 'offline' && event.status.state === 'online';
    const sent = (previous?.pending ?? 0) > 0 && event.status.pending === 0;
    if (cameBack || sent) void client.invalidateQueries({ queryKey: ['api', event.account] });
  });
}

/**
 * Whether a failure is the network's while the active account is offline: the core refuses what
 * it cannot queue (moving a task to another list, an upload) with `unavailable`. Such a failure is
 * told as needing a connection rather than as an error of the item.
 */
export function isOfflineFailure(client: QueryClient, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'unavailable' && isActiveAccountOffline(client);
}

/** Whether the core last said the active account is offline (what it is given now is kept, to be sent later). */
export function isActiveAccountOffline(client: QueryClient): boolean {
  const account = getActiveAccount();
  const status = client
    .getQueryData<OfflineAccountStatus[]>(offlineKeys.status)
    ?.find((candidate) => candidate.account === account);
  return status?.state === 'offline';
}

export const needsConnectionSentence = 'It needs a connection: try again when you’re back online.';
