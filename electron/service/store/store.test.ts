import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Migration, MigrationSet } from './migration';
import { appliedVersions, Store } from './store';

const notes1: Migration = {
  version: 1,
  name: 'notes',
  up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)'),
};
const notes2: Migration = {
  version: 2,
  name: 'note titles',
  up: (db) => db.exec("ALTER TABLE notes ADD COLUMN title TEXT NOT NULL DEFAULT 'untitled'"),
};
const notes3: Migration = {
  version: 3,
  name: 'tags',
  up: (db) => db.exec('CREATE TABLE tags (note_id INTEGER NOT NULL REFERENCES notes(id), tag TEXT NOT NULL)'),
};
const other: MigrationSet = {
  area: 'other',
  migrations: [{ version: 1, name: 'things', up: (db) => db.exec('CREATE TABLE things (id TEXT PRIMARY KEY)') }],
};

describe('Store migrations', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-store-'));
    file = join(dir, 'test.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies every set to a fresh database, in WAL mode with synchronous=FULL', () => {
    const store = new Store(file, [{ area: 'notes', migrations: [notes1, notes2, notes3] }, other]);
    try {
      expect(appliedVersions(store.db)).toEqual({ notes: 3, other: 1 });
      expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
      expect(store.db.pragma('wal_autocheckpoint', { simple: true })).toBe(4000);
      const tables = store.db
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all();
      expect(tables.map((t) => t.name)).toEqual(
        expect.arrayContaining(['notes', 'tags', 'things', 'schema_migrations']),
      );
    } finally {
      store.close();
    }
  });

  it('re-opening runs nothing again', () => {
    let runs = 0;
    const counted: MigrationSet = {
      area: 'notes',
      migrations: [{ ...notes1, up: (db) => (runs++, notes1.up(db)) }],
    };
    new Store(file, [counted]).close();
    const again = new Store(file, [counted]);
    try {
      expect(runs).toBe(1);
      expect(again.db.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({ n: 1 });
    } finally {
      again.close();
    }
  });

  it('upgrades a database at an older version and keeps its data', () => {
    const old = new Store(file, [{ area: 'notes', migrations: [notes1] }]);
    old.db.prepare('INSERT INTO notes (id, text) VALUES (?, ?)').run(7, 'keep me');
    old.close();

    const store = new Store(file, [{ area: 'notes', migrations: [notes1, notes2, notes3] }, other]);
    try {
      expect(appliedVersions(store.db)).toEqual({ notes: 3, other: 1 });
      expect(store.db.prepare('SELECT id, text, title FROM notes').all()).toEqual([
        { id: 7, text: 'keep me', title: 'untitled' },
      ]);
      store.db.prepare('INSERT INTO tags (note_id, tag) VALUES (7, ?)').run('x');
    } finally {
      store.close();
    }
  });

  it('refuses a set that is out of sequence, before touching the database', () => {
    expect(() => new Store(file, [{ area: 'notes', migrations: [notes1, notes3] }])).toThrow(/out of sequence/);
    expect(() => new Store(file, [{ area: 'notes', migrations: [notes2] }])).toThrow(/out of sequence/);
    const store = new Store(file, []);
    try {
      expect(store.db.prepare("SELECT name FROM sqlite_master WHERE name = 'notes'").get()).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('refuses a database newer than the program', () => {
    new Store(file, [{ area: 'notes', migrations: [notes1, notes2] }]).close();
    expect(() => new Store(file, [{ area: 'notes', migrations: [notes1] }])).toThrow(/newer than this program/);
  });

  it('leaves the previous version in place when a migration fails', () => {
    new Store(file, [{ area: 'notes', migrations: [notes1] }]).close();
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (db) => {
        db.exec('CREATE TABLE half_done (x INTEGER)');
        throw new Error('boom');
      },
    };
    expect(() => new Store(file, [{ area: 'notes', migrations: [notes1, broken] }])).toThrow('boom');
    const store = new Store(file, [{ area: 'notes', migrations: [notes1] }]);
    try {
      expect(appliedVersions(store.db)).toEqual({ notes: 1 });
      expect(store.db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    } finally {
      store.close();
    }
  });

  it('transaction commits all or nothing; prepare reuses compiled statements', () => {
    const store = new Store(file, [{ area: 'notes', migrations: [notes1] }]);
    try {
      expect(store.prepare('SELECT * FROM notes')).toBe(store.prepare('SELECT * FROM notes'));
      expect(() =>
        store.transaction(() => {
          store.prepare('INSERT INTO notes (id, text) VALUES (?, ?)').run(1, 'a');
          throw new Error('abort');
        }),
      ).toThrow('abort');
      expect(store.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });

  it('keeps a bounded number of prepared statements, the recently used ones', () => {
    const store = new Store(file, [{ area: 'notes', migrations: [notes1] }]);
    try {
      const hot = store.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM notes');
      const held = store.prepare<[number], { id: number; n: number }>('SELECT id, 1 AS n FROM notes WHERE id = ?');
      // SQL built from requests: one text per shape.
      for (let n = 1; n <= 1000; n++) {
        expect(store.prepare(`SELECT id, ${n} AS n FROM notes WHERE id = ?`).all(n)).toEqual([]);
        if (n % 100 === 0) expect(store.prepare('SELECT COUNT(*) AS n FROM notes')).toBe(hot);
      }
      expect(store.cachedStatements).toBe(500);
      expect(store.prepare('SELECT COUNT(*) AS n FROM notes')).toBe(hot);
      // A statement dropped from the cache still works for whoever holds it; asking again compiles it anew.
      expect(held.all(1)).toEqual([]);
      expect(store.prepare('SELECT id, 1 AS n FROM notes WHERE id = ?')).not.toBe(held);
    } finally {
      store.close();
    }
  });
});
