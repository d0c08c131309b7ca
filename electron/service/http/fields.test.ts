import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { applyFields, FieldsCompiler, FieldsSyntaxError, parseFields, unknownField } from './fields';

const user = z.object({ displayName: z.string().optional(), emailAddress: z.string().optional() });
const file = z.object({
  kind: z.string().optional(),
  id: z.string().optional(),
  name: z.string().optional(),
  owners: z.array(user).optional(),
  properties: z.record(z.string(), z.string()).optional(),
  capabilities: z.looseObject({ canEdit: z.boolean().optional() }).optional(),
  appProperties: z.looseObject({}).optional(),
  parent: z.lazy((): z.ZodType => file).optional(),
});
type File = z.infer<typeof file>;
const fileList = z.object({ kind: z.string(), nextPageToken: z.string().optional(), files: z.array(file) });

const sample = {
  kind: 'drive#fileList',
  nextPageToken: 'p2',
  files: [
    {
      kind: 'drive#file',
      id: 'a',
      name: 'A',
      owners: [{ displayName: 'Ann', emailAddress: 'ann@x' }],
      properties: { k: 'v' },
    },
    { kind: 'drive#file', id: 'b', name: 'B', owners: [] },
  ] satisfies File[],
};

describe('parseFields', () => {
  it('parses nested groups and slash paths into one selection', () => {
    const selection = parseFields('files(id,owners(emailAddress)),nextPageToken,items/summary');
    expect(selection).not.toBe(true);
    const map = selection as Exclude<typeof selection, true>;
    expect([...map.keys()]).toEqual(['files', 'nextPageToken', 'items']);
    const files = map.get('files');
    expect(files).not.toBe(true);
    expect([...(files as Map<string, unknown>).keys()]).toEqual(['id', 'owners']);
    expect((map.get('items') as Map<string, unknown>).get('summary')).toBe(true);
  });

  it('merges repeated mentions and lets a whole field win over a part of it', () => {
    const map = parseFields('a/b,a/c,d(e),d') as Map<string, unknown>;
    expect([...(map.get('a') as Map<string, unknown>).keys()]).toEqual(['b', 'c']);
    expect(map.get('d')).toBe(true);
  });

  it('treats * as everything', () => {
    expect(parseFields('*')).toBe(true);
    expect((parseFields('files(*)') as Map<string, unknown>).get('files')).toBe(true);
  });

  it.each(['', 'files(id', 'files)', 'a,,b', 'a/', 'fi*les', '(id)'])('rejects %j', (expr) => {
    expect(() => parseFields(expr)).toThrow(FieldsSyntaxError);
  });
});

describe('applyFields', () => {
  it('keeps only selected fields, through arrays', () => {
    expect(applyFields(sample, parseFields('files(id,owners(emailAddress)),nextPageToken'))).toEqual({
      nextPageToken: 'p2',
      files: [
        { id: 'a', owners: [{ emailAddress: 'ann@x' }] },
        { id: 'b', owners: [] },
      ],
    });
  });

  it('omits selected fields the value lacks and keeps whole objects when asked', () => {
    expect(applyFields(sample, parseFields('kind,files/properties'))).toEqual({
      kind: 'drive#fileList',
      files: [{ properties: { k: 'v' } }, {}],
    });
  });
});

describe('unknownField', () => {
  it('accepts fields the schema has, at any depth', () => {
    expect(unknownField(parseFields('files(id,owners(emailAddress)),nextPageToken'), fileList)).toBeNull();
    expect(unknownField(parseFields('files/parent/parent/name'), fileList)).toBeNull();
  });

  it('names the first unknown field with its path', () => {
    expect(unknownField(parseFields('kind,files(id,size)'), fileList)).toBe('files/size');
    expect(unknownField(parseFields('bogus'), fileList)).toBe('bogus');
  });

  it('rejects sub-fields of a scalar', () => {
    expect(unknownField(parseFields('files/name/first'), fileList)).toBe('files/name/first');
  });

  it('accepts anything below a record or a loose object that declares no keys', () => {
    expect(unknownField(parseFields('files(properties/anything,appProperties/x/y)'), fileList)).toBeNull();
  });

  it("checks a loose object's declared keys", () => {
    expect(unknownField(parseFields('files/capabilities/canEdit'), fileList)).toBeNull();
    expect(unknownField(parseFields('files/capabilities/canFly'), fileList)).toBe('files/capabilities/canFly');
  });
});

describe('FieldsCompiler', () => {
  it('answers Google-shaped 400 invalidParameter naming fields', () => {
    const compiler = new FieldsCompiler(fileList);
    let error: unknown;
    try {
      compiler.compile('files(nope)');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).toJSON()).toEqual({
      error: {
        code: 400,
        message: 'Invalid field selection files/nope',
        errors: [
          {
            domain: 'global',
            reason: 'invalidParameter',
            message: 'Invalid field selection files/nope',
            location: 'fields',
            locationType: 'parameter',
          },
        ],
        status: 'INVALID_ARGUMENT',
      },
    });
    expect(() => compiler.compile('files(')).toThrow(ApiError);
  });

  it('returns the same compiled selection for a repeated expression', () => {
    const compiler = new FieldsCompiler(fileList);
    expect(compiler.compile('files(id)')).toBe(compiler.compile('files(id)'));
  });
});

describe('prototype members and depth', () => {
  it('never takes a prototype member for a field of the schema', () => {
    for (const expression of ['constructor/prototype', 'constructor/name', '__proto__/constructor', 'toString']) {
      expect(unknownField(parseFields(expression), file)).toBe(expression.split('/')[0]);
    }
    expect(unknownField(parseFields('owners(hasOwnProperty)'), file)).toBe('owners/hasOwnProperty');
  });

  it('selects only own fields of a value, and keeps a map key named __proto__ as a key', () => {
    expect(applyFields({ id: '1' }, parseFields('constructor,toString,id'))).toEqual({ id: '1' });
    const value = JSON.parse('{"properties":{"__proto__":"x","a":"b"}}') as unknown;
    const selected = applyFields(value, parseFields('properties(__proto__)')) as { properties: object };
    expect(Object.getPrototypeOf(selected.properties)).toBe(Object.prototype);
    expect(Object.keys(selected.properties)).toEqual(['__proto__']);
    expect(JSON.stringify(selected)).toBe('{"properties":{"__proto__":"x"}}');
  });

  it('refuses a selection nested deeper than 32 levels before recursing', () => {
    const path = (n: number) => Array.from({ length: n }, () => 'a').join('/');
    expect(() => parseFields(path(32))).not.toThrow();
    expect(() => parseFields(path(33))).toThrow(FieldsSyntaxError);
    expect(() => parseFields(`${'a('.repeat(31)}b${')'.repeat(31)}`)).not.toThrow();
    expect(() => parseFields(`${'a('.repeat(32)}b${')'.repeat(32)}`)).toThrow(/deeper than 32/);
    expect(() => parseFields(`${'a('.repeat(50_000)}b${')'.repeat(50_000)}`)).toThrow(FieldsSyntaxError);
  });
});
