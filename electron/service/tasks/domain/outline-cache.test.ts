import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../store/store';
import { tasksMigrations } from '../schema';
import { TasksRepository } from './repository';

describe('outline cache', () => {
  let dir: string;
  let store: Store;
  let repo: TasksRepository;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-outlines-'));
    store = new Store(join(dir, 'db.sqlite'), [tasksMigrations]);
    repo = new TasksRepository(store);
  });
  afterEach(() => {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A list of `count` top-level tasks, written straight to the table. */
  function list(id: string, count: number): void {
    const now = '2030-01-01T00:00:00.000Z';
    store.transaction(() => {
      store
        .prepare('INSERT INTO tasks_lists (id, user_id, title, updated, seq) VALUES (?, ?, ?, ?, ?)')
        .run(id, 'u', id, now, 0);
      const task = store.prepare(
        'INSERT INTO tasks_items (id, list_id, user_id, position, updated, created) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (let i = 0; i < count; i++) task.run(`${id}-${i}`, id, 'u', String(i).padStart(8, '0'), now, now);
    });
  }

  it('keeps at most 64 lists, dropping the earliest filled', () => {
    for (let i = 0; i < 70; i++) list(`l${i}`, 2);
    for (let i = 0; i < 70; i++) expect(repo.outlineOf(`l${i}`).map((t) => t.id)).toEqual([`l${i}-0`, `l${i}-1`]);
    expect(repo.outlineCacheSize()).toEqual({ lists: 64, rows: 128 });
    // l69 is still cached (the same array), l0 was dropped and is read again.
    expect(repo.outlineOf('l69')).toBe(repo.outlineOf('l69'));
    const again = repo.outlineOf('l0');
    expect(again).toHaveLength(2);
    expect(repo.outlineCacheSize()).toEqual({ lists: 64, rows: 128 });
  });

  it('keeps a bounded number of tasks however long the lists, and forgets a list on write', () => {
    list('long', 25_000);
    list('longer', 25_001);
    list('short', 10);
    expect(repo.outlineOf('long')).toHaveLength(25_000);
    expect(repo.outlineOf('short')).toHaveLength(10);
    expect(repo.outlineCacheSize()).toEqual({ lists: 2, rows: 25_010 });
    expect(repo.outlineOf('longer')).toHaveLength(25_001);
    // 'long' went to make room; 'short' stayed.
    expect(repo.outlineCacheSize()).toEqual({ lists: 2, rows: 25_011 });
    expect(repo.outlineOf('short')).toBe(repo.outlineOf('short'));

    repo.moveTask('short', 'short-0', '', '99999999', '2030-01-02T00:00:00.000Z');
    expect(repo.outlineCacheSize()).toEqual({ lists: 1, rows: 25_001 });
    expect(repo.outlineOf('short').at(-1)!.id).toBe('short-0');
  });

  it('does not keep a list longer than the whole bound', () => {
    list('huge', 50_001);
    expect(repo.outlineOf('huge')).toHaveLength(50_001);
    expect(repo.outlineCacheSize()).toEqual({ lists: 0, rows: 0 });
  });
});
