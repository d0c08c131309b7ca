import { describe, expect, it } from 'vitest';
import { generateEventId } from './domain/event-writes';

describe('generated event ids', () => {
  it('are 26 base32hex characters, unique within one millisecond', () => {
    const at = Date.UTC(2031, 0, 1, 9);
    const ids = Array.from({ length: 2000 }, () => generateEventId(at));
    for (const id of ids) expect(id).toMatch(/^[a-v0-9]{26}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Same time, same prefix; the rest differs.
    expect(new Set(ids.map((id) => id.slice(0, 10))).size).toBe(1);
    expect(new Set(ids.map((id) => id.slice(10))).size).toBe(ids.length);
  });

  it('sort in the order they were made, a millisecond apart or years', () => {
    const times = [0, 1, 31, 32, 1_000, Date.UTC(2026, 10, 26), Date.UTC(2026, 10, 26) + 1, Date.UTC(2400, 0, 1)];
    const ids = times.map((t) => generateEventId(t));
    expect([...ids].sort()).toEqual(ids);
  });
});
