import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileSnapshot } from './diff';
import { FileActivityStore, fileActivityFile } from './store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-activity-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const snapshot = (name: string): FileSnapshot => ({ name, parents: ['root'], starred: false, trashed: false });
const at = '2026-01-01T10:00:00.000Z';

describe('FileActivityStore', () => {
  it('keeps snapshots and entries per account and file, across a reopen', async () => {
    const file = fileActivityFile(dir);
    const store = await FileActivityStore.open({ file });
    store.record('local', 'f1', snapshot('a.txt'), []);
    store.record('local', 'f1', snapshot('b.txt'), [{ kind: 'renamed', from: 'a.txt', to: 'b.txt', time: at }]);
    store.record('other', 'f1', snapshot('x'), [{ kind: 'starred', time: at }]);
    await store.flush();

    const reopened = await FileActivityStore.open({ file });
    expect(reopened.snapshot('local', 'f1')?.name).toBe('b.txt');
    expect(reopened.entries('local', 'f1')).toMatchObject([{ kind: 'renamed', from: 'a.txt', to: 'b.txt' }]);
    expect(reopened.entries('other', 'f1').map((entry) => entry.kind)).toEqual(['starred']);
    const ids = [...reopened.entries('local', 'f1'), ...reopened.entries('other', 'f1')].map((entry) => entry.id);
    expect(new Set(ids).size).toBe(2);

    reopened.forgetAccount('other');
    await reopened.flush();
    const again = await FileActivityStore.open({ file });
    expect(again.snapshot('other', 'f1')).toBeUndefined();
    expect(again.entries('local', 'f1')).toHaveLength(1);
  });

  it('keeps the newest entries of a file and forgets the files looked at least recently', async () => {
    let now = 0;
    const store = await FileActivityStore.open({
      file: fileActivityFile(dir),
      maxFiles: 2,
      maxEntriesPerFile: 3,
      now: () => ++now,
    });
    for (let i = 0; i < 5; i++) store.record('local', 'f1', snapshot(`n${i}`), [{ kind: 'starred', time: `${i}` }]);
    expect(store.entries('local', 'f1').map((entry) => entry.time)).toEqual(['2', '3', '4']);
    store.record('local', 'f2', snapshot('two'), []);
    store.record('local', 'f1', snapshot('again'), []);
    store.record('local', 'f3', snapshot('three'), []);
    expect(store.snapshot('local', 'f2')).toBeUndefined();
    expect(store.snapshot('local', 'f1')?.name).toBe('again');
    expect(store.snapshot('local', 'f3')?.name).toBe('three');
  });

  it('writes what is pending on close and nothing recorded after it, so the folder can be removed', async () => {
    const file = fileActivityFile(dir);
    const store = await FileActivityStore.open({ file, writeDelayMs: 5 });
    store.record('local', 'f1', snapshot('kept.txt'), []);
    await store.close();
    // A request that was still finishing records once the store has closed: nothing is written for it.
    store.record('local', 'f2', snapshot('late.txt'), []);
    await rm(dir, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps what was pending at close across a reopen', async () => {
    const file = fileActivityFile(dir);
    const store = await FileActivityStore.open({ file, writeDelayMs: 60_000 });
    store.record('local', 'f1', snapshot('kept.txt'), []);
    await store.close();
    const reopened = await FileActivityStore.open({ file });
    expect(reopened.snapshot('local', 'f1')?.name).toBe('kept.txt');
  });

  it('sets an unreadable file aside and starts empty', async () => {
    const file = fileActivityFile(dir);
    await writeFile(file, '{"version": 7}');
    const store = await FileActivityStore.open({ file });
    expect(store.problem).toMatch(/could not be read/);
    expect(store.entries('local', 'f1')).toEqual([]);
    expect((await readdir(dir)).some((name) => name.startsWith('file-activity.json.unreadable-'))).toBe(true);
  });
});

describe('FileActivityStore on a path it cannot read', () => {
  it('starts empty and says why, rather than keeping the core from starting', async () => {
    const store = await FileActivityStore.open({ file: dir });
    expect(store.problem).toMatch(/could not be read/);
    expect(store.snapshot('local', 'f1')).toBeUndefined();
  });
});
