import type { EventHead } from './events-repository';
import type { EventResource } from './event-types';
import type { Occurrence, SeriesTemplate } from './occurrences';

/** Keys of the expanded listing: (start instant, event id). */
export const compareKeys = (a: [number, string], b: [number, string]): number =>
  a[0] !== b[0] ? a[0] - b[0] : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;

/** A series being merged into an expanded listing, at its next occurrence. */
export interface SeriesCursor {
  occurrences: Occurrence[];
  index: number;
  row: EventHead;
  resource: EventResource;
  template: SeriesTemplate;
}

/** A binary min-heap of series cursors ordered by their next occurrence's (start, id). */
export class OccurrenceHeap {
  private readonly items: SeriesCursor[] = [];

  push(item: SeriesCursor): void {
    if (item.index >= item.occurrences.length) return;
    this.items.push(item);
    this.up(this.items.length - 1);
  }

  peekKey(): [number, string] | undefined {
    const top = this.items[0];
    const occurrence = top?.occurrences[top.index];
    return occurrence ? [occurrence.startMs, occurrence.id] : undefined;
  }

  pop(): { occurrence: Occurrence; cursor: SeriesCursor } | undefined {
    const top = this.items[0];
    if (!top) return undefined;
    const occurrence = top.occurrences[top.index];
    if (!occurrence) return undefined;
    top.index += 1;
    if (top.index >= top.occurrences.length) {
      const last = this.items.pop();
      if (last && this.items.length > 0 && last !== top) {
        this.items[0] = last;
      }
    }
    if (this.items.length > 0) this.down(0);
    return { occurrence, cursor: top };
  }

  /** Whether item `a` orders before item `b` (by next occurrence start, then id). */
  private less(a: number, b: number): boolean {
    const x = this.items[a];
    const y = this.items[b];
    const ox = x?.occurrences[x.index];
    const oy = y?.occurrences[y.index];
    if (!ox || !oy) return Boolean(ox);
    return ox.startMs !== oy.startMs ? ox.startMs < oy.startMs : ox.id < oy.id;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < this.items.length && this.less(l, smallest)) smallest = l;
      if (r < this.items.length && this.less(r, smallest)) smallest = r;
      if (smallest === i) return;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  private swap(a: number, b: number): void {
    const x = this.items[a];
    const y = this.items[b];
    if (x && y) {
      this.items[a] = y;
      this.items[b] = x;
    }
  }
}

/** First index whose (start, id) is after `after`. */
export function firstAfter(occurrences: Occurrence[], after: [number, string]): number {
  let lo = 0;
  let hi = occurrences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const o = occurrences[mid];
    if (o && compareKeys([o.startMs, o.id], after) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
