import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignSlots } from './row-slots';

const range = (start: number, count: number) => Array.from({ length: count }, (_, i) => start + i);

describe('assignSlots', () => {
  it('numbers the first rows in order', () => {
    expect([...assignSlots(new Map(), range(0, 4))]).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it('hands the slots of rows scrolled out to the rows scrolled in, and keeps the rest', () => {
    const first = assignSlots(new Map(), range(0, 5));
    const next = assignSlots(first, range(3, 5));
    expect(next.get(3)).toBe(3);
    expect(next.get(4)).toBe(4);
    expect(new Set([next.get(5), next.get(6), next.get(7)])).toEqual(new Set([0, 1, 2]));
    // A jump far away reuses every slot.
    const far = assignSlots(next, range(900, 5));
    expect(new Set(far.values())).toEqual(new Set([0, 1, 2, 3, 4]));
  });

  it('never gives two rows the same slot, keeps slots of rows that stay, and uses no more slots than needed', () => {
    const windows = fc.array(fc.tuple(fc.nat(200), fc.integer({ min: 0, max: 30 })), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(windows, (steps) => {
        let slots = new Map<number, number>();
        let largest = 0;
        for (const [start, count] of steps) {
          const indexes = range(start, count);
          const next = assignSlots(slots, indexes);
          expect(new Set(next.keys())).toEqual(new Set(indexes));
          expect(new Set(next.values()).size).toBe(count);
          for (const index of indexes) if (slots.has(index)) expect(next.get(index)).toBe(slots.get(index));
          largest = Math.max(largest, count);
          for (const slot of next.values()) expect(slot).toBeLessThan(largest);
          slots = next;
        }
      }),
    );
  });
});
