import type { ClientRect, CollisionDetection, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { getEventCoordinates, type Coordinates } from '@dnd-kit/utilities';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { sameTarget, type DropTarget, type DropZone } from './drop-plan';

/**
 * Geometry of dragging on the board. A drop target is a task row and a zone on it (the upper part:
 * before it; the middle: onto it, as a subtask; the lower part: after it) or anywhere else in a
 * column, which puts the task last at its top level. The same point decides for pointer and keyboard: the pointer itself, or the
 * centre of the dragged card when the keyboard moves it.
 */

export interface RowDropData {
  type: 'task';
  listId: string;
  taskId: string;
  index: number;
  depth: number;
}
export interface EndDropData {
  type: 'end';
  listId: string;
}
export type DropData = RowDropData | EndDropData;

/** Data attached to the dragged card. */
export interface DragData {
  listId: string;
  taskId: string;
  title: string;
}

const edgeShare = 0.3;
/** How far above a column's bottom edge the keyboard puts a task it moves to the column's end. */
const endInset = 4;

export function zoneAt(rect: ClientRect, y: number): DropZone {
  const share = (y - rect.top) / Math.max(rect.height, 1);
  if (share < edgeShare) return 'before';
  if (share > 1 - edgeShare) return 'after';
  return 'inside';
}

function center(rect: ClientRect): Coordinates {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

function contains(rect: ClientRect, p: Coordinates): boolean {
  return p.x >= rect.left && p.x <= rect.right && p.y >= rect.top && p.y <= rect.bottom;
}

/** Where the pointer is during a pointer drag (null for a keyboard drag). */
export function pointerPoint(activatorEvent: Event | null, delta: Coordinates): Coordinates | null {
  const start = activatorEvent ? getEventCoordinates(activatorEvent) : null;
  return start ? { x: start.x + delta.x, y: start.y + delta.y } : null;
}

/**
 * The drop target under a point, judged from the page as it is laid out now (not from rects
 * measured earlier): a refetch or a row growing or shrinking may move cards after the last
 * measurement, and the person aims at what they see. A row counts only where it is visible (a
 * row scrolled out of its column is clipped away); anywhere else in a column is its end.
 */
export function liveTargetAt(point: Coordinates, doc: Document = document): DropTarget | null {
  for (const element of doc.elementsFromPoint(point.x, point.y)) {
    const row = element.closest<HTMLElement>('[data-drop-row]');
    if (row?.dataset.listId && row.dataset.taskId) {
      const rect = row.getBoundingClientRect();
      return { kind: 'task', listId: row.dataset.listId, taskId: row.dataset.taskId, zone: zoneAt(rect, point.y) };
    }
    const column = element.closest<HTMLElement>('[data-drop-column]');
    if (column?.dataset.listId) return { kind: 'end', listId: column.dataset.listId };
  }
  return null;
}

/** The deciding point of a drag: where the pointer is, or the dragged card's centre for the keyboard. */
export function probePoint(
  activatorEvent: Event | null,
  delta: Coordinates,
  translated: ClientRect | null,
): Coordinates | null {
  const start = activatorEvent ? getEventCoordinates(activatorEvent) : null;
  if (start) return { x: start.x + delta.x, y: start.y + delta.y };
  return translated ? center(translated) : null;
}

export function dropDataOf(container: { data: { current?: unknown } } | null | undefined): DropData | null {
  const data = container?.data.current as DropData | undefined;
  return data && (data.type === 'task' || data.type === 'end') ? data : null;
}

export function targetAt(
  data: DropData | null,
  rect: ClientRect | null | undefined,
  probe: Coordinates | null,
): DropTarget | null {
  if (!data) return null;
  if (data.type === 'end') return { kind: 'end', listId: data.listId };
  if (!rect || !probe) return null;
  return { kind: 'task', listId: data.listId, taskId: data.taskId, zone: zoneAt(rect, probe.y) };
}

/** The droppable under the deciding point; task rows win over the column around them. */
export const probeCollision: CollisionDetection = ({
  droppableContainers,
  droppableRects,
  collisionRect,
  pointerCoordinates,
}) => {
  const probe = pointerCoordinates ?? center(collisionRect);
  let endHit: DroppableContainer | null = null;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.disabled || !contains(rect, probe)) continue;
    const data = dropDataOf(container);
    if (data?.type === 'task') return [{ id: container.id, data: { droppableContainer: container, value: 0 } }];
    if (data?.type === 'end') endHit = container;
  }
  return endHit ? [{ id: endHit.id, data: { droppableContainer: endHit, value: 1 } }] : [];
};

interface Slot {
  id: DroppableContainer['id'];
  data: DropData;
  zone: DropZone | null;
}

function slotProbe(slot: Slot, rect: ClientRect): Coordinates {
  const x = rect.left + rect.width / 2;
  if (slot.zone === 'before') return { x, y: rect.top + rect.height * (edgeShare / 2) };
  if (slot.zone === 'after') return { x, y: rect.bottom - rect.height * (edgeShare / 2) };
  // A column's end is the whole column; its bottom edge is free of cards.
  if (slot.data.type === 'end') return { x, y: rect.bottom - endInset };
  return center(rect);
}

