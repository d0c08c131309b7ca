import { describe, expect, it, vi } from 'vitest';
import type * as Zod from 'zod';

// Counts every schema zod is asked to build (z.object, z.string, …), whoever asks.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('zod', async (importOriginal) => {
  const actual = await importOriginal<typeof Zod>();
  const z = new Proxy(actual.z, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        built.count += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...actual, z };
});

describe('the IPC contract at start', () => {
  it('builds no schema as it loads, only when one is used', async () => {
    // Neither do the resource schemas it builds on.
    const before = built.count;
    await import('../api/collections');
    await import('../api/schemas/calendar');
    await import('../api/schemas/tasks');
    await import('../api/schemas/drive');
    await import('../api/registry');
    expect(built.count).toBe(before);

    const contract = await import('./contract');
    const wire = await import('./wire');
    expect(built.count).toBe(before);

    // Used for the first time: built then, and it reads frames as before. A reply builds what reads
    // replies, not the schemas of the events the core pushes.
    const reply = wire.parseHostFrame(JSON.stringify({ type: 'reply', id: 3, reply: { ok: true, value: [1] } }));
    expect(reply).toEqual({ type: 'reply', id: 3, reply: { ok: true, value: [1] } });
    const afterReply = built.count;
    expect(afterReply).toBeGreaterThan(before);
    expect(wire.parseHostFrame(JSON.stringify({ type: 'reply', id: 4, reply: { ok: false } }))).toBeNull();
    expect(wire.parseHostFrame(JSON.stringify({ type: 'other', id: 4 }))).toBeNull();
    expect(wire.parseHostFrame('[1]')).toBeNull();
    expect(wire.parseHostFrame('not json')).toBeNull();
    expect(built.count).toBe(afterReply);
    const event = wire.parseHostFrame(
      JSON.stringify({ type: 'event', event: { type: 'syncState', account: 'a@example.com', state: 'online' } }),
    );
    expect(event).toEqual({ type: 'event', event: { type: 'syncState', account: 'a@example.com', state: 'online' } });
    expect(wire.parseHostFrame(JSON.stringify({ type: 'event', event: { type: 'syncState' } }))).toBeNull();
    expect(built.count).toBeGreaterThan(afterReply);

    const afterFirstUse = built.count;
    expect(contract.accountsOverviewSchema.safeParse({ accounts: [], active: '' }).success).toBe(false);
    expect(
      contract.accountsOverviewSchema.safeParse({
        accounts: [{ id: 'local', kind: 'local', email: 'me@atrium.local', displayName: 'Me', state: 'ok' }],
        active: 'local',
      }).success,
    ).toBe(true);
    // Built once and kept: the same schema answers again.
    const again = built.count;
    contract.accountsOverviewSchema.safeParse({ accounts: [], active: 'local' });
    expect(built.count).toBe(again);
    expect(again).toBeGreaterThan(afterFirstUse);
  });
});
