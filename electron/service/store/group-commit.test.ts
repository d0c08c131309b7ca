import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  describe('waiting for the writers of the last groups', () => {
    // Time moves only when the test says so, and each commit takes 1 ms of it: which writes share a
    // commit does not depend on the machine's speed.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'performance'] });
      const original = store.prepare.bind(store);
      vi.spyOn(store, 'prepare').mockImplementation((sql: string) => {
        // Nothing else is due while a commit runs, so moving the clock here runs no other callback.
        if (sql === 'COMMIT') vi.advanceTimersByTime(1);
        return original(sql);
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.useRealTimers();
    });

    const clients = Array.from({ length: 10 }, () => ({}));
    const group = (writers: object[], label: string) => {
      for (const [i, client] of writers.entries())
        store.asWriter(client, () => store.transaction(() => insert(`${label} ${i}`)));
    };
    /** Runs the commit scheduled at the end of this turn, if it is not waiting. */
    const endTurn = () => vi.advanceTimersByTime(0);

    it('gathers the clients of the last two groups into one commit, committing as soon as the last has joined', async () => {
      // Two halves of the clients alternate: each half's group commits while the other half waits for its answers.
      group(clients.slice(0, 5), 'first');
      endTurn();
      group(clients.slice(5), 'second');
      endTurn();
      vi.advanceTimersByTime(2); // the first half did not come back in time
      const before = { ...store.commits };
      expect(before.writes).toBe(10);

      group(clients.slice(0, 5), 'third');
      endTurn();
      vi.advanceTimersByTime(0.5);
      expect(store.commits.count).toBe(before.count);
      expect(committed()).not.toContain('third 0');
      group(clients.slice(5), 'fourth');
      endTurn();
      expect(store.commits).toEqual({ count: before.count + 1, writes: before.writes + 10 });
      await store.pendingCommit;
      expect(committed()).toContain('fourth 4');
    });

    it('does not hold a lone writer', () => {
      group(clients.slice(0, 1), 'one');
      endTurn();
      const before = { ...store.commits };
      group(clients.slice(0, 1), 'two');
      endTurn();
      expect(store.commits).toEqual({ count: before.count + 1, writes: before.writes + 1 });
    });

    it('stops waiting for a writer that does not come back after about one commit time', () => {
      group(clients.slice(0, 2), 'pair');
      endTurn();
      const before = { ...store.commits };
      group(clients.slice(0, 1), 'again');
      endTurn();
      expect(store.commits.count).toBe(before.count);
      vi.advanceTimersByTime(2);
      expect(store.commits).toEqual({ count: before.count + 1, writes: before.writes + 1 });
    });
  });
});
