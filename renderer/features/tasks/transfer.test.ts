import { describe, expect, it } from 'vitest';
import { buildRows } from './task-tree';
import type { TaskItem } from './task-types';
import { transferSubtree, TransferError, type TransferApi } from './transfer';

/** An in-memory stand-in for two task lists, with a switch to fail the n-th call of a kind. */
function memoryLists(initial: Record<string, TaskItem[]>, failOn: { insert?: number; remove?: number } = {}) {
  const lists = new Map(Object.entries(initial).map(([k, v]) => [k, [...v]]));
  let inserts = 0;
  let removes = 0;
  let seq = 0;
  const api: TransferApi = {
    async listAll(listId) {
      return [...(lists.get(listId) ?? [])];
    },
    async insert(listId, placement, body) {
      inserts += 1;
      if (failOn.insert === inserts) throw new Error('insert refused');
      const tasks = lists.get(listId)!;
      const siblings = tasks
        .filter((t) => t.parent === placement.parent)
        .sort((a, b) => (a.position! < b.position! ? -1 : 1));
      const index = placement.previous ? siblings.findIndex((t) => t.id === placement.previous) : -1;
      const lo = siblings[index]?.position ?? '';
      const hi = siblings[index + 1]?.position;
      const task: TaskItem = {
        ...body,
        id: `n${++seq}`,
        position: hi === undefined ? lo + 'm' : lo + String.fromCharCode(hi.charCodeAt(lo.length) - 1) + 'z',
      };
      if (placement.parent) task.parent = placement.parent;
      tasks.push(task);
      return task;
    },
    async remove(listId, taskId) {
      removes += 1;
      if (failOn.remove === removes) throw new Error('remove refused');
      const tasks = lists.get(listId)!;
      const gone = new Set([taskId]);
      for (let grew = true; grew;) {
        grew = false;
        for (const t of tasks) {
          if (t.parent && gone.has(t.parent) && !gone.has(t.id)) {
            gone.add(t.id);
            grew = true;
          }
        }
      }
      lists.set(
        listId,
        tasks.filter((t) => !gone.has(t.id)),
      );
    },
  };
  const view = (listId: string) =>
    buildRows(lists.get(listId) ?? []).map((r) => `${'-'.repeat(r.depth)}${r.task.title}`);
  return { api, view };
}

const source: TaskItem[] = [
  { id: 'p', title: 'Parent', position: 'b' },
  { id: 's1', title: 'Sub 1', parent: 'p', position: 'b' },
  { id: 's2', title: 'Sub 2', parent: 'p', position: 'c', status: 'completed', completed: '2024-01-01T00:00:00.000Z' },
  { id: 'o', title: 'Other', position: 'c' },
];
const target: TaskItem[] = [{ id: 't', title: 'Target', position: 'm' }];

describe('moving a task with subtasks to another list', () => {
  it('copies parent and children in order, then removes the original', async () => {
    const { api, view } = memoryLists({ A: source, B: target });
    await transferSubtree(api, 'A', 'p', { listId: 'B', previous: 't' });
    expect(view('B')).toEqual(['Target', 'Parent', '-Sub 1', '-Sub 2']);
    expect(view('A')).toEqual(['Other']);
  });

  it.each([
    ['the first insert', { insert: 1 }],
    ['a subtask insert', { insert: 3 }],
    ['removing the original', { remove: 1 }],
  ])('leaves both lists as they were when %s fails', async (_label, failOn) => {
    const { api, view } = memoryLists({ A: source, B: target }, failOn);
    const before = { A: view('A'), B: view('B') };
    const error = await transferSubtree(api, 'A', 'p', { listId: 'B' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransferError);
    expect({ A: view('A'), B: view('B') }).toEqual(before);
  });
});
