import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeyParamsInclude } from './keys';
import { applyOptimisticUpdates, optimisticUpdate, rollbackOptimisticUpdates, runOptimisticMutation } from './mutation';
import { undoLatest, useNotificationStore } from './notify';

interface TaskPage {
  items: { id: string; title: string }[];
}

describe('optimistic updates', () => {
  it('applies an update to every matching cached query and rolls all of them back', async () => {
    const client = new QueryClient();
    const l1 = ['api', 'local', 'TasksTasksList', { tasklist: 'L1' }];
    const l1Hidden = ['api', 'local', 'TasksTasksList', { tasklist: 'L1', showHidden: true }];
    const l2 = ['api', 'local', 'TasksTasksList', { tasklist: 'L2' }];
    client.setQueryData<TaskPage>(l1, { items: [{ id: 'a', title: 'A' }] });
    client.setQueryData<TaskPage>(l1Hidden, { items: [] });
    client.setQueryData<TaskPage>(l2, { items: [{ id: 'b', title: 'B' }] });

    const context = await applyOptimisticUpdates(client, [
      optimisticUpdate<TaskPage>(
        ['api', 'local', 'TasksTasksList'],
        (page) => ({ items: [...page.items, { id: 'tmp', title: 'New' }] }),
        (key) => apiKeyParamsInclude(key, { tasklist: 'L1' }),
      ),
    ]);

    expect(client.getQueryData<TaskPage>(l1)?.items.map((t) => t.id)).toEqual(['a', 'tmp']);
    expect(client.getQueryData<TaskPage>(l1Hidden)?.items.map((t) => t.id)).toEqual(['tmp']);
    expect(client.getQueryData<TaskPage>(l2)?.items.map((t) => t.id)).toEqual(['b']);
    expect(context.snapshots).toHaveLength(2);

    rollbackOptimisticUpdates(client, context);
    expect(client.getQueryData<TaskPage>(l1)?.items.map((t) => t.id)).toEqual(['a']);
    expect(client.getQueryData<TaskPage>(l1Hidden)?.items).toEqual([]);
  });

  it('snapshots the value from before the first of several updates to one key', async () => {
    const client = new QueryClient();
    const key = ['api', 'local', 'X', {}];
    client.setQueryData(key, 1);
    const context = await applyOptimisticUpdates(client, [
      optimisticUpdate<number>(key, (n) => n + 1),
      optimisticUpdate<number>(key, (n) => n * 10),
    ]);
    expect(client.getQueryData(key)).toBe(20);
    rollbackOptimisticUpdates(client, context);
    expect(client.getQueryData(key)).toBe(1);
  });

  it('leaves queries without cached data alone', async () => {
    const client = new QueryClient();
    const context = await applyOptimisticUpdates(client, [
      optimisticUpdate<number>(['api', 'local', 'Missing'], (n) => n + 1),
    ]);
    expect(context.snapshots).toEqual([]);
    expect(client.getQueryData(['api', 'local', 'Missing'])).toBeUndefined();
  });
});

describe('optimistic updates under concurrent refreshes', () => {
  const key = ['api', 'local', 'CalendarCalendarListList', {}];
  const hide = optimisticUpdate<{ selected: boolean }>(['api', 'local', 'CalendarCalendarListList'], (entry) => ({
    ...entry,
    selected: false,
  }));

  it('keeps the change on top of data fetched while it is on its way, until released', async () => {
    const client = new QueryClient();
    let server = { selected: true };
    const fetchEntry = () => client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(server), staleTime: 0 });
    await fetchEntry();
    const context = await applyOptimisticUpdates(client, [hide]);
    expect(client.getQueryData(key)).toEqual({ selected: false });
    // A refresh read before the change was stored lands meanwhile.
    await fetchEntry();
    expect(client.getQueryData(key)).toEqual({ selected: false });
    expect(context.snapshots).toEqual([[key, { selected: true }]]);
    context.release();
    server = { selected: false };
    await fetchEntry();
    expect(client.getQueryData(key)).toEqual({ selected: false });
    server = { selected: true };
    await fetchEntry();
    // Released: what the service holds shows again.
    expect(client.getQueryData(key)).toEqual({ selected: true });
  });

  it('a refused change goes back to the latest data the service sent, not the older snapshot', async () => {
    const client = new QueryClient();
    let server: { selected: boolean; summary: string } = { selected: true, summary: 'Old' };
    const fetchEntry = () => client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(server), staleTime: 0 });
    await fetchEntry();
    const context = await applyOptimisticUpdates(client, [hide]);
    server = { selected: true, summary: 'Renamed elsewhere' };
    await fetchEntry();
    expect(client.getQueryData(key)).toEqual({ selected: false, summary: 'Renamed elsewhere' });
    rollbackOptimisticUpdates(client, context);
    expect(client.getQueryData(key)).toEqual({ selected: true, summary: 'Renamed elsewhere' });
    // Released by the rollback: later fetches are not changed.
    server = { selected: true, summary: 'Later' };
    await fetchEntry();
    expect(client.getQueryData(key)).toEqual(server);
  });

  it('a mutation releases its change when it settles', async () => {
    const client = new QueryClient();
    let server = { selected: true };
    const fetchEntry = () => client.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(server), staleTime: 0 });
    await fetchEntry();
    let finish: (value: string) => void = () => {};
    const running = runOptimisticMutation(
      {
        apply: () => [hide],
        call: () => new Promise<string>((resolve) => (finish = resolve)),
        failure: () => 'unused',
      },
      undefined,
      client,
    );
    await vi.waitFor(() => expect(client.getQueryData(key)).toEqual({ selected: false }));
    await fetchEntry();
    expect(client.getQueryData(key)).toEqual({ selected: false });
    finish('done');
    await running;
    server = { selected: true };
    await fetchEntry();
    expect(client.getQueryData(key)).toEqual({ selected: true });
  });
});

