import fc from 'fast-check';
import type { z } from 'zod';
import type { OperationSpec, ParamSpec } from '../../../shared/api';
import type { ProbeRequest } from './http-probe';

/**
 * Arbitraries for hostile requests built from an operation's registry entry: its path template,
 * parameter specs and request schema. Nothing here names an operation, so a new operation is
 * fuzzed the moment it is registered.
 */

/** Path segments sent exactly as written: traversal, broken or overlong encodings, NUL, huge ids. */
const rawSegments = [
  '..',
  '.',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '..%2f..%2fatrium.sqlite',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fblobs',
  '%252e%252e%252f',
  '..%5C..%5Cwindows',
  '%C0%AE%C0%AE%C0%AF',
  '%00',
  'x%00.json',
  '%E0%A4%A',
  '%',
  '%zz',
  '%F0%9F%92%A9',
  '%E2%80%AE%E2%80%8B',
  '%EF%BB%BF',
  '__proto__',
  'constructor',
  'prototype',
  "'%20OR%201=1--",
  '%22%3E%3Cscript%3E',
  'primary',
  '@me',
  '*',
  '-1',
  '0',
  '9'.repeat(40),
  'a'.repeat(2_000),
  'i'.repeat(12_000),
];

/** Text values (to be percent-encoded) that tend to break parsers and queries. */
const hostileTexts = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '\u202E\u200B',
  '💩'.repeat(50),
  'Ω≈ç√∫',
  '../../../../etc/passwd',
  '..\\..\\boot.ini',
  "' OR '1'='1",
  '"; DROP TABLE events; --',
  '%s%s%s%n',
  '${jndi:ldap://127.0.0.1:9/x}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '-9007199254740993',
  '99999999999999999999999',
  '0x10',
  'true ',
  'null',
  '[]',
  '{}',
  '2024-02-30T25:61:61Z',
  '0000-00-00T00:00:00+99:99',
  '9999-12-31T23:59:59.999999999Z',
  "name contains 'x' and (",
  "'x' in parents or not",
  'x'.repeat(5_000),
  'x'.repeat(8_193),
  // Nesting far past what the query parser and compiler may recurse over.
  `${'('.repeat(3_000)}starred = true${')'.repeat(3_000)}`,
  `${'not '.repeat(1_500)}starred = true`,
  `${'(not '.repeat(1_000)}trashed = true${')'.repeat(1_000)}`,
  'prototype',
  'hasOwnProperty',
  'toString',
];

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileTexts) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** A value as a client would send it; UTF-8 percent-encoding of lone surrogates fails, so those go raw. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[^A-Za-z0-9]/g, (c) => `%${(c.charCodeAt(0) & 0xff).toString(16).padStart(2, '0')}`);
  }
}

/** A well-typed value for a parameter (so a request gets past validation into the handler). */
function validValue(spec: ParamSpec, known: readonly string[]): fc.Arbitrary<string> {
  if (spec.enum) return fc.constantFrom(...spec.enum);
  switch (spec.type) {
    case 'integer':
      return fc.integer({ min: spec.minimum ?? -5, max: Math.min(spec.maximum ?? 1000, 1_000_000) }).map(String);
    case 'boolean':
      return fc.constantFrom('true', 'false');
    case 'string':
      if (spec.format === 'date-time') {
        return fc
          .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
          .map((d) => d.toISOString());
      }
      return known.length > 0 ? fc.oneof(fc.constantFrom(...known), hostileText) : hostileText;
  }
}

/** A query value: mostly plausible, often hostile; encoded as a client would. */
function queryValue(spec: ParamSpec | undefined, known: readonly string[]): fc.Arbitrary<string> {
  const typed = spec ? validValue(spec, known) : hostileText;
  return fc.oneof(
    { weight: 3, arbitrary: typed.map(encode) },
    { weight: 2, arbitrary: hostileText.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%zz', '%', '%E0%A4%A', '%00', '&', '=', '%26%3D', '+') },
  );
}

const systemParams: Readonly<Record<string, readonly string[]>> = {
  alt: ['json', 'media', 'proto', 'sse', ''],
  fields: [
    '*',
    'id',
    'items(id,summary)',
    'files(id,name),nextPageToken',
    'kind,bogus',
    'a((b)',
    '',
    ',',
    'x/y/z',
    'constructor/prototype',
    'constructor/name',
    '__proto__/constructor',
    '__proto__',
    'prototype',
    'hasOwnProperty',
    'toString',
    'items(constructor,__proto__)',
    'files(toString/name)',
    Array.from({ length: 3_000 }, () => 'a').join('/'),
    `${'a('.repeat(2_000)}b${')'.repeat(2_000)}`,
  ],
  prettyPrint: ['true', 'false', 'yes'],
  uploadType: ['media', 'multipart', 'resumable', 'simple', ''],
  upload_id: ['none', '..%2F..%2Fx', '0'],
  access_token: ['wrong-token', ''],
  quotaUser: ['x'],
  '$.xgafv': ['1', '2', '3'],
};

const unknownParamNames = [
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'bogus',
  'toString',
  'q[]',
  'a%00b',
  'fields%5B%5D',
];

/** The query string: a random subset of the declared parameters, repeated ones, system and unknown ones. */
export function queryArbitrary(op: OperationSpec, known: readonly string[]): fc.Arbitrary<string> {
  const declared = Object.entries(op.params).filter(([, spec]) => spec.in === 'query');
  const pair = fc.oneof(
    ...(declared.length > 0
      ? [
          {
            weight: 6,
            arbitrary: fc
              .constantFrom(...declared)
              .chain(([name, spec]) => queryValue(spec, known).map((value) => `${encode(name)}=${value}`)),
          },
        ]
      : []),
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...Object.keys(systemParams))
        .chain((name) => fc.constantFrom(...systemParams[name]!).map((value) => `${encode(name)}=${value}`)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...unknownParamNames).map((name) => `${name}=1`) },
    { weight: 1, arbitrary: fc.constantFrom('=', '&', 'novalue', '%zz=%zz', '==', 'a=b=c') },
  );
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));
}

