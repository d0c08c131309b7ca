import { describe, expect, it } from 'vitest';
import { boundedBytes, jsonTextNestingExceeds, maxNestingDepth, nestingExceeds, utf8Length } from './limits';

const chain = (depth: number, wrap: (inner: unknown) => unknown): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

describe('nestingExceeds', () => {
  it('counts the root object as level 1, through objects and arrays alike', () => {
    expect(nestingExceeds('text', 0)).toBe(false);
    expect(nestingExceeds({}, 1)).toBe(false);
    expect(nestingExceeds({}, 0)).toBe(true);
    expect(nestingExceeds({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestingExceeds({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    expect(nestingExceeds(chain(100_000, (v) => [v]))).toBe(true);
    expect(nestingExceeds(chain(100_000, (v) => ({ k: v })))).toBe(true);
    expect(nestingExceeds(chain(maxNestingDepth, (v) => ({ k: v })))).toBe(false);
    expect(nestingExceeds(chain(maxNestingDepth + 1, (v) => ({ k: v })))).toBe(true);
  });

  it('judges a shared object at its deepest place, and a cycle as too deep', () => {
    const shared = chain(5, (v) => ({ k: v }));
    // Reached first at level 2, then at level 8: only the second makes it too deep for 10.
    const value = { a: shared, b: chain(6, (v) => [v === 1 ? shared : v]) };
    expect(nestingExceeds(value, 12)).toBe(false);
    expect(nestingExceeds(value, 10)).toBe(true);
    const cyclic: unknown[] = [];
    cyclic.push(cyclic, cyclic);
    expect(nestingExceeds(cyclic)).toBe(true);
  });
});

describe('byte-bounded strings', () => {
  it('counts UTF-8 bytes, including astral characters and lone surrogates', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('💩')).toBe(4);
    expect(utf8Length('\uD800')).toBe(3);
  });

  it('accepts up to the bound in bytes, not characters', () => {
    const schema = boundedBytes(6);
    expect(schema.safeParse('abcdef').success).toBe(true);
    expect(schema.safeParse('abcdefg').success).toBe(false);
    expect(schema.safeParse('€€').success).toBe(true);
    expect(schema.safeParse('€€a').success).toBe(false);
    expect(schema.safeParse('💩💩').success).toBe(false);
  });
});

describe('jsonTextNestingExceeds', () => {
  const deep = (n: number) => `${'{"a":['.repeat(n)}1${']}'.repeat(n)}`;

  it('agrees with the parsed value on depth, at and past the bound', () => {
    for (const n of [1, 10, 31, 32, 33]) {
      const text = deep(n);
      expect(jsonTextNestingExceeds(text, 64)).toBe(nestingExceeds(JSON.parse(text), 64));
    }
    expect(jsonTextNestingExceeds(deep(32), 64)).toBe(false);
    expect(jsonTextNestingExceeds(deep(33), 64)).toBe(true);
    expect(jsonTextNestingExceeds(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const inString = JSON.stringify({ a: '[[[[{{{{', b: 'say "[[[["', c: '\\', d: ['\\"[[['] });
    expect(jsonTextNestingExceeds(inString, 2)).toBe(false);
    expect(jsonTextNestingExceeds(inString, 1)).toBe(true);
    expect(jsonTextNestingExceeds('"unterminated [[[[', 1)).toBe(false);
    // Few brackets in all: within the bound whatever their places; many, each in a string: still within.
    expect(jsonTextNestingExceeds('[[[]]]', 3)).toBe(false);
    expect(jsonTextNestingExceeds('[[[[]]]]', 3)).toBe(true);
    expect(jsonTextNestingExceeds(`[${'"[{",'.repeat(100)}1]`, 2)).toBe(false);
    expect(jsonTextNestingExceeds(`${'[{'.repeat(40)}${'}]'.repeat(40)}`, 64)).toBe(true);
  });

  it('falls back to remembering objects when shared objects multiply the paths', () => {
    // 40 levels of [x, x]: 2^40 paths through 40 objects; a tree walk would never end.
    let shared: unknown = 1;
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expect(nestingExceeds(shared, 64)).toBe(false);
    expect(nestingExceeds(shared, 39)).toBe(true);
    expect(nestingExceeds({ a: shared }, 40)).toBe(true);
  });
});