/**
 * Keyboard moves for the board's KeyboardSensor. Up and Down step through the drop places of the
 * current column (before a task, onto it, after it, ..., the column's end); Left and Right go to the
 * neighbouring column (found by `sortableKeyboardCoordinates`), landing just before the task there.
 */
export function boardKeyboardCoordinates(
  currentTarget: () => DropTarget | null,
  activeListId: () => string | null,
): KeyboardCoordinateGetter {
  // The board learns where a key put the drag only once it has re-rendered and measured again. A key
  // pressed before then would be judged from the place the previous key started from, and step from
  // there a second time; so the place each key chose is kept and stepped from for as long as the
  // board still reports that starting place (in the same drag).
  let last: { drag: Event | null; from: DropTarget | null; chose: Slot } | null = null;
  return (event, args) => {
    const { collisionRect, droppableRects, droppableContainers, activatorEvent } = args.context;
    if (!collisionRect) return undefined;
    const reported = currentTarget();
    const pending =
      last !== null && last.drag === activatorEvent && sameTarget(reported, last.from) ? last.chose : null;
    const from = pending ? (last?.from ?? null) : reported;
    const chosen = (slot: Slot): Coordinates | undefined => {
      last = { drag: activatorEvent, from, chose: slot };
      return place(slot);
    };
    const place = (slot: Slot): Coordinates | undefined => {
      const rect = droppableRects.get(slot.id);
      if (!rect) return undefined;
      const p = slotProbe(slot, rect);
      return { x: p.x - collisionRect.width / 2, y: p.y - collisionRect.height / 2 };
    };

    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') {
      event.preventDefault();
      const listId = pending ? pending.data.listId : (reported?.listId ?? activeListId());
      const slots = columnSlots(listId, droppableContainers.getEnabled(), droppableRects);
      if (slots.length === 0) return undefined;
      let index = pending
        ? slots.findIndex((s) => s.id === pending.id && s.zone === pending.zone)
        : reported
          ? slots.findIndex((s) => slotMatches(s, reported))
          : -1;
      if (index < 0) index = nearestSlot(slots, droppableRects, center(collisionRect));
      const next = slots[Math.max(0, Math.min(slots.length - 1, index + (event.code === 'ArrowDown' ? 1 : -1)))];
      return next ? chosen(next) : undefined;
    }

    if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
      // Only other columns are candidates (plus the dragged row itself, which the getter looks up).
      const fromList = pending ? pending.data.listId : (reported?.listId ?? activeListId());
      const Containers = droppableContainers.constructor as new () => typeof droppableContainers;
      const candidates = new Containers();
      for (const container of droppableContainers.values()) {
        if (container.id === args.active || dropDataOf(container)?.listId !== fromList)
          candidates.set(container.id, container);
      }
      const moved = sortableKeyboardCoordinates(event, {
        ...args,
        context: { ...args.context, droppableContainers: candidates },
      });
      if (!moved) return undefined;
      const landing = { x: moved.x + collisionRect.width / 2, y: moved.y + collisionRect.height / 2 };
      // A card there wins over its column, which holds every card.
      let column: Slot | null = null;
      for (const container of candidates.getEnabled()) {
        const rect = droppableRects.get(container.id);
        const data = dropDataOf(container);
        if (!rect || !data || data.listId === fromList || !contains(rect, landing)) continue;
        if (data.type === 'task') return chosen({ id: container.id, data, zone: 'before' });
        column = { id: container.id, data, zone: null };
      }
      if (column) return chosen(column);
      last = null;
      return moved;
    }
    return undefined;
  };
}

function slotMatches(slot: Slot, target: DropTarget): boolean {
  if (target.kind === 'end') return slot.data.type === 'end' && slot.data.listId === target.listId;
  return slot.data.type === 'task' && slot.data.taskId === target.taskId && slot.zone === target.zone;
}

function nearestSlot(slots: readonly Slot[], rects: Map<DroppableContainer['id'], ClientRect>, p: Coordinates): number {
  let best = 0;
  let bestDistance = Infinity;
  slots.forEach((slot, i) => {
    const rect = rects.get(slot.id);
    if (!rect) return;
    const distance = Math.abs(slotProbe(slot, rect).y - p.y);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  });
  return best;
}

/** Drop places of one column in order: each measured row's before / onto / after, then the column's end. */
function columnSlots(
  listId: string | null,
  containers: DroppableContainer[],
  rects: Map<DroppableContainer['id'], ClientRect>,
): Slot[] {
  const rows: { id: DroppableContainer['id']; data: RowDropData }[] = [];
  let end: { id: DroppableContainer['id']; data: EndDropData } | null = null;
  for (const container of containers) {
    const data = dropDataOf(container);
    if (!data || data.listId !== listId || !rects.has(container.id)) continue;
    if (data.type === 'task') rows.push({ id: container.id, data });
    else end = { id: container.id, data };
  }
  rows.sort((a, b) => a.data.index - b.data.index);
  const slots: Slot[] = [];
  rows.forEach((row, i) => {
    slots.push({ ...row, zone: 'before' }, { ...row, zone: 'inside' });
    // "After" a task names the same place as "before" the next one, unless the next is shallower
    // (after the last subtask of a group is not the same as before the next parent).
    const next = rows[i + 1];
    if (!next || next.data.depth < row.data.depth) slots.push({ ...row, zone: 'after' });
  });
  if (end) slots.push({ ...end, zone: null });
  return slots;
}
