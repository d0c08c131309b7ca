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

const { apiQueryKey, callApi, callApiAllPages, subscribeToChanges } = await import('./api');
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
      listener({ type: 'changed', account: 'local', area: 'calendar', resource: 'events:primary' });
    expect(client.getQueryState(affected)?.isInvalidated).toBe(true);
    expect(client.getQueryState(unaffected)?.isInvalidated).toBe(false);

    unsubscribe();
    expect(listeners.size).toBe(0);
  });
});
