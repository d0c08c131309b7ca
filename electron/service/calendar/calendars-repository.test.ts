import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../store/store';
import { CalendarsRepository, type NewCalendar } from './domain/calendars-repository';
import { calendarMigrations } from './schema';

const calendar = (id: string): NewCalendar => ({
  id,
  owner_email: id,
  is_primary: 1,
  summary: id,
  description: null,
  location: null,
  time_zone: 'UTC',
  change_seq: 1,
});

describe.each([false, true])('calendars repository (group commit %s)', (groupCommit) => {
  let dir: string;
  let store: Store;
  let calendars: CalendarsRepository;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-calendars-'));
    store = new Store(join(dir, 'test.sqlite'), [calendarMigrations], { groupCommit });
    calendars = new CalendarsRepository(store);
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const storedSpan = (id: string) =>
    store
      .prepare<[string], { span: number }>('SELECT max_event_span_ms AS span FROM calendar_calendars WHERE id = ?')
      .get(id)?.span;

  it('finds a calendar created after it was looked up and found missing, through any repository', () => {
    expect(calendars.get('a@example.com')).toBeUndefined();
    expect(calendars.get('a@example.com')).toBeUndefined();
    new CalendarsRepository(store).insert(calendar('a@example.com'), 0);
    expect(calendars.get('a@example.com')).toMatchObject({ id: 'a@example.com', is_primary: 1 });
  });

  it('finds a calendar again when its deletion was rolled back', () => {
    store.transaction(() => calendars.insert(calendar('b@example.com'), 0));
    expect(() =>
      store.transaction(() => {
        calendars.delete('b@example.com');
        expect(calendars.get('b@example.com')).toBeUndefined();
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(calendars.get('b@example.com')).toMatchObject({ id: 'b@example.com' });
  });

  it("reads a calendar's row once, and again after each of its writes", () => {
    calendars.insert(calendar('e@example.com'), 0);
    const first = calendars.get('e@example.com')!;
    expect(calendars.get('e@example.com')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    calendars.update({ ...first, summary: 'Renamed', time_zone: 'Europe/Berlin', change_seq: 2 });
    expect(calendars.get('e@example.com')).toMatchObject({ summary: 'Renamed', time_zone: 'Europe/Berlin' });
    calendars.widenEventSpan(calendars.get('e@example.com')!, 5_000);
    expect(calendars.get('e@example.com')!.max_event_span_ms).toBe(5_000);
    calendars.delete('e@example.com');
    expect(calendars.get('e@example.com')).toBeUndefined();
  });

  it('reads the row as stored again when an update of it was rolled back', () => {
    calendars.insert(calendar('f@example.com'), 0);
    const before = calendars.get('f@example.com')!;
    expect(() =>
      store.transaction(() => {
        calendars.update({ ...before, summary: 'Undone', change_seq: 2 });
        expect(calendars.get('f@example.com')!.summary).toBe('Undone');
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(calendars.get('f@example.com')).toMatchObject({ summary: 'f@example.com', change_seq: 1 });
  });

  it('counts every rolled-back transaction', () => {
    const before = store.rollbacks;
    store.transaction(() => calendars.insert(calendar('c@example.com'), 0));
    expect(store.rollbacks).toBe(before);
    expect(() =>
      store.transaction(() => {
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(store.rollbacks).toBe(before + 1);
  });

  it('widens the stored event span only beyond the span of the row read, and never narrows it', () => {
    calendars.insert(calendar('d@example.com'), 0);
    const row = calendars.get('d@example.com')!;
    calendars.widenEventSpan(row, 3_600_000);
    expect(storedSpan('d@example.com')).toBe(3_600_000);
    // A row read before that write: the statement runs, and its condition keeps the longer span.
    calendars.widenEventSpan(row, 60_000);
    expect(storedSpan('d@example.com')).toBe(3_600_000);
    calendars.widenEventSpan(calendars.get('d@example.com')!, 7_200_000);
    expect(storedSpan('d@example.com')).toBe(7_200_000);
    // Within the span of the row as read, nothing is written (the row says the stored span is at least that).
    calendars.widenEventSpan({ id: 'd@example.com', max_event_span_ms: 10_000_000 }, 9_000_000);
    expect(storedSpan('d@example.com')).toBe(7_200_000);
  });
});
