import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lastKnownStore } from './last-known';

/** localStorage's contract over a Map, optionally refusing writes as a full quota does. */
function memoryStorage(options: { full?: boolean } = {}): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (options.full) throw new DOMException('quota', 'QuotaExceededError');
      data.set(key, value);
    },
  };
}

const week = z.object({ items: z.array(z.object({ id: z.string() })) });

describe('last-known store', () => {
  it('gives back the value for the same account and key, across a restart', () => {
    const storage = memoryStorage();
    lastKnownStore('t', week, { storage: () => storage }).write('local', 'w1', { items: [{ id: 'a' }] });
    const restarted = lastKnownStore('t', week, { storage: () => storage });
    expect(restarted.read('local', 'w1')).toEqual({ items: [{ id: 'a' }] });
    expect(restarted.read('local', 'w2')).toBeUndefined();
    expect(restarted.read('other', 'w1')).toBeUndefined();
  });

  it('keeps one range per account, the newest, and a bounded number of accounts', () => {
    const storage = memoryStorage();
    const store = lastKnownStore('t', week, { storage: () => storage, maxAccounts: 2 });
    store.write('a', 'w1', { items: [] });
    store.write('a', 'w2', { items: [{ id: 'x' }] });
    expect(store.read('a', 'w1')).toBeUndefined();
    expect(store.read('a', 'w2')).toEqual({ items: [{ id: 'x' }] });
    store.write('b', 'w1', { items: [] });
    store.write('c', 'w1', { items: [] });
    const restarted = lastKnownStore('t', week, { storage: () => storage, maxAccounts: 2 });
    expect(restarted.read('a', 'w2')).toBeUndefined();
    expect(restarted.read('b', 'w1')).toEqual({ items: [] });
    expect(restarted.read('c', 'w1')).toEqual({ items: [] });
  });

  it('forgets an account whose value is too large rather than keeping an older one', () => {
    const storage = memoryStorage();
    const store = lastKnownStore('t', week, { storage: () => storage, maxBytes: 200 });
    store.write('a', 'w1', { items: [{ id: 'small' }] });
    store.write('a', 'w2', { items: Array.from({ length: 50 }, (_, i) => ({ id: `event-${i}` })) });
    expect(store.read('a', 'w1')).toBeUndefined();
    expect(store.read('a', 'w2')).toBeUndefined();
    expect(storage.data.size).toBe(0);
  });

  it('ignores stored data that does not read as the schema', () => {
    const storage = memoryStorage();
    storage.setItem('atrium.last-known.t', JSON.stringify([{ account: 'a', key: 'w1', value: { items: 'no' } }]));
    expect(lastKnownStore('t', week, { storage: () => storage }).read('a', 'w1')).toBeUndefined();
    storage.setItem('atrium.last-known.t', '{not json');
    expect(lastKnownStore('t', week, { storage: () => storage }).read('a', 'w1')).toBeUndefined();
  });

  it('ignores a stored list with anything in it that is not an entry', () => {
    const storage = memoryStorage();
    const good = { account: 'a', key: 'w1', value: { items: [] } };
    const readBack = (stored: unknown) => {
      storage.setItem('atrium.last-known.t', JSON.stringify(stored));
      return lastKnownStore('t', week, { storage: () => storage }).read('a', 'w1');
    };
    expect(readBack([good])).toEqual({ items: [] });
    expect(readBack({ 0: good })).toBeUndefined();
    expect(readBack([good, null])).toBeUndefined();
    expect(readBack([good, { account: 'b', key: 7, value: {} }])).toBeUndefined();
    expect(readBack([good, { account: 'b', key: 'w1', value: {}, checkedBy: 3 }])).toBeUndefined();
    expect(readBack([{ ...good, checkedBy: 'another build' }])).toEqual({ items: [] });
  });

  it('checks a value as it is written, and takes it as stored when the same build reads it back', () => {
    const storage = memoryStorage();
    lastKnownStore('t', week, { storage: () => storage }).write('a', 'w1', { items: [{ id: 'a' }] });
    let parses = 0;
    const counted = week.transform((value) => {
      parses += 1;
      return value;
    });
    const restarted = lastKnownStore('t', counted, { storage: () => storage });
    expect(restarted.read('a', 'w1')).toEqual({ items: [{ id: 'a' }] });
    expect(parses).toBe(0);

    // What another build (or a person) stored is checked again.
    const stored = JSON.parse(storage.getItem('atrium.last-known.t')!) as { checkedBy?: string }[];
    storage.setItem('atrium.last-known.t', JSON.stringify(stored.map((entry) => ({ ...entry, checkedBy: 'older' }))));
    expect(lastKnownStore('t', counted, { storage: () => storage }).read('a', 'w1')).toEqual({ items: [{ id: 'a' }] });
    expect(parses).toBe(1);
    storage.setItem(
      'atrium.last-known.t',
      JSON.stringify([{ account: 'a', key: 'w1', value: { items: 'no' }, checkedBy: 'older' }]),
    );
    expect(lastKnownStore('t', week, { storage: () => storage }).read('a', 'w1')).toBeUndefined();
  });

  it('does not keep a value that does not read as the schema, and forgets the older one', () => {
    const storage = memoryStorage();
    const store = lastKnownStore('t', week, { storage: () => storage });
    store.write('a', 'w1', { items: [{ id: 'a' }] });
    store.write('a', 'w2', { items: [{ id: 7 }] } as unknown as z.infer<typeof week>);
    expect(store.read('a', 'w1')).toBeUndefined();
    expect(store.read('a', 'w2')).toBeUndefined();
    expect(lastKnownStore('t', week, { storage: () => storage }).read('a', 'w2')).toBeUndefined();
    expect(storage.data.size).toBe(0);
  });

  it('keeps working in memory when storage refuses writes', () => {
    const storage = memoryStorage({ full: true });
    const store = lastKnownStore('t', week, { storage: () => storage });
    store.write('a', 'w1', { items: [{ id: 'a' }] });
    expect(store.read('a', 'w1')).toEqual({ items: [{ id: 'a' }] });
    expect(storage.data.size).toBe(0);
  });

  describe('with deferred writes', () => {
    afterEach(() => vi.unstubAllGlobals());

    /** A scheduler that keeps what it is given until the test runs it. */
    function heldScheduler() {
      const held: (() => void)[] = [];
      return {
        held,
        defer: (task: () => void) => void held.push(task),
        runAll: () => held.splice(0).forEach((task) => task()),
      };
    }

    it('stores a write when the scheduler runs it, and once for several writes in between', () => {
      const storage = memoryStorage();
      const scheduler = heldScheduler();
      const store = lastKnownStore('t', week, { storage: () => storage, deferWrites: scheduler.defer });
      store.write('a', 'w1', { items: [{ id: 'a' }] });
      store.write('a', 'w2', { items: [{ id: 'b' }] });
      store.write('b', 'w1', { items: [] });
      expect(storage.data.size).toBe(0);
      expect(scheduler.held).toHaveLength(1);

      scheduler.runAll();
      const restarted = lastKnownStore('t', week, { storage: () => storage });
      expect(restarted.read('a', 'w1')).toBeUndefined();
      expect(restarted.read('a', 'w2')).toEqual({ items: [{ id: 'b' }] });
      expect(restarted.read('b', 'w1')).toEqual({ items: [] });
    });

    it('gives back a waiting write to a read, storing it then', () => {
      const storage = memoryStorage();
      const scheduler = heldScheduler();
      const store = lastKnownStore('t', week, { storage: () => storage, deferWrites: scheduler.defer });
      store.write('a', 'w1', { items: [{ id: 'a' }] });
      expect(store.read('a', 'w1')).toEqual({ items: [{ id: 'a' }] });
      expect(store.entries()).toEqual([{ account: 'a', key: 'w1', value: { items: [{ id: 'a' }] } }]);
      expect(storage.data.size).toBe(1);
      // The scheduled run finds nothing left to do; a value that does not read as the schema is still refused.
      scheduler.runAll();
      store.write('a', 'w2', { items: [{ id: 7 }] } as unknown as z.infer<typeof week>);
      expect(store.read('a', 'w2')).toBeUndefined();
      expect(store.read('a', 'w1')).toBeUndefined();
      expect(storage.data.size).toBe(0);
    });

    it('stores a waiting write when the page goes away', () => {
      const page = new EventTarget();
      vi.stubGlobal('window', page);
      const storage = memoryStorage();
      const scheduler = heldScheduler();
      const store = lastKnownStore('t', week, { storage: () => storage, deferWrites: scheduler.defer });
      store.write('a', 'w1', { items: [{ id: 'a' }] });
      expect(storage.data.size).toBe(0);
      page.dispatchEvent(new Event('pagehide'));
      expect(lastKnownStore('t', week, { storage: () => storage }).read('a', 'w1')).toEqual({ items: [{ id: 'a' }] });
    });
  });
});
