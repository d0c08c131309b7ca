import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Slots for the rows of a virtual list, used as React keys: a row keeps its slot while it stays in
 * the rendered range, and rows scrolled out hand theirs to rows scrolled in. No two rows rendered
 * together ever share a slot.
 */
export function assignSlots(previous: ReadonlyMap<number, number>, indexes: readonly number[]): Map<number, number> {
  const next = new Map<number, number>();
  const wanted = new Set(indexes);
  const free: number[] = [];
  for (const [index, slot] of previous) if (!wanted.has(index)) free.push(slot);
  const taken = new Set<number>();
  for (const index of indexes) {
    const kept = previous.get(index);
    if (kept !== undefined) {
      next.set(index, kept);
      taken.add(kept);
    }
  }
  let fresh = 0;
  for (const index of indexes) {
    if (next.has(index)) continue;
    let slot = free.pop();
    if (slot === undefined) {
      while (taken.has(fresh) || free.includes(fresh)) fresh += 1;
      slot = fresh;
    }
    taken.add(slot);
    next.set(index, slot);
  }
  return next;
}

/** How long after the last scroll a list counts as settled. */
const settleMs = 500;

/** False from a scroll of `element` until it has been still for a moment. */
function useSettled(element: RefObject<HTMLElement | null>): boolean {
  const [settled, setSettled] = useState(true);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer === undefined) setSettled(false);
      else clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        setSettled(true);
      }, settleMs);
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      target.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [element]);
  return settled;
}

export interface RecycledRow<Row> {
  row: Row;
  slot: number;
}

/**
 * The rows of a virtual list in the order to render them, each with its slot as its React key.
 *
 * While the list scrolls, rows are rendered in slot order: a row scrolled out is reused for one
 * scrolled in (React changes a few attributes and text nodes of the same elements) and no element
 * moves in the DOM. Moving or creating an element makes the browser build its style and layout
 * again, which for a screenful of rows a frame is most of a frame's work. Once the list has settled
 * the rows are put back in display order, for assistive technology and anything else reading the
 * DOM in order; rows also carry their position (`aria-rowindex`).
 */
export function useRecycledRows<Row extends { index: number }>(
  rows: readonly Row[],
  scroller: RefObject<HTMLElement | null>,
): RecycledRow<Row>[] {
  const settled = useSettled(scroller);
  const slots = useRef<Map<number, number>>(new Map());
  // Kept during render: a render React repeats finds every row already placed and gets the same
  // slots, and one it drops only leaves an assignment that is itself free of duplicates.
  const next = assignSlots(
    slots.current,
    rows.map((row) => row.index),
  );
  slots.current = next;
  const placed = rows.map((row) => ({ row, slot: next.get(row.index) ?? 0 }));
  return settled ? placed : placed.sort((a, b) => a.slot - b.slot);
}
