import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskItem, TaskPage } from './task-types';

// The IPC boundary is scripted: a move or an insert is answered when the test says so.
interface Call {
  method: string;
  input: { operation?: string; params?: Record<string, unknown>; body?: unknown; task?: string };
}
const calls: Call[] = [];
const held = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
const heldKinds = new Set<string>();

vi.mock('../../platform/ipc', () => ({
  ipc: {
    invoke: (method: string, input: Call['input']) => {
      calls.push({ method, input });
      const kind = method === 'api.call' ? String(input.operation) : method;
      if (heldKinds.has(kind)) return new Promise((resolve, reject) => held.set(kind, { resolve, reject }));
      if (kind === 'TasksTasksPatch') return Promise.resolve({ id: input.params?.task, ...(input.body as object) });
      return Promise.resolve({});
    },
    onEvent: () => () => {},
  },
  onHostConnectionChange: () => () => {},
}));

const { addTask, setCompleted, transferTask } = await import('./mutations');
const { queryClient, apiQueryKey } = await import('../../lib/api');
const { useAccountStore } = await import('../../lib/account-store');

const listA = () => apiQueryKey('TasksTasksList', { tasklist: 'A' });
const listB = () => apiQueryKey('TasksTasksList', { tasklist: 'B' });
const itemsIn = (key: readonly unknown[]) => queryClient.getQueryData<TaskPage>(key)?.items ?? [];
const sent = (operation: string) => calls.filter((c) => c.method === 'api.call' && c.input.operation === operation);

function answer(kind: string, value: unknown): void {
  const call = held.get(kind);
  if (!call) throw new Error(`nothing of kind ${kind} is waiting`);
  held.delete(kind);
  call.resolve(value);
}

function refuse(kind: string, error: Error): void {
  const call = held.get(kind);
  if (!call) throw new Error(`nothing of kind ${kind} is waiting`);
  held.delete(kind);
  call.reject(error);
}

const milk: TaskItem = { id: 'milk', title: 'Buy milk', status: 'needsAction', position: '0' };

beforeEach(() => {
  calls.length = 0;
  held.clear();
  heldKinds.clear();
  useAccountStore.getState().setActive('local');
  queryClient.clear();
  queryClient.setQueryData<TaskPage>(listA(), { kind: 'tasks#tasks', items: [milk] });
  queryClient.setQueryData<TaskPage>(listB(), { kind: 'tasks#tasks', items: [] });
});

afterEach(() => queryClient.clear());

describe('a task shown before the service has answered for it', () => {
  it('completed while its move to another list is on its way: the completion waits and goes to the moved task', async () => {
    heldKinds.add('tasks.moveToList');
    const moving = transferTask('A', milk, [milk], { listId: 'B' }, '“Buy milk” moved to “B”.');
    await vi.waitFor(() => expect(itemsIn(listB())).toHaveLength(1));
    const placeholder = itemsIn(listB())[0]!;
    expect(placeholder.id).not.toBe('milk');

    const completing = setCompleted('B', placeholder, true);
    // Shown completed at once, while nothing is sent for it: the service does not know that id.
    await vi.waitFor(() => expect(itemsIn(listB())[0]?.status).toBe('completed'));
    expect(sent('TasksTasksPatch')).toEqual([]);

    answer('tasks.moveToList', { task: { id: 'milk' } });
    await Promise.all([moving, completing]);
    expect(sent('TasksTasksPatch').map((c) => c.input.params)).toEqual([{ tasklist: 'B', task: 'milk' }]);
  });

  it('completed while its move is on its way, where the move gave it a new id: the completion goes to that id', async () => {
    heldKinds.add('tasks.moveToList');
    const moving = transferTask('A', milk, [milk], { listId: 'B' }, 'moved');
    await vi.waitFor(() => expect(itemsIn(listB())).toHaveLength(1));
    const completing = setCompleted('B', itemsIn(listB())[0]!, true);
    answer('tasks.moveToList', { task: { id: 'milk-copy' } });
    await Promise.all([moving, completing]);
    expect(sent('TasksTasksPatch').map((c) => c.input.params)).toEqual([{ tasklist: 'B', task: 'milk-copy' }]);
  });

  it('completed while it is being added: the completion goes to the id the service gives it', async () => {
    heldKinds.add('TasksTasksInsert');
    const adding = addTask('A', 'Call the plumber');
    await vi.waitFor(() => expect(itemsIn(listA()).map((t) => t.title)).toContain('Call the plumber'));
    const placeholder = itemsIn(listA()).find((t) => t.title === 'Call the plumber')!;
    const completing = setCompleted('A', placeholder, true);
    await vi.waitFor(() =>
      expect(itemsIn(listA()).find((t) => t.title === 'Call the plumber')?.status).toBe('completed'),
    );
    expect(sent('TasksTasksPatch')).toEqual([]);

    answer('TasksTasksInsert', { id: 'plumber', title: 'Call the plumber', status: 'needsAction' });
    await Promise.all([adding, completing]);
    expect(sent('TasksTasksPatch').map((c) => c.input.params)).toEqual([{ tasklist: 'A', task: 'plumber' }]);
  });

  it('completed while a move that then fails is on its way: nothing is sent for it and both lists are as before', async () => {
    // Both lists shown, so the refetch that ends each change brings what the service holds.
    const server: Record<string, TaskItem[]> = { A: [milk], B: [] };
    const stops = (['A', 'B'] as const).map((tasklist) =>
      new QueryObserver(queryClient, {
        queryKey: apiQueryKey('TasksTasksList', { tasklist }),
        queryFn: () => ({ kind: 'tasks#tasks', items: server[tasklist] }),
        staleTime: Infinity,
      }).subscribe(() => {}),
    );
    heldKinds.add('tasks.moveToList');
    const moving = transferTask('A', milk, [milk], { listId: 'B' }, 'moved');
    await vi.waitFor(() => expect(itemsIn(listB())).toHaveLength(1));
    const completing = setCompleted('B', itemsIn(listB())[0]!, true);
    refuse('tasks.moveToList', new Error('Backend Error'));
    await Promise.all([moving, completing]);
    expect(sent('TasksTasksPatch')).toEqual([]);
    await vi.waitFor(() => {
      expect(itemsIn(listA())).toEqual([milk]);
      expect(itemsIn(listB())).toEqual([]);
      expect(queryClient.isFetching()).toBe(0);
    });
    stops.forEach((stop) => stop());
  });
});
