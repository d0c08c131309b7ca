import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';

// The IPC transport is the boundary under this module; a scripted stand-in records calls and pushes events.
const calls: { method: string; input: Record<string, unknown> }[] = [];
let answer: (method: string, input: Record<string, unknown>) => unknown = () => ({});
const listeners = new Set<(event: IpcEvent) => void>();

vi.mock('../platform/ipc', () => ({
  ipc: {
    invoke: async (method: string, input: Record<string, unknown>) => {
      calls.push({ method, input });
      return answer(method, input);
    },
    onEvent: (listener: (event: IpcEvent) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  },
  onHostConnectionChange: () => () => {},
}));

const { apiQueryKey, callApi, callApiAllPages, queryClient, subscribeToChanges } = await import('./api');
const { useAccountStore } = await import('./account-store');

beforeEach(() => {
  calls.length = 0;
  listeners.clear();
  useAccountStore.getState().setActive('local');
});

describe('callApi', () => {
  it('sends the operation, params and body for the active account', async () => {
    answer = () => ({ id: 'e1' });
    const result = await callApi('CalendarEventsInsert', { calendarId: 'primary' }, { summary: 'Standup' });
    expect(result).toEqual({ id: 'e1' });
    expect(calls).toEqual([
      {
        method: 'api.call',
        input: {
          account: 'local',
          operation: 'CalendarEventsInsert',
          params: { calendarId: 'primary' },
          body: { summary: 'Standup' },
        },
      },
    ]);
  });

  it('marks stale what the operation writes once the call succeeds, and nothing when it fails', async () => {
    const l1 = apiQueryKey('TasksTasksList', { tasklist: 'L1' });
    const l2 = apiQueryKey('TasksTasksList', { tasklist: 'L2' });
    const l3 = apiQueryKey('TasksTasksList', { tasklist: 'L3' });
    for (const key of [l1, l2, l3]) queryClient.setQueryData(key, { items: [] });
    answer = () => {
      throw new Error('refused');
    };
    await expect(callApi('TasksTasksDelete', { tasklist: 'L3', task: 't1' })).rejects.toThrow('refused');
    answer = () => ({ id: 't1' });
    await callApi('TasksTasksMove', { tasklist: 'L1', task: 't1', destinationTasklist: 'L2' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([l1, l2, l3].map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, false]);
    queryClient.clear();
  });

  it('keys queries by account, operation and params', () => {
    expect(apiQueryKey('TasksTasksList', { tasklist: 'L1' })).toEqual([
      'api',
      'local',
      'TasksTasksList',
      { tasklist: 'L1' },
    ]);
  });
});

describe('callApiAllPages', () => {
  it('follows nextPageToken and concatenates the items', async () => {
    answer = (_method, input) => {
      const token = (input.params as { pageToken?: string }).pageToken;
      if (!token) return { kind: 'drive#fileList', files: [{ id: 'a' }], nextPageToken: 'p2' };
      if (token === 'p2') return { kind: 'drive#fileList', files: [{ id: 'b' }], nextPageToken: 'p3' };
      return { kind: 'drive#fileList', files: [{ id: 'c' }] };
    };
    const result = await callApiAllPages('DriveFilesList', { q: "'root' in parents" }, 'files');
    expect(result).toEqual({ kind: 'drive#fileList', files: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    expect(calls.map((call) => (call.input.params as { pageToken?: string }).pageToken)).toEqual([
      undefined,
      'p2',
      'p3',
    ]);
    expect(calls.every((call) => (call.input.params as { q?: string }).q === "'root' in parents")).toBe(true);
  });
});

describe('subscribeToChanges', () => {
  it('invalidates the queries a pushed change affects', async () => {
    const client = new QueryClient();
    const affected = ['api', 'local', 'CalendarEventsList', { calendarId: 'primary' }];
    const unaffected = ['api', 'local', 'DriveFilesList', {}];
    client.setQueryData(affected, { items: [] });
    client.setQueryData(unaffected, { files: [] });
    const unsubscribe = subscribeToChanges(client);

    for (const listener of listeners)
      listener({ type: 'changed', account: 'local', collection: 'events', key: 'me@atrium.local' });
    expect(client.getQueryState(affected)?.isInvalidated).toBe(true);
    expect(client.getQueryState(unaffected)?.isInvalidated).toBe(false);

    unsubscribe();
    expect(listeners.size).toBe(0);
  });
});
