import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, Store } from '../store/store';
import { ChangeRecorder, latestChangeSeq } from './domain/change-log';
import { calendarMigrations } from './schema';

describe('calendar change log migration', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every logged change and its number, and numbers the next change after the largest', () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-change-log-'));
    const db = new Database(join(dir, 'db.sqlite'));
    try {
      // A database written before the change: AUTOINCREMENT, its counter in sqlite_sequence.
      applyMigrations(db, [{ ...calendarMigrations, migrations: calendarMigrations.migrations.slice(0, 2) }]);
      const log = db.prepare('INSERT INTO calendar_change_log (collection, item_id, changed_at) VALUES (?, ?, ?)');
      for (let i = 0; i < 5; i++) log.run('events:a', `e${i}`, 1000 + i);
      expect(db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'calendar_change_log'").get()).toEqual({
        seq: 5,
      });

      applyMigrations(db, [{ ...calendarMigrations, migrations: calendarMigrations.migrations.slice(0, 3) }]);
      expect(db.prepare('SELECT seq, item_id, changed_at FROM calendar_change_log ORDER BY seq').all()).toEqual(
        Array.from({ length: 5 }, (_, i) => ({ seq: i + 1, item_id: `e${i}`, changed_at: 1000 + i })),
      );
      const sql = (
        db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'calendar_change_log'").get() as {
          sql: string;
        }
      ).sql;
      expect(sql).not.toMatch(/AUTOINCREMENT/i);
      expect(
        db.prepare("SELECT count(*) AS n FROM sqlite_sequence WHERE name LIKE 'calendar_change_log%'").get(),
      ).toEqual({
        n: 0,
      });
      const next = db
        .prepare('INSERT INTO calendar_change_log (collection, item_id, changed_at) VALUES (?, ?, ?)')
        .run('events:a', 'e5', 2000);
      expect(Number(next.lastInsertRowid)).toBe(6);
    } finally {
      db.close();
    }
  });

  it('replaces the log by a counter that goes on from its largest number, and numbers the next change after it', () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-change-counter-'));
    const file = join(dir, 'db.sqlite');
    const db = new Database(file);
    try {
      applyMigrations(db, [{ ...calendarMigrations, migrations: calendarMigrations.migrations.slice(0, 5) }]);
      const log = db.prepare('INSERT INTO calendar_change_log (collection, item_id, changed_at) VALUES (?, ?, ?)');
      for (let i = 0; i < 7; i++) log.run('events:a', `e${i}`, 1000 + i);
    } finally {
      db.close();
    }
    const store = new Store(file, [calendarMigrations]);
    try {
      expect(
        store.db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'calendar_change_log'").get(),
      ).toEqual({ n: 0 });
      expect(latestChangeSeq(store)).toBe(7);
      const changes = new ChangeRecorder(store, 2000);
      expect(store.transaction(() => [changes.record('events:a'), changes.record('acl:a')])).toEqual([8, 9]);
      // A change rolled back gives its number back; nothing after it is skipped or repeated.
      expect(() =>
        store.transaction(() => {
          changes.record('events:a');
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(latestChangeSeq(store)).toBe(9);
      expect(store.transaction(() => changes.record('events:a'))).toBe(10);
    } finally {
      store.close();
    }
  });
});
