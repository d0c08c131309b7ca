import type { ClientRect, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { arrangeColumns } from './column-order';
import { probeCollision, targetAt, zoneAt, type DropData } from './drag-geometry';

const rect = (top: number, height = 100, left = 0, width = 300): ClientRect => ({
  top,
  left,
  width,
  height,
  bottom: top + height,
  right: left + width,
});

function container(id: string, data: DropData): DroppableContainer {
  return {
    id,
    key: id,
    data: { current: data },
    disabled: false,
    node: { current: null },
    rect: { current: null },
  } as DroppableContainer;
}

describe('drag geometry', () => {
  it('splits a card into above, onto and below', () => {
    const r = rect(100);
    expect(zoneAt(r, 105)).toBe('before');
    expect(zoneAt(r, 150)).toBe('inside');
    expect(zoneAt(r, 195)).toBe('after');
  });

  it('finds the row under the point before the column end', () => {
    const row = container('task:L:a', { type: 'task', listId: 'L', taskId: 'a', index: 0, depth: 0 });
    const end = container('end:L', { type: 'end', listId: 'L' });
    const rects = new Map([
      ['task:L:a', rect(0)],
      ['end:L', rect(0, 400)],
    ]);
    const hit = probeCollision({
      active: { id: 'x', data: { current: undefined }, rect: { current: { initial: null, translated: null } } },
      collisionRect: rect(0),
      droppableRects: rects,
      droppableContainers: [row, end],
      pointerCoordinates: { x: 50, y: 50 },
    });
    expect(hit.map((c) => c.id)).toEqual(['task:L:a']);
    const below = probeCollision({
      active: { id: 'x', data: { current: undefined }, rect: { current: { initial: null, translated: null } } },
      collisionRect: rect(0),
      droppableRects: rects,
      droppableContainers: [row, end],
      pointerCoordinates: { x: 50, y: 300 },
    });
    expect(below.map((c) => c.id)).toEqual(['end:L']);
    expect(targetAt({ type: 'task', listId: 'L', taskId: 'a', index: 0, depth: 0 }, rect(0), { x: 1, y: 95 })).toEqual({
      kind: 'task',
      listId: 'L',
      taskId: 'a',
      zone: 'after',
    });
  });
});

describe('column order', () => {
  it('keeps the saved order, drops lists that are gone and appends new ones', () => {
    expect(arrangeColumns(['c', 'gone', 'a'], ['a', 'b', 'c', 'd'])).toEqual(['c', 'a', 'b', 'd']);
  });
});
