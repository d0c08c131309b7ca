import type { ClientRect, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { arrangeColumns } from './column-order';
import { boardKeyboardCoordinates, probeCollision, targetAt, zoneAt, type DropData } from './drag-geometry';
import type { DropTarget } from './drop-plan';

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

describe('keyboard moves', () => {
  const containers = [
    container('task:L:a', { type: 'task', listId: 'L', taskId: 'a', index: 0, depth: 0 }),
    container('task:L:b', { type: 'task', listId: 'L', taskId: 'b', index: 1, depth: 0 }),
    container('end:L', { type: 'end', listId: 'L' }),
  ];
  const rects = new Map([
    ['task:L:a', rect(0)],
    ['task:L:b', rect(100)],
    ['end:L', rect(200)],
  ]);
  const args = (activatorEvent: Event) =>
    ({
      active: 'task:L:a',
      currentCoordinates: { x: 0, y: 0 },
      context: {
        activatorEvent,
        collisionRect: rect(40, 20),
        droppableRects: rects,
        droppableContainers: { getEnabled: () => containers },
      },
    }) as unknown as Parameters<KeyboardCoordinateGetter>[1];
  const key = (code: string) => ({ code, preventDefault: () => undefined }) as unknown as KeyboardEvent;

  it('steps on from the place the previous key chose while the board has not caught up with it', () => {
    // The board still reports "onto a" for both keys: it has not re-rendered between them.
    const reported: DropTarget = { kind: 'task', listId: 'L', taskId: 'a', zone: 'inside' };
    const getter = boardKeyboardCoordinates(
      () => reported,
      () => 'L',
    );
    const drag = new Event('keydown');
    // Before b (15% down its row), then onto b (its middle); the probe is the centre of a 20px-high rect.
    expect(getter(key('ArrowDown'), args(drag))).toEqual({ x: 0, y: 105 });
    expect(getter(key('ArrowDown'), args(drag))).toEqual({ x: 0, y: 140 });
    // A new drag starts from what the board reports.
    expect(getter(key('ArrowDown'), args(new Event('keydown')))).toEqual({ x: 0, y: 105 });
  });

  it('steps from the reported place once the board has caught up', () => {
    let reported: DropTarget = { kind: 'task', listId: 'L', taskId: 'a', zone: 'inside' };
    const getter = boardKeyboardCoordinates(
      () => reported,
      () => 'L',
    );
    const drag = new Event('keydown');
    expect(getter(key('ArrowDown'), args(drag))).toEqual({ x: 0, y: 105 });
    reported = { kind: 'task', listId: 'L', taskId: 'b', zone: 'before' };
    expect(getter(key('ArrowUp'), args(drag))).toEqual({ x: 0, y: 40 });
  });
});
