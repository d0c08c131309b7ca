import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiKeyParamsInclude } from './keys';
import { applyOptimisticUpdates, optimisticUpdate, rollbackOptimisticUpdates } from './mutation';

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

describe('apiKeyParamsInclude', () => {
  it('matches on a subset of params', () => {
    expect(apiKeyParamsInclude(['api', 'a', 'Op', { x: 1, y: 'z' }], { y: 'z' })).toBe(true);
    expect(apiKeyParamsInclude(['api', 'a', 'Op', { x: 1 }], { x: 2 })).toBe(false);
    expect(apiKeyParamsInclude(['api', 'a', 'Op'], {})).toBe(true);
  });
});
