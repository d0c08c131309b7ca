import { describe, expect, it } from 'vitest';
import { planDrop, type DropTarget } from './drop-plan';
import { orderKeyBetween } from './order-key';
import { insertSubtreeInPage, moveInPage, removeSubtreeFromPage } from './task-cache';
import { buildRows, completedRows, subtreeOf } from './task-tree';
import { deletedTogether } from './mutations';
import type { TaskItem } from './task-types';

// A list:  a ( a1, a2 ), b, c ( c1 ( c1x ) )
const list: TaskItem[] = [
  { id: 'c1x', title: 'C1x', parent: 'c1', position: 'a0' },
  { id: 'b', title: 'B', position: 'a1' },
  { id: 'a2', title: 'A2', parent: 'a', position: 'a1' },
  { id: 'a', title: 'A', position: 'a0' },
  { id: 'c', title: 'C', position: 'a2' },
  { id: 'a1', title: 'A1', parent: 'a', position: 'a0' },
  { id: 'c1', title: 'C1', parent: 'c', position: 'a0' },
];

const order = (tasks: readonly TaskItem[]) => buildRows(tasks).map((r) => `${'-'.repeat(r.depth)}${r.task.id}`);
const onto = (taskId: string, zone: 'before' | 'inside' | 'after', listId = 'L'): DropTarget => ({
  kind: 'task',
  listId,
  taskId,
  zone,
});

describe('rows of a column', () => {
  it('puts each task before its subtasks, siblings by position', () => {
    expect(order(list)).toEqual(['a', '-a1', '-a2', 'b', 'c', '-c1', '--c1x']);
  });

  it('shows a subtask whose parent is filtered out at the top level', () => {
    expect(order(list.filter((t) => t.id !== 'c1'))).toEqual(['a', '-a1', '-a2', 'c1x', 'b', 'c']);
  });

  it('lists completed tasks newest first, each with the subtasks completed under it', () => {
    const done: TaskItem[] = [
      { id: 'old', title: 'Old', position: 'a0', completed: '2026-11-01T10:00:00.000Z' },
      { id: 'p', title: 'P', position: 'a1', completed: '2026-11-20T10:00:00.000Z' },
      { id: 'p2', title: 'P2', parent: 'p', position: 'a1', completed: '2026-11-20T09:59:59.000Z' },
      { id: 'p1', title: 'P1', parent: 'p', position: 'a0', completed: '2026-11-20T09:59:59.000Z' },
      // Its task is still open (not among the completed): it stands on its own, by its own date.
      { id: 'lone', title: 'Lone', parent: 'open', position: 'a0', completed: '2026-11-10T10:00:00.000Z' },
    ];
    expect(completedRows(done).map((r) => `${'-'.repeat(r.depth)}${r.task.id}`)).toEqual([
      'p',
      '-p1',
      '-p2',
      'lone',
      'old',
    ]);
  });

  it('collects a subtree parents first', () => {
    expect(subtreeOf(list, 'c').map((t) => t.id)).toEqual(['c', 'c1', 'c1x']);
  });
});

