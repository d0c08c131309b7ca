import { describe, expect, it } from 'vitest';
import { applyFields, parseFields } from './fields';
import { RawJson, toJsonText } from './raw-json';

describe('RawJson', () => {
  const page = {
    kind: 'calendar#events',
    items: [new RawJson('{"id":"a","summary":"A $& $1"}'), new RawJson('{"id":"b","nested":{"x":[1,2]}}')],
    nextPageToken: 'next',
  };

  it('splices stored JSON text into the serialized response unchanged', () => {
    const text = toJsonText(page);
    expect(text).toBe(
      '{"kind":"calendar#events","items":[{"id":"a","summary":"A $& $1"},{"id":"b","nested":{"x":[1,2]}}],"nextPageToken":"next"}',
    );
    expect(JSON.parse(toJsonText(page, true))).toEqual(JSON.parse(text));
    expect(toJsonText(new RawJson('[1]'))).toBe('[1]');
  });

  it('indents kept texts too when pretty printing, at the top level and inside', () => {
    expect(toJsonText(page, true)).toBe(JSON.stringify(JSON.parse(toJsonText(page)), null, 2));
    expect(toJsonText(new RawJson('{"a":[1]}'), true)).toBe('{\n  "a": [\n    1\n  ]\n}');
  });

  it('leaves data that merely looks like a placeholder alone', () => {
    const lookalike = { a: '\u0000x:0', b: [new RawJson('true')] };
    expect(JSON.parse(toJsonText(lookalike))).toEqual({ a: '\u0000x:0', b: [true] });
  });

  it('behaves as its parsed value in plain JSON.stringify and under a fields selection', () => {
    expect(JSON.parse(JSON.stringify(page))).toEqual(JSON.parse(toJsonText(page)));
    expect(applyFields(page, parseFields('items/id'))).toEqual({ items: [{ id: 'a' }, { id: 'b' }] });
  });
});
