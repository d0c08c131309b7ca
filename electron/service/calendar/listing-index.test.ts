import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../store/store';
import { EventsRepository } from './domain/events-repository';
import { calendarMigrations } from './schema';
import { storedEventRow } from './test-support';

describe('the default event listing without its covering index', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('drops the index from a database that had it and still reads keys in id order through the unique key', () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-listing-index-'));
    const file = join(dir, 'db.sqlite');
    const before = new Store(file, [{ ...calendarMigrations, migrations: calendarMigrations.migrations.slice(0, 4) }]);
    const indexes = (store: Store) =>
      store.db
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'calendar_events' ORDER BY name",
        )
        .all()
        .map((r) => r.name);
    expect(indexes(before)).toContain('calendar_events_listing_by_id');
    const old = new EventsRepository(before);
    for (const id of ['c', 'a', 'e', 'b', 'd'])
      old.insert(storedEventRow(id, { status: id === 'b' ? 'cancelled' : 'confirmed' }));
    before.close();

    const store = new Store(file, [calendarMigrations]);
    try {
      expect(indexes(store)).not.toContain('calendar_events_listing_by_id');
      const events = new EventsRepository(store);
      expect(events.keysById('cal@example.com', 'a', 3).map((k) => [k.event_id, k.status])).toEqual([
        ['b', 'cancelled'],
        ['c', 'confirmed'],
        ['d', 'confirmed'],
      ]);
      const plan = store.db
        .prepare<[], { detail: string }>(
          `EXPLAIN QUERY PLAN SELECT pk, event_id, change_seq, status, recurring_event_id FROM calendar_events
             WHERE calendar_id = 'cal@example.com' AND event_id > 'a' ORDER BY event_id LIMIT 3`,
        )
        .all()
        .map((r) => r.detail);
      expect(plan).toEqual([
        'SEARCH calendar_events USING INDEX sqlite_autoindex_calendar_events_1 (calendar_id=? AND event_id>?)',
      ]);
    } finally {
      store.close();
    }
  });
});
