import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clearable, inner, requestSchema, resourceSchema } from './common';
import { list } from './limits';
import { lazyObject, lazySchema, once, unwrapLazy } from './lazy';

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

  it('puts the built schemas of lazy fields into the schemas made from them, not their Proxies', () => {
    const Address = inner(() => ({ city: z.string() }));
    const Code = lazySchema(() => z.string().regex(/^[A-Z]+$/));
    const shape = () => ({ code: Code, home: Address, past: list(Address) });
    const Person = resourceSchema(shape);
    const PersonInput = requestSchema(shape);

    const built = unwrapLazy(Person);
    expect(built).not.toBe(Person);
    expect(unwrapLazy(built)).toBe(built);
    const fields = built._zod.def.shape;
    // Each field is optional; what it wraps is the built schema itself.
    for (const field of [fields.code, fields.home]) {
      const wrapped = (field._zod.def as unknown as { innerType: object }).innerType;
      expect(unwrapLazy(wrapped)).toBe(wrapped);
    }
    const element = (fields.past._zod.def as unknown as { innerType: z.ZodArray }).innerType._zod.def.element;
    expect(unwrapLazy(element)).toBe(element);
    expect(element).toBe(unwrapLazy(Address));

    // And they read values as before, in both forms.
    expect(Person.safeParse({ code: 'AB', home: { city: 'Oslo' }, past: [{ city: 'Rome' }] }).success).toBe(true);
    expect(Person.safeParse({ code: 'ab' }).success).toBe(false);
    expect(Person.safeParse({ past: [{ city: 3 }] }).success).toBe(false);
    expect(PersonInput.safeParse({ code: null, home: { city: null }, past: null }).success).toBe(true);
    expect(PersonInput.safeParse({ code: 'ab' }).success).toBe(false);
  });

  it('keeps the Proxy of a schema that uses itself while it is being built', () => {
    interface Node {
      children?: Node[];
    }
    const Tree: z.ZodType<Node> = lazySchema(() =>
      z.object({ children: z.array(z.lazy(() => unwrapLazy(Tree))).optional() }),
    );
    expect(Tree.safeParse({ children: [{ children: [{}] }] }).success).toBe(true);
    expect(Tree.safeParse({ children: [{ children: [3] }] }).success).toBe(false);
    // Asked for while building, a lazy object answers its Proxy rather than building again.
    let seen: unknown;
    const Self: z.ZodType = lazySchema(() => {
      seen = unwrapLazy(Self);
      return z.string();
    });
    expect(Self.safeParse('x').success).toBe(true);
    expect(seen).toBe(Self);
    expect(unwrapLazy(Self)).not.toBe(Self);
    expect(unwrapLazy('text')).toBe('text');
    expect(unwrapLazy(null)).toBe(null);
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
