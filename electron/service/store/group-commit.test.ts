import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MigrationSet } from './migration';
import { Store } from './store';

const notes: MigrationSet = {
  area: 'notes',
  migrations: [
    {
      version: 1,
      name: 'notes',
      up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)'),
    },
  ],
};

describe('Store group commit', () => {
  let dir: string;
  let file: string;
  let store: Store;
  let reader: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-group-commit-'));
    file = join(dir, 'test.sqlite');
    store = new Store(file, [notes], { groupCommit: true });
    reader = new Database(file, { readonly: true });
  });
  afterEach(() => {
    reader.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (text: string) => store.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
  /** What another connection (another process after a crash) sees: only committed rows. */
  const committed = () =>
    (reader.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map((r) => r.text);

  it('commits writes made in the same turn once, together, and only then settles pendingCommit', async () => {
    store.transaction(() => insert('a'));
    const first = store.pendingCommit;
    store.transaction(() => insert('b'));
    expect(store.pendingCommit).toBe(first);
    expect(first).toBeDefined();
    // The writer's own connection sees both; nothing is durable yet.
    expect(store.prepare('SELECT count(*) AS n FROM notes').get()).toEqual({ n: 2 });
    expect(committed()).toEqual([]);

    await first;
    expect(committed()).toEqual(['a', 'b']);
    expect(store.pendingCommit).toBeUndefined();
  });

  it('rolls back only the transaction that threw; the others of its group are kept', async () => {
    store.transaction(() => insert('kept'));
    expect(() =>
      store.transaction(() => {
        insert('dropped');
        insert('kept'); // violates UNIQUE
      }),
    ).toThrow(/UNIQUE/);
    store.transaction(() => {
      // A nested transaction that throws is undone alone too.
      expect(() =>
        store.transaction(() => {
          insert('inner');
          throw new Error('no');
        }),
      ).toThrow('no');
      insert('outer');
    });
    await store.pendingCommit;
    expect(committed()).toEqual(['kept', 'outer']);
  });

  it('starts a new group for writes after a commit, and commits an open group on close', async () => {
    store.transaction(() => insert('one'));
    await store.pendingCommit;
    store.transaction(() => insert('two'));
    const second = store.pendingCommit;
    expect(second).toBeDefined();
    store.close();
    await expect(second).resolves.toBeUndefined();
    expect(committed()).toEqual(['one', 'two']);
  });

  it('reports inTransaction only inside a transaction callback, not while a group waits for its commit', async () => {
    expect(store.inTransaction).toBe(false);
    store.transaction(() => expect(store.inTransaction).toBe(true));
    expect(store.inTransaction).toBe(false);
    expect(store.db.inTransaction).toBe(true);
    await store.pendingCommit;
    expect(store.db.inTransaction).toBe(false);
  });
});