describe('planning a drop', () => {
  it('reorders among siblings: before a task means after the sibling before it', () => {
    expect(planDrop('L', 'c', list, onto('b', 'before'), list)).toEqual({
      type: 'move',
      taskId: 'c',
      to: { listId: 'L', previous: 'a' },
    });
    expect(planDrop('L', 'a', list, onto('c', 'after'), list)).toEqual({
      type: 'move',
      taskId: 'a',
      to: { listId: 'L', previous: 'c' },
    });
    expect(planDrop('L', 'b', list, onto('a', 'before'), list)).toEqual({
      type: 'move',
      taskId: 'b',
      to: { listId: 'L' },
    });
  });

  it('nests a task dropped onto another as its last subtask', () => {
    expect(planDrop('L', 'b', list, onto('a', 'inside'), list)).toEqual({
      type: 'move',
      taskId: 'b',
      to: { listId: 'L', parent: 'a', previous: 'a2' },
    });
  });

  it('promotes a subtask dropped between top-level tasks or at the column end', () => {
    expect(planDrop('L', 'a1', list, onto('b', 'after'), list)).toEqual({
      type: 'move',
      taskId: 'a1',
      to: { listId: 'L', previous: 'b' },
    });
    expect(planDrop('L', 'c1', list, { kind: 'end', listId: 'L' }, list)).toEqual({
      type: 'move',
      taskId: 'c1',
      to: { listId: 'L', previous: 'c' },
    });
  });

  it('refuses a drop into the task’s own subtree and ignores a drop that changes nothing', () => {
    expect(planDrop('L', 'c', list, onto('c1x', 'inside'), list)).toMatchObject({ type: 'none' });
    expect(planDrop('L', 'a2', list, onto('a1', 'after'), list)).toMatchObject({ type: 'none' });
    expect(planDrop('L', 'b', list, onto('c', 'before'), list)).toMatchObject({ type: 'none' });
  });

  it('turns a drop on another list into a transfer', () => {
    const other: TaskItem[] = [{ id: 'x', title: 'X', position: 'a0' }];
    expect(planDrop('L', 'a', list, onto('x', 'after', 'M'), other)).toEqual({
      type: 'transfer',
      taskId: 'a',
      fromListId: 'L',
      to: { listId: 'M', previous: 'x' },
    });
  });
});

describe('optimistic cache changes', () => {
  it('moves a task with its subtasks between neighbours', () => {
    const moved = moveInPage({ items: list }, 'a', { listId: 'L', previous: 'b' }).items ?? [];
    expect(order(moved)).toEqual(['b', 'a', '-a1', '-a2', 'c', '-c1', '--c1x']);
    const nested = moveInPage({ items: list }, 'b', { listId: 'L', parent: 'c1' }).items ?? [];
    expect(order(nested)).toEqual(['a', '-a1', '-a2', 'c', '-c1', '--b', '--c1x']);
  });

  it('removes a subtree and inserts copies elsewhere', () => {
    const without = removeSubtreeFromPage({ items: list }, 'c').items ?? [];
    expect(order(without)).toEqual(['a', '-a1', '-a2', 'b']);
    const target = insertSubtreeInPage(
      { items: [{ id: 'x', position: 'a0' }] },
      subtreeOf(list, 'c'),
      { listId: 'M' },
      (id) => `new-${id}`,
    );
    expect(order(target.items ?? [])).toEqual(['new-c', '-new-c1', '--new-c1x', 'x']);
  });

  it('finds an order key between any two positions', () => {
    const cases: [string | null, string | null][] = [
      [null, null],
      [null, 'a0'],
      ['a0', null],
      ['a0', 'a1'],
      ['a0', 'a0V'],
      ['00000000000000000001', '00000000000000000002'],
      ['', '0'],
      ['a', 'b'],
    ];
    for (const [before, after] of cases) {
      const key = orderKeyBetween(before, after);
      if (before !== null) expect(key > before).toBe(true);
      if (after !== null) expect(key < after).toBe(true);
    }
  });
});

describe('restoring a deleted task', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 9, 0, seconds)).toISOString();
  const tasks: TaskItem[] = [
    { id: 'p', title: 'Trip', position: 'a0', deleted: true, updated: at(30) },
    { id: 'c1', title: 'Pack', parent: 'p', position: 'a0', deleted: true, updated: at(30) },
    { id: 'g', title: 'Socks', parent: 'c1', position: 'a0', deleted: true, updated: at(31) },
    // Deleted on its own earlier: stays deleted when the trip comes back.
    { id: 'c2', title: 'Old idea', parent: 'p', position: 'a1', deleted: true, updated: at(0) },
    { id: 'o', title: 'Other', position: 'a1', deleted: true, updated: at(30) },
  ];

  it('brings back the task and the subtasks deleted with it, parents first', () => {
    expect(deletedTogether(tasks, 'p').map((t) => t.id)).toEqual(['p', 'c1', 'g']);
  });

  it('brings back nothing when the task is not deleted', () => {
    expect(deletedTogether([{ id: 'p', title: 'Trip', updated: at(1) }], 'p')).toEqual([]);
  });
});
