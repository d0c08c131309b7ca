import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MigrationSet } from './migration';
import { Store } from './store';

const schema: MigrationSet = {
  area: 'counted',
  migrations: [
    {
      version: 1,
      name: 'counter and rows',
      up: (db) =>
        db.exec(`CREATE TABLE counter (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL);
                 INSERT INTO counter (id, seq) VALUES (1, 0);
                 CREATE TABLE rows (seq INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE);
                 CREATE TABLE children (parent INTEGER REFERENCES rows(seq) DEFERRABLE INITIALLY DEFERRED);`),
    },
  ],
};

for (const groupCommit of [true, false]) {
  describe(`StoredCounter (${groupCommit ? 'group commit' : 'a commit per write'})`, () => {
    let dir: string;
    let store: Store;
    let reader: Database.Database;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'atrium-counter-'));
      const file = join(dir, 'test.sqlite');
      store = new Store(file, [schema], { groupCommit });
      reader = new Database(file, { readonly: true });
    });
    afterEach(() => {
      reader.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    const counter = () => store.counter('counter', 'seq');
    /** A write that numbers its row from the counter. */
    const write = (text: string) =>
      store.transaction(() => {
        const seq = counter().next();
        store.prepare('INSERT INTO rows (seq, text) VALUES (?, ?)').run(seq, text);
        return seq;
      });
    /** What another connection sees: the committed counter row. */
    const committedSeq = () => (reader.prepare('SELECT seq FROM counter WHERE id = 1').get() as { seq: number }).seq;
    const settled = async () => {
      await store.pendingCommit;
    };

    it('hands out 1, 2, 3 … and writes the row back by the time the writes are durable', async () => {
      expect([write('a'), write('b'), write('c')]).toEqual([1, 2, 3]);
      // What this connection reads back includes the writes not yet committed.
      expect(counter().current()).toBe(3);
      await settled();
      expect(committedSeq()).toBe(3);
      expect(write('d')).toBe(4);
      await settled();
      expect(committedSeq()).toBe(4);
      expect(counter().current()).toBe(4);
    });

    it('gives back the numbers of a write that is rolled back, nested or not', async () => {
      expect(write('kept')).toBe(1);
      // The UNIQUE violation comes after the number was taken: the write is undone with its number.
      expect(() => write('kept')).toThrow(/UNIQUE/);
      expect(counter().current()).toBe(1);
      const outer = store.transaction(() => {
        const own = counter().next();
        expect(() =>
          store.transaction(() => {
            counter().next();
            counter().next();
            throw new Error('undone');
          }),
        ).toThrow('undone');
        return [own, counter().next()];
      });
      expect(outer).toEqual([2, 3]);
      expect(write('after')).toBe(4);
      await settled();
      expect(committedSeq()).toBe(4);
      expect(reader.prepare('SELECT seq, text FROM rows ORDER BY seq').all()).toEqual([
        { seq: 1, text: 'kept' },
        { seq: 4, text: 'after' },
      ]);
    });

    it('reads the row afresh after a commit, so a number another connection took is not handed out again', async () => {
      expect(write('a')).toBe(1);
      await settled();
      store.db.prepare('UPDATE counter SET seq = 41 WHERE id = 1').run();
      expect(write('b')).toBe(42);
      await settled();
      expect(committedSeq()).toBe(42);
    });

    it('outside any transaction, updates the row at once', () => {
      expect(counter().next()).toBe(1);
      expect(committedSeq()).toBe(1);
      expect(counter().current()).toBe(1);
    });
  });
}

describe('StoredCounter when a group commit fails', () => {
  it('forgets what the failed group counted: the next group starts from the committed row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atrium-counter-'));
    const store = new Store(join(dir, 'test.sqlite'), [schema], { groupCommit: true, onCommitFailure: () => {} });
    try {
      const counter = store.counter('counter', 'seq');
      store.transaction(() => counter.next());
      await store.pendingCommit;
      store.transaction(() => counter.next());
      store.transaction(() => counter.next());
      expect(counter.current()).toBe(3);
      // A deferred foreign key is checked at COMMIT: this group's commit fails, and nothing of it is kept.
      store.transaction(() => store.prepare('INSERT INTO children (parent) VALUES (99)').run());
      await expect(store.pendingCommit).rejects.toThrow(/FOREIGN KEY/);
      expect(counter.current()).toBe(1);
      expect(store.transaction(() => counter.next())).toBe(2);
      await store.pendingCommit;
      expect(counter.current()).toBe(2);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
