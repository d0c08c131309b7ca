import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcEvent, OfflineAccountStatus } from '../../shared/ipc/contract';

// The IPC transport is the boundary under this module: events are pushed by hand.
const listeners = new Set<(event: IpcEvent) => void>();
vi.mock('../platform/ipc', () => ({
  ipc: {
    invoke: () => Promise.reject(new Error('not called in these tests')),
    onEvent: (listener: (event: IpcEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
}));

const { followOfflineEvents, isOfflineFailure, offlineKeys } = await import('./offline');
const { useAccountStore } = await import('./account-store');

const push = (event: IpcEvent) => listeners.forEach((listener) => listener(event));

function status(account: string, overrides: Partial<OfflineAccountStatus> = {}): OfflineAccountStatus {
  return {
    account,
    kind: 'google',
    state: 'online',
    mirrored: true,
    collections: [],
    pending: 0,
    conflicts: 0,
    replaying: false,
    ...overrides,
  };
}

let client: QueryClient;
beforeEach(() => {
  listeners.clear();
  client = new QueryClient();
});

/** Seeds a query and answers whether a later step made it stale. */
function seed(key: readonly unknown[]) {
  client.setQueryData(key, { seeded: true });
  return () => client.getQueryState(key)?.isInvalidated ?? false;
}

describe('followOfflineEvents', () => {
  it('replaces only that account’s status and makes its outbox, conflicts and dots be read again', () => {
    client.setQueryData(offlineKeys.status, [status('local', { mirrored: false }), status('google-ann')]);
    const pending = seed(offlineKeys.pending('google-ann'));
    const conflicts = seed(offlineKeys.conflicts('google-ann'));
    const resources = seed(offlineKeys.resources('google-ann'));
    const otherPending = seed(offlineKeys.pending('google-bob'));
    const views = seed(['api', 'google-ann', 'CalendarEventsList', {}]);
    followOfflineEvents(client);

    push({ type: 'offline', account: 'google-ann', status: status('google-ann', { state: 'offline', pending: 2 }) });

    const statuses = client.getQueryData<OfflineAccountStatus[]>(offlineKeys.status) ?? [];
    expect(statuses.map((s) => [s.account, s.state, s.pending])).toEqual([
      ['local', 'online', 0],
      ['google-ann', 'offline', 2],
    ]);
    expect([pending(), conflicts(), resources()]).toEqual([true, true, true]);
    expect(otherPending()).toBe(false);
    // Going offline changes nothing the views show.
    expect(views()).toBe(false);
  });

  it('has the views read again when the outbox empties or the account comes back', () => {
    client.setQueryData(offlineKeys.status, [status('google-ann', { state: 'offline', pending: 2 })]);
    followOfflineEvents(client);
    const whileOffline = seed(['api', 'google-ann', 'TasksTasksList', {}]);
    push({ type: 'offline', account: 'google-ann', status: status('google-ann', { state: 'offline', pending: 3 }) });
    expect(whileOffline()).toBe(false);

    const views = seed(['api', 'google-ann', 'TasksTasksList', {}]);
    const others = seed(['api', 'local', 'TasksTasksList', {}]);
    push({ type: 'offline', account: 'google-ann', status: status('google-ann', { state: 'online', pending: 3 }) });
    expect(views()).toBe(true);
    expect(others()).toBe(false);

    const again = seed(['api', 'google-ann', 'DriveFilesList', {}]);
    push({ type: 'offline', account: 'google-ann', status: status('google-ann', { pending: 0 }) });
    expect(again()).toBe(true);
  });

  it('reads the statuses again when accounts come or go, and stops when unsubscribed', () => {
    const statuses = seed(offlineKeys.status);
    const stop = followOfflineEvents(client);
    push({ type: 'accounts', accounts: [], active: 'local' });
    expect(statuses()).toBe(true);

    const later = seed(offlineKeys.status);
    stop();
    push({ type: 'accounts', accounts: [], active: 'local' });
    expect(later()).toBe(false);
  });
});

describe('isOfflineFailure', () => {
  it('is a refusal for want of the network while the active account is offline, nothing else', () => {
    useAccountStore.getState().setActive('google-ann');
    const unavailable = { code: 'unavailable', message: 'Could not reach Google' };
    client.setQueryData(offlineKeys.status, [status('google-ann', { state: 'offline' })]);
    expect(isOfflineFailure(client, unavailable)).toBe(true);
    expect(isOfflineFailure(client, { code: 'notFound', message: 'gone' })).toBe(false);

    client.setQueryData(offlineKeys.status, [status('google-ann')]);
    expect(isOfflineFailure(client, unavailable)).toBe(false);
    useAccountStore.getState().setActive('local');
    client.setQueryData(offlineKeys.status, [status('google-ann', { state: 'offline' })]);
    expect(isOfflineFailure(client, unavailable)).toBe(false);
  });
});
