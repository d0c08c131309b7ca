import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearable, inner, requestSchema, resourceSchema } from './common';
import { lazyObject, lazySchema, once } from './lazy';

describe('lazySchema', () => {
  it('builds nothing until the schema is first used, then builds it once', () => {
    let builds = 0;
    const Person = lazySchema(() => {
      builds += 1;
      return z.object({ name: z.string(), age: z.number().int().optional() });
    });
    const People = lazySchema(() => z.array(Person));
    expect(builds).toBe(0);

    expect(People.parse([{ name: 'Ada' }, { name: 'Alan', age: 41 }])).toEqual([
      { name: 'Ada' },
      { name: 'Alan', age: 41 },
    ]);
    expect(Person.safeParse({ name: 3 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('reads as the schema it builds: type checks, definition, keys and derived schemas', () => {
    const Built = z.object({ id: z.string() });
    const Lazy = lazySchema(() => Built);

    expect(Lazy instanceof z.ZodObject).toBe(true);
    expect(Lazy._zod.def).toBe(Built._zod.def);
    expect(Object.keys(Lazy.shape)).toEqual(['id']);
    expect(Object.prototype.hasOwnProperty.call(Lazy, '_zod')).toBe(true);
    expect(Object.keys(Lazy)).toEqual(Object.keys(Built));
    expect(Lazy.optional().parse(undefined)).toBeUndefined();
    expect(Lazy.extend({ n: z.number() }).parse({ id: 'a', n: 1 })).toEqual({ id: 'a', n: 1 });
    expect(() => Lazy.parse({ id: 1 })).toThrow(z.ZodError);
  });

  it('keeps the request form of a lazy inner object clearable with null at any depth', () => {
    const Slot = inner(() => ({ start: z.string(), end: z.string() }));
    const shape = once(() => ({ title: z.string(), slot: Slot }));
    const Resource = resourceSchema(shape);
    const Request = requestSchema(shape);

    expect(Resource.parse({ title: 'a', slot: { start: 's' }, extra: 1 })).toEqual({
      title: 'a',
      slot: { start: 's' },
      extra: 1,
    });
    expect(Request.parse({ title: null, slot: { start: null }, extra: 1 })).toEqual({
      title: null,
      slot: { start: null },
    });
    expect(Resource.safeParse({ slot: { start: null } }).success).toBe(false);
    expect(clearable(Slot).parse({ end: null })).toEqual({ end: null });
  });
});

describe('lazyObject', () => {
  it('answers keys, membership and own properties of the object it builds, on first use', () => {
    let builds = 0;
    const methods = lazyObject(() => {
      builds += 1;
      return { 'a.list': 1, 'b.get': 2 };
    });
    expect(builds).toBe(0);
    expect(Object.keys(methods)).toEqual(['a.list', 'b.get']);
    expect('a.list' in methods).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(methods, 'toString')).toBe(false);
    expect(methods['b.get']).toBe(2);
    expect({ ...methods }).toEqual({ 'a.list': 1, 'b.get': 2 });
    expect(builds).toBe(1);
  });
});

describe('once', () => {
  it('computes on the first call and answers the same value after', () => {
    let calls = 0;
    const value = once(() => ({ calls: ++calls }));
    expect(calls).toBe(0);
    expect(value()).toBe(value());
    expect(calls).toBe(1);
  });
});
