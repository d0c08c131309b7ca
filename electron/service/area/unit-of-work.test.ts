import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelHub } from '../channels/channel-hub';
import { Store } from '../store/store';
import { UnitsOfWork } from './unit-of-work';

describe('units of work', () => {
  let dir: string;
  let store: Store;
  let heard: string[];
  let units: UnitsOfWork;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-unit-'));
    store = new Store(join(dir, 'db.sqlite'), [
      {
        area: 'probe',
        migrations: [{ version: 1, name: 'notes', up: (db) => db.exec('CREATE TABLE notes (t TEXT)') }],
      },
    ]);
    heard = [];
    const channels = {
      notify(key: string, state: string, changed?: readonly string[]) {
        // What the database holds when a watcher hears of the change.
        const rows = store.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM notes').get()!.n;
        heard.push(`${key} ${state}${changed ? ` [${changed.join(',')}]` : ''} rows=${rows}`);
      },
    } as Pick<ChannelHub, 'notify'> as ChannelHub;
    units = new UnitsOfWork({ store, channels });
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert = (t: string) => store.prepare('INSERT INTO notes (t) VALUES (?)').run(t);

  it('announces after the commit, merging what one key and state changed', () => {
    const effects: string[] = [];
    const result = units.write((work) => {
      insert('a');
      work.notify('k', 'update', ['title']);
      work.notify('k', 'update', ['owners', 'title']);
      work.notify('k', 'trash');
      work.afterCommit(() => effects.push(`after rows=${store.db.inTransaction ? 'open' : 'committed'}`));
      expect(heard).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(heard).toEqual(['k update [title,owners] rows=1', 'k trash rows=1']);
    expect(effects).toEqual(['after rows=committed']);
  });

  it('a write that throws is rolled back and announces nothing', () => {
    const effects: string[] = [];
    expect(() =>
      units.write((work) => {
        insert('a');
        work.notify('k', 'update');
        work.afterCommit(() => effects.push('ran'));
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(store.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 0 });
    expect(heard).toEqual([]);
    expect(effects).toEqual([]);
    // The next write starts afresh.
    units.write((work) => work.notify('k', 'add'));
    expect(heard).toEqual(['k add rows=0']);
  });

  it('a write inside another joins it: one transaction, announced once at the end', () => {
    units.write((outer) => {
      insert('a');
      outer.notify('k', 'add');
      units.write((inner) => {
        expect(inner).toBe(outer);
        insert('b');
        inner.notify('k', 'add', ['x']);
      });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['k add [x] rows=2']);
  });
});
