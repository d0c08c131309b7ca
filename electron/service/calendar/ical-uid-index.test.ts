import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations, Store } from '../store/store';
import { EventsRepository, type NewEventRow } from './domain/events-repository';
import { calendarMigrations } from './schema';
import { storedEventRow } from './test-support';

const row = (eventId: string, icalUid: string, calendarId = 'cal@example.com'): NewEventRow =>
  storedEventRow(eventId, { icalUid, calendarId });

describe('events by iCalUID', () => {
  let dir: string;
  let store: Store;
  let events: EventsRepository;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-ical-uid-'));
    store = new Store(join(dir, 'test.sqlite'), [calendarMigrations]);
    events = new EventsRepository(store);
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const indexed = () =>
    store.db
      .prepare<[], { event_id: string }>(
        "SELECT event_id FROM calendar_events INDEXED BY calendar_events_by_ical_uid WHERE calendar_id = 'cal@example.com' AND ical_uid != event_id || '@google.com' ORDER BY event_id",
      )
      .all()
      .map((r) => r.event_id);

  it('finds events by a uid made from their id, by one given, and the exceptions sharing it, in id order', () => {
    events.insert(row('series1', 'series1@google.com'));
    events.insert(row('series1_20300101T090000Z', 'series1@google.com'));
    events.insert(row('aaa0imported', 'meeting@example.com'));
    events.insert(row('zzz0imported', 'meeting@example.com'));
    events.insert(row('other01', 'other01@google.com'));
    events.insert(row('series1', 'series1@google.com', 'elsewhere@example.com'));
    // A uid that looks made from an id, on an event with another id.
    events.insert(row('mismatch1', 'other01@google.com'));

    const ids = (uid: string) => events.byICalUid('cal@example.com', uid).map((r) => r.event_id);
    expect(ids('series1@google.com')).toEqual(['series1', 'series1_20300101T090000Z']);
    expect(ids('meeting@example.com')).toEqual(['aaa0imported', 'zzz0imported']);
    expect(ids('other01@google.com')).toEqual(['mismatch1', 'other01']);
    expect(ids('series1@GOOGLE.com')).toEqual([]);
    expect(ids('missing@google.com')).toEqual([]);
    // Only uids not made from the row's own id take index entries.
    expect(indexed()).toEqual(['aaa0imported', 'mismatch1', 'series1_20300101T090000Z', 'zzz0imported']);
  });

  it('reads through the uid index and the unique key, not by walking the calendar', () => {
    const plan = store.db
      .prepare<[{ calendar: string; uid: string; madeFrom: string }], { detail: string }>(
        `EXPLAIN QUERY PLAN SELECT * FROM calendar_events
           WHERE calendar_id = @calendar AND ical_uid = @uid AND ical_uid != event_id || '@google.com'
         UNION ALL
         SELECT * FROM calendar_events WHERE calendar_id = @calendar AND event_id = @madeFrom AND ical_uid = @uid`,
      )
      .all({ calendar: 'c', uid: 'u@google.com', madeFrom: 'u' })
      .map((r) => r.detail);
    expect(plan).toContain(
      'SEARCH calendar_events USING INDEX calendar_events_by_ical_uid (calendar_id=? AND ical_uid=?)',
    );
    expect(plan).toContain(
      'SEARCH calendar_events USING INDEX sqlite_autoindex_calendar_events_1 (calendar_id=? AND event_id=?)',
    );
  });
});

describe('iCalUID index migration', () => {
  it('keeps entries only for uids not made from the event id', () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-ical-migration-'));
    const db = new Database(join(dir, 'db.sqlite'));
    try {
      applyMigrations(db, [{ ...calendarMigrations, migrations: calendarMigrations.migrations.slice(0, 3) }]);
      const insert = db.prepare(
        `INSERT INTO calendar_events (calendar_id, event_id, ical_uid, status, is_series, start_ms, end_ms, updated_ms,
           change_seq, search_text, resource) VALUES ('c', ?, ?, 'confirmed', 0, 0, 1, 0, 1, '', '{}')`,
      );
      insert.run('made1', 'made1@google.com');
      insert.run('given1', 'given@example.com');
      applyMigrations(db, [calendarMigrations]);
      const entries = db
        .prepare(
          "SELECT event_id FROM calendar_events INDEXED BY calendar_events_by_ical_uid WHERE calendar_id = 'c' AND ical_uid != event_id || '@google.com'",
        )
        .all();
      expect(entries).toEqual([{ event_id: 'given1' }]);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
