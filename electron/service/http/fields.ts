import type { z } from 'zod';
import { ApiError } from './api-error';
import { RawJson } from './raw-json';

/**
 * Google's `fields` system parameter (partial response): `kind,id`, `files(id,name,owners(emailAddress)),nextPageToken`,
 * `items/summary` (slash = one nested field), `*` (everything at that level). A selection maps each
 * chosen key to `true` (the whole value) or to the selection inside it; arrays are transparent.
 */
export type FieldSelection = ReadonlyMap<string, FieldSelection | true>;

export class FieldsSyntaxError extends Error {}

const namePattern = /[A-Za-z0-9_$@#.\-*]/;

/**
 * Deepest selection accepted (`a/b(c/d)` is four levels). Parsing, merging and checking a selection
 * recurse once per level; no resource nests anywhere near this deep.
 */
export const maxFieldsDepth = 32;

/** Refuses a selection nesting deeper than `maxFieldsDepth`, in one pass without recursion. */
function checkDepth(text: string): void {
  const enclosing: number[] = [];
  let base = 0;
  let segments = 1;
  for (const c of text) {
    if (c === '/') segments += 1;
    else if (c === ',') segments = 1;
    else if (c === '(') {
      enclosing.push(base);
      base += segments;
      segments = 1;
    } else if (c === ')') {
      base = enclosing.pop() ?? 0;
      segments = 1;
    }
    if (base + segments > maxFieldsDepth) {
      throw new FieldsSyntaxError(`the selection nests deeper than ${maxFieldsDepth} levels`);
    }
  }
}

/** Parses a `fields` expression; `true` means everything (`*`). Throws FieldsSyntaxError. */
export function parseFields(expression: string): FieldSelection | true {
  const text = expression.replace(/\s+/g, '');
  checkDepth(text);
  let pos = 0;

  const name = (): string => {
    const start = pos;
    while (pos < text.length && namePattern.test(text[pos]!)) pos++;
    if (pos === start) throw new FieldsSyntaxError(`expected a field name at position ${start}`);
    const result = text.slice(start, pos);
    if (result.includes('*') && result !== '*') throw new FieldsSyntaxError(`"${result}" mixes * with a name`);
    return result;
  };

  const list = (): FieldSelection | true => {
    const selection = new Map<string, FieldSelection | true>();
    let everything = false;
    for (;;) {
      const path = [name()];
      while (text[pos] === '/') {
        pos++;
        path.push(name());
      }
      let inner: FieldSelection | true = true;
      if (text[pos] === '(') {
        pos++;
        inner = list();
        if (text[pos] !== ')') throw new FieldsSyntaxError(`expected ")" at position ${pos}`);
        pos++;
      }
      if (path[0] === '*' && path.length === 1) everything = true;
      else addPath(selection, path, inner);
      if (text[pos] !== ',') break;
      pos++;
    }
    return everything ? true : selection;
  };

  if (text === '') throw new FieldsSyntaxError('empty selection');
  const result = list();
  if (pos !== text.length) throw new FieldsSyntaxError(`unexpected "${text[pos]}" at position ${pos}`);
  return result;
}

function addPath(
  into: Map<string, FieldSelection | true>,
  path: readonly string[],
  inner: FieldSelection | true,
): void {
  const [head, ...rest] = path;
  if (head === '*') throw new FieldsSyntaxError('* must stand alone');
  const value: FieldSelection | true = rest.length === 0 ? inner : nest(rest, inner);
  into.set(head!, merge(into.get(head!), value));
}

function nest(path: readonly string[], inner: FieldSelection | true): FieldSelection {
  const level = new Map<string, FieldSelection | true>();
  addPath(level, path, inner);
  return level;
}

function merge(a: FieldSelection | true | undefined, b: FieldSelection | true): FieldSelection | true {
  if (a === undefined) return b;
  if (a === true || b === true) return true;
  const merged = new Map(a);
  for (const [key, value] of b) merged.set(key, merge(merged.get(key), value));
  return merged;
}

/** Keeps only the selected fields of a JSON value (arrays: of each element). */
export function applyFields(value: unknown, selection: FieldSelection | true): unknown {
  if (selection === true) return value;
  if (value instanceof RawJson) value = JSON.parse(value.text) as unknown;
  if (Array.isArray(value)) return value.map((item) => applyFields(item, selection));
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of selection) {
    // Only the value's own fields: `constructor` or `__proto__` name no field of any resource.
    if (!Object.hasOwn(source, key)) continue;
    const field = source[key];
    if (field === undefined) continue;
    // defineProperty, not assignment: a map key `__proto__` stays a key instead of a prototype.
    Object.defineProperty(out, key, {
      value: applyFields(field, inner),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

type ZodLike = z.ZodType;
interface Def {
  type: string;
  shape?: Record<string, ZodLike>;
  catchall?: ZodLike;
  element?: ZodLike;
  innerType?: ZodLike;
  getter?: () => ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: readonly ZodLike[];
  left?: ZodLike;
  right?: ZodLike;
}
const defOf = (schema: ZodLike): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const wrappers = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
  'success',
]);
const openTypes = new Set(['any', 'unknown', 'record', 'map', 'custom', 'transform']);

/** Strips wrappers, arrays and laziness down to the schema whose fields a selection names. */
function resolve(schema: ZodLike): ZodLike {
  for (let depth = 0; depth < 64; depth++) {
    const def = defOf(schema);
    if (wrappers.has(def.type) && def.innerType) schema = def.innerType;
    else if (def.type === 'array' && def.element) schema = def.element;
    else if (def.type === 'lazy' && def.getter) schema = def.getter();
    else if (def.type === 'pipe' && def.in && def.out) schema = defOf(def.out).type === 'transform' ? def.in : def.out;
    else return schema;
  }
  return schema;
}

/**
 * The first selected field the schema does not know (as a dotted path), or null when all are known.
 * Below an open schema (record, unknown, any, a loose object without declared keys) anything is accepted.
 */
export function unknownField(selection: FieldSelection | true, schema: ZodLike, prefix = ''): string | null {
  if (selection === true) return null;
  const resolved = resolve(schema);
  const def = defOf(resolved);
  if (openTypes.has(def.type)) return null;
  if (def.type === 'union' || def.type === 'intersection') {
    const options = def.type === 'union' ? (def.options ?? []) : [def.left!, def.right!];
    for (const [key, inner] of selection) {
      const single = new Map([[key, inner]]);
      if (!options.some((option) => unknownField(single, option, prefix) === null)) return prefix + key;
    }
    return null;
  }
  if (def.type !== 'object' || !def.shape) {
    const [first] = selection.keys();
    return prefix + (first ?? '');
  }
  // A loose object's declared keys are its vocabulary (Google rejects unknown selections); only
  // an object that declares none (its inner shape left unknown) accepts any key.
  const open =
    def.catchall !== undefined && defOf(def.catchall).type !== 'never' && Object.keys(def.shape).length === 0;
  for (const [key, inner] of selection) {
    const child = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
    if (!child) {
      if (open) continue;
      return prefix + key;
    }
    const problem = unknownField(inner, child, `${prefix}${key}/`);
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Parses and checks `fields` against an operation's response schema, remembering the result per
 * expression (clients send the same few expressions over and over).
 */
export class FieldsCompiler {
  private readonly cache = new Map<string, FieldSelection | true>();

  constructor(private readonly schema: ZodLike | null) {}

  compile(expression: string): FieldSelection | true {
    const cached = this.cache.get(expression);
    if (cached !== undefined) return cached;
    let selection: FieldSelection | true;
    try {
      selection = parseFields(expression);
    } catch (error) {
      const shown = expression.length > 200 ? `${expression.slice(0, 200)}…` : expression;
      throw invalidSelection(`${shown} (${(error as Error).message})`);
    }
    const problem = this.schema ? unknownField(selection, this.schema) : null;
    if (problem !== null) throw invalidSelection(problem);
    if (this.cache.size >= 256) this.cache.clear();
    this.cache.set(expression, selection);
    return selection;
  }
}

const invalidSelection = (what: string): ApiError =>
  new ApiError(400, 'invalidParameter', `Invalid field selection ${what}`, {
    location: 'fields',
    locationType: 'parameter',
  });