describe('apiKeyParamsInclude', () => {
  it('matches on a subset of params', () => {
    expect(apiKeyParamsInclude(['api', 'a', 'Op', { x: 1, y: 'z' }], { y: 'z' })).toBe(true);
    expect(apiKeyParamsInclude(['api', 'a', 'Op', { x: 1 }], { x: 2 })).toBe(false);
    expect(apiKeyParamsInclude(['api', 'a', 'Op'], {})).toBe(true);
  });
});

describe('runOptimisticMutation', () => {
  const key = ['api', 'local', 'TasksTasksList', { tasklist: 'L1' }];
  const removeA = optimisticUpdate<TaskPage>(['api', 'local', 'TasksTasksList'], (page) => ({
    items: page.items.filter((t) => t.id !== 'a'),
  }));

  afterEach(() => useNotificationStore.setState({ notifications: [] }));

  it('shows the change at once, rolls it back on refusal and says so in plain words', async () => {
    const client = new QueryClient();
    client.setQueryData<TaskPage>(key, { items: [{ id: 'a', title: 'A' }] });
    let seenDuringCall: unknown;
    const result = await runOptimisticMutation(
      {
        apply: () => [removeA],
        call: () => {
          seenDuringCall = client.getQueryData<TaskPage>(key)?.items.length;
          return Promise.reject(Object.assign(new Error('Invalid Value'), { status: 400 }));
        },
        failure: () => 'Couldn’t delete “A”.',
      },
      undefined,
      client,
    );
    expect(result).toBeUndefined();
    expect(seenDuringCall).toBe(0);
    expect(client.getQueryData<TaskPage>(key)?.items.map((t) => t.id)).toEqual(['a']);
    expect(useNotificationStore.getState().notifications).toMatchObject([
      { message: 'Couldn’t delete “A”.', kind: 'error', details: 'Invalid Value' },
    ]);
  });

  it('keeps the change, offers Undo and refetches what it touched', async () => {
    const client = new QueryClient();
    client.setQueryData<TaskPage>(key, { items: [{ id: 'a', title: 'A' }] });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const undo = vi.fn();
    const result = await runOptimisticMutation(
      {
        apply: () => [removeA],
        call: () => Promise.resolve('done'),
        failure: () => 'unused',
        success: () => ({ message: 'Deleted “A”', undo }),
      },
      undefined,
      client,
    );
    expect(result).toBe('done');
    expect(client.getQueryData<TaskPage>(key)?.items).toEqual([]);
    expect(invalidate).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['api', 'local', 'TasksTasksList'] }));
    const [shown] = useNotificationStore.getState().notifications;
    expect(shown?.message).toBe('Deleted “A”');
    expect(shown?.action?.undo).toBe(true);
    expect(undoLatest()).toBe(true);
    await vi.waitFor(() => expect(undo).toHaveBeenCalledTimes(1));
  });

  /** A mutation whose call answers when `finish` is called; its success offers `undo`. */
  function pending(client: QueryClient, name: string, undo: (() => unknown) | undefined, refuse = false) {
    let finish!: () => void;
    const answered = new Promise<string>((resolve, reject) => {
      finish = () => (refuse ? reject(new Error('refused')) : resolve(name));
    });
    const done = runOptimisticMutation(
      {
        call: () => answered,
        failure: () => `Couldn’t change “${name}”.`,
        success: () => ({ message: `Changed “${name}”`, ...(undo ? { undo } : {}) }),
      },
      undefined,
      client,
    );
    return { finish, done };
  }

  it('Ctrl+Z pressed while the latest change is on its way undoes that change once it lands, not an older one', async () => {
    const client = new QueryClient();
    const older = vi.fn();
    const latest = vi.fn();
    const first = pending(client, 'older', older);
    first.finish();
    await first.done;
    const second = pending(client, 'latest', latest);

    expect(undoLatest()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(older).not.toHaveBeenCalled();
    second.finish();
    await second.done;
    await vi.waitFor(() => expect(latest).toHaveBeenCalledTimes(1));
    expect(older).not.toHaveBeenCalled();
    // The older change keeps its Undo; the undone one offers none.
    expect(useNotificationStore.getState().notifications.map((n) => [n.message, n.action?.undo ?? false])).toEqual([
      ['Changed “older”', true],
    ]);
  });

  it('undoes nothing when the change it waited for is refused, and the newest toast when that change offers no Undo', async () => {
    const client = new QueryClient();
    const older = vi.fn();
    const first = pending(client, 'older', older);
    first.finish();
    await first.done;

    const refused = pending(client, 'refused', vi.fn(), true);
    expect(undoLatest()).toBe(true);
    refused.finish();
    await refused.done;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(older).not.toHaveBeenCalled();

    const plain = pending(client, 'plain', undefined);
    expect(undoLatest()).toBe(true);
    plain.finish();
    await plain.done;
    await vi.waitFor(() => expect(older).toHaveBeenCalledTimes(1));
  });
});