/** A path segment for a path parameter: a known id, a random one, or a hostile raw segment. */
function segmentArbitrary(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    ...(known.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...known).map(encode) }] : []),
    { weight: 2, arbitrary: hostileText.filter((t) => t !== '').map(encode) },
    { weight: 3, arbitrary: fc.constantFrom(...rawSegments) },
  );
}

/** The operation's path (or upload path) with hostile segments, sometimes bent out of shape. */
export function pathArbitrary(op: OperationSpec, known: readonly string[]): fc.Arbitrary<string> {
  const templates = [op.path, ...(op.media?.uploadPath ? [op.media.uploadPath] : [])];
  const names = [...new Set(templates.flatMap((t) => [...t.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!)))];
  const values = fc.record(Object.fromEntries(names.map((name) => [name, segmentArbitrary(known)])));
  const shape = fc.constantFrom(
    'as is',
    'as is',
    'as is',
    'trailing slash',
    'double slash',
    'extra segment',
    'dot segment',
  );
  return fc.tuple(fc.constantFrom(...templates), values, shape).map(([template, filled, bend]) => {
    const path = template.replace(/\{([^{}]+)\}/g, (_m, name: string) => filled[name] ?? 'x');
    switch (bend) {
      case 'trailing slash':
        return `${path}/`;
      case 'double slash':
        return path.replace('/', '//');
      case 'extra segment':
        return `${path}/extra`;
      case 'dot segment':
        return path.replace(/\/([^/]+)$/, '/../$1');
      default:
        return path;
    }
  });
}

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The field names of a request schema (through wrappers), so bodies reach field-level validation. */
export function schemaKeys(schema: z.ZodType | null): string[] {
  let current = schema;
  for (let depth = 0; current && depth < 16; depth++) {
    const def = defOf(current);
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    current = def.innerType ?? def.in ?? null;
  }
  return [];
}

/** Names that an object inherits from its prototype, sent wherever a name goes. */
const prototypeNames = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];

const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      null,
      true,
      -1,
      1e308,
      Number.MAX_SAFE_INTEGER + 2,
      [],
      {},
      JSON.parse('{"__proto__":{"admin":true}}') as unknown,
      { dateTime: 'not a date', timeZone: 'Mars/Olympus' },
      { date: '2024-13-45' },
      { role: 'owner', type: 'anyone' },
      [{ email: 'x' }],
      // Past the bounds of docs/limits.md: long text, long lists, large maps.
      'x'.repeat(40_000),
      Array.from({ length: 1_200 }, (_, i) => ({ email: `g${i}@example.com` })),
      Array.from({ length: 11_000 }, () => 'RRULE:FREQ=DAILY'),
      Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`k${i}`, 'v'])),
      { private: { ['k'.repeat(45)]: 'v' }, shared: { k: 'v'.repeat(1_025) } },
    ),
  },
);

