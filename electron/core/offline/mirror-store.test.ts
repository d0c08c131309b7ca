import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MirrorStore } from './mirror-store';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-mirror-store-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('reads a calendar’s events around a range through the time-span index, never the whole calendar', () => {
  const store = new MirrorStore(join(dir, 'mirror.sqlite'));
  const day = 86_400_000;
  const first = Date.UTC(2026, 0, 1, 9);
  store.transaction(() => {
    for (let i = 0; i < 400; i++) {
      const start = new Date(first + i * day).toISOString();
      const end = new Date(first + i * day + 3_600_000).toISOString();
      store.put('events', 'cal', `e${i}`, { id: `e${i}`, start: { dateTime: start }, end: { dateTime: end } }, null);
    }
    store.put(
      'events',
      'cal',
      'series',
      {
        id: 'series',
        start: { dateTime: '2025-06-01T10:00:00Z' },
        end: { dateTime: '2025-06-01T11:00:00Z' },
        recurrence: ['RRULE:FREQ=WEEKLY'],
      },
      null,
    );
  });
  const from = first + 100 * day;
  const found = store.eventsAround('cal', from, from + 7 * day).map((event) => event.id);
  expect(found).toEqual(expect.arrayContaining(['series', 'e100', 'e106']));
  expect(found).not.toContain('e90');
  expect(found.length).toBeLessThan(20);
  // How SQLite answers the reads eventsAround makes: by the span index, not a walk of the partition.
  const sources = (store as unknown as { statements: Record<string, { source: string }> }).statements;
  for (const name of ['itemsInSpan', 'itemsWithoutSpan']) {
    const plan = store.db
      .prepare(`EXPLAIN QUERY PLAN ${sources[name]!.source}`)
      .all(...(name === 'itemsInSpan' ? ['events', 'cal', 0, 1, 0] : ['events', 'cal'])) as { detail: string }[];
    expect(plan.map((row) => row.detail).join('; '), name).toMatch(/USING INDEX items_span/);
  }
  store.close();
});

it('lists task lists in the order the server gave, with lists it has not named yet after them', () => {
  const store = new MirrorStore(join(dir, 'order.sqlite'));
  store.transaction(() => {
    for (const id of ['zz-default', 'aa-errands', 'mm-work', 'bb-made-offline'])
      store.put('tasklists', '', id, { id, title: id }, null);
  });
  expect(store.list('tasklists', '').map((list) => list.id)).toEqual([
    'aa-errands',
    'bb-made-offline',
    'mm-work',
    'zz-default',
  ]);
  store.transaction(() => store.setOrder('tasklists', '', ['zz-default', 'mm-work', 'aa-errands']));
  expect(store.list('tasklists', '').map((list) => list.id)).toEqual([
    'zz-default',
    'mm-work',
    'aa-errands',
    'bb-made-offline',
  ]);
  store.close();
});