/** JSON body texts: objects over the schema's own fields with hostile values, random JSON, broken JSON. */
export function jsonBodyArbitrary(op: OperationSpec, known: readonly string[]): fc.Arbitrary<string> {
  const keys = schemaKeys(op.request);
  const fieldValue = known.length > 0 ? fc.oneof(hostileJson, fc.constantFrom(...known)) : hostileJson;
  const overSchema =
    keys.length > 0
      ? fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.constantFrom(...prototypeNames, 'extra')), fieldValue, {
          maxKeys: 6,
        })
      : fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...prototypeNames)), hostileJson, {
          maxKeys: 4,
        });
  return fc.oneof(
    { weight: 5, arbitrary: overSchema.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        '{"title":"x",}',
        "{'title':'x'}",
        'nul',
        '\uFEFF{}',
        '[1,2',
        '"unterminated',
        '{"a":1}{"b":2}',
        '\u0000',
        '{"__proto__":{"polluted":true}}',
        `{"title":"${'x'.repeat(200_000)}"}`,
        `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
        deepObject,
        '{"__proto__":{"constructor":{"prototype":{"toString":1}}},"hasOwnProperty":"x"}',
      ),
    },
    {
      // A schema field (or a prototype name) holding a value nested far past the stack.
      weight: 1,
      arbitrary: fc
        .constantFrom(...(keys.length > 0 ? keys : ['a']), ...prototypeNames)
        .map((key) => `{${JSON.stringify(key)}:${deepObject}}`),
    },
  );
}

const contentTypes = [
  'application/json',
  'application/json; charset=UTF-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/related; boundary=b0undary',
  'multipart/related',
  'multipart/related; boundary=',
  'multipart/form-data; boundary=b0undary',
  'application/octet-stream',
  'image/png',
  '',
  ';;;',
];

/** Multipart/related upload bodies, well formed and not. */
const multipartBody: fc.Arbitrary<{ type: string; body: string }> = fc
  .tuple(
    fc.constantFrom('b0undary', 'x'),
    fc.oneof(
      fc.constant('{"name":"fuzz.txt"}'),
      fc.constant('{'),
      fc.constant(''),
      hostileText.map((t) => JSON.stringify({ name: t })),
    ),
    fc.string({ maxLength: 64 }),
    fc.constantFrom('complete', 'no closing boundary', 'one part', 'wrong boundary', 'no part headers'),
  )
  .map(([boundary, metadata, content, shape]) => {
    const meta = `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n`;
    const media = `--${boundary}\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`;
    const close = `--${boundary}--\r\n`;
    const body =
      shape === 'complete'
        ? meta + media + close
        : shape === 'no closing boundary'
          ? meta + media
          : shape === 'one part'
            ? meta + close
            : shape === 'wrong boundary'
              ? (meta + media + close).replaceAll(`--${boundary}`, '--other')
              : `--${boundary}\r\n${metadata}\r\n${close}`;
    return { type: `multipart/related; boundary=${boundary}`, body };
  });

export interface HostileBody {
  readonly contentType?: string;
  readonly body?: Buffer;
}

/** A body and its content type for the operation (JSON, upload content, or none). */
export function bodyArbitrary(op: OperationSpec, known: readonly string[]): fc.Arbitrary<HostileBody> {
  const json = jsonBodyArbitrary(op, known);
  const options: { weight: number; arbitrary: fc.Arbitrary<HostileBody> }[] = [
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: op.request ? 6 : 1,
      arbitrary: fc.tuple(json, fc.constantFrom(...contentTypes)).map(([text, type]) => ({
        contentType: type,
        body: Buffer.from(text, 'utf8'),
      })),
    },
  ];
  if (op.media?.uploadPath) {
    options.push(
      { weight: 3, arbitrary: multipartBody.map(({ type, body }) => ({ contentType: type, body: Buffer.from(body) })) },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.uint8Array({ maxLength: 256 }), fc.constantFrom(...contentTypes))
          .map(([bytes, type]) => ({ contentType: type, body: Buffer.from(bytes) })),
      },
    );
  }
  return fc.oneof(...options);
}

const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.constantFrom(
    'if-match',
    'if-none-match',
    'range',
    'content-range',
    'x-upload-content-type',
    'x-upload-content-length',
    'x-http-method-override',
    'origin',
    'cookie',
    'accept-encoding',
  ),
  fc.constantFrom(
    '*',
    '"etag"',
    'W/"x"',
    'bytes=0-10',
    'bytes=-0',
    'bytes=99999999999999999999-',
    'bytes */100',
    'bytes 0-9/5',
    '-1',
    '99999999999999999999',
    'text/plain',
    'DELETE',
    'http://evil.example',
    'gzip, br',
    'x'.repeat(1_000),
  ),
  { maxKeys: 3 },
);

const authorizations = (token: string) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant<string | undefined>(`Bearer ${token}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<string | undefined>(
        undefined,
        'Bearer',
        'Bearer wrong',
        `Basic ${Buffer.from('a:b').toString('base64')}`,
        `Bearer ${token} extra`,
        `bearer ${token}`,
        `Bearer ${'t'.repeat(4_000)}`,
      ),
    },
  );

const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];

/** A whole hostile request for one operation. */
export function requestArbitrary(
  op: OperationSpec,
  known: readonly string[],
  token: string,
): fc.Arbitrary<ProbeRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
      ),
      path: pathArbitrary(op, known),
      query: queryArbitrary(op, known),
      body: bodyArbitrary(op, known),
      headers: extraHeaders,
      authorization: authorizations(token),
      chunked: fc.boolean(),
    })
    .map(({ method, path, query, body, headers, authorization, chunked }) => {
      const all: Record<string, string> = { ...headers };
      if (authorization !== undefined) all['authorization'] = authorization;
      if (body.contentType !== undefined) all['content-type'] = body.contentType;
      return {
        method,
        path: query ? `${path}?${query}` : path,
        headers: all,
        ...(body.body ? { body: body.body, chunked } : {}),
      };
    });
}
