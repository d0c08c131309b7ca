import type { z } from 'zod';

/**
 * A plain reading of a body schema, for the bodies it can judge alone: when the schema certainly
 * accepts the value, what its parse would give (the value itself, or a copy with an object's keys
 * in the schema's order, as the parse writes them); otherwise `unjudged`, and the body goes
 * through the schema itself, which also words every error. Left to the schema: refinements,
 * records, unions, transforms, checks not read here, keys the schema does not name, required
 * fields. Most bodies are plain objects of strings, numbers, booleans and small arrays, and a
 * schema parse of an event body cost more than reading and storing the event.
 */
export type PlainCheck = (value: unknown) => unknown;

/** What a plain check answers for a value it cannot judge (or that the schema refuses). */
export const unjudged: unique symbol = Symbol('unjudged');

interface Def {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
  readonly innerType?: z.ZodType;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly catchall?: z.ZodType;
  readonly element?: z.ZodType;
  readonly entries?: Readonly<Record<string, string | number>>;
}

interface CheckDef {
  readonly check: string;
  readonly maximum?: number;
  readonly minimum?: number;
  readonly format?: string;
  readonly value?: number | bigint;
  readonly inclusive?: boolean;
}

const compiled = new WeakMap<z.ZodType, PlainCheck>();
const never: PlainCheck = () => unjudged;
const same: PlainCheck = (v) => v;

/** The plain check of `schema` (compiled once per schema). */
export function plainCheckOf(schema: z.ZodType): PlainCheck {
  let check = compiled.get(schema);
  if (!check) {
    check = compile(schema);
    compiled.set(schema, check);
  }
  return check;
}

function compile(schema: z.ZodType): PlainCheck {
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'optional': {
      if (def.checks?.length) return never;
      const inner = plainCheckOf(def.innerType!);
      return (v) => (v === undefined ? v : inner(v));
    }
    case 'nullable': {
      if (def.checks?.length) return never;
      const inner = plainCheckOf(def.innerType!);
      return (v) => (v === null ? v : inner(v));
    }
    case 'unknown':
    case 'any':
      return def.checks?.length ? never : same;
    case 'boolean':
      return def.checks?.length ? never : (v) => (typeof v === 'boolean' ? v : unjudged);
    case 'string':
      return stringCheck(def);
    case 'number':
      return numberCheck(def);
    case 'enum': {
      if (def.checks?.length) return never;
      const values = new Set<unknown>(Object.values(def.entries ?? {}));
      return (v) => (values.has(v) ? v : unjudged);
    }
    case 'array':
      return arrayCheck(def);
    case 'object':
      return objectCheck(def);
    default:
      return never;
  }
}

/** Length bounds (the only checks read here on strings and arrays), or undefined for any other check. */
function lengthBounds(def: Def): { min: number; max: number } | undefined {
  let min = 0;
  let max = Infinity;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'max_length' && typeof c.maximum === 'number') max = Math.min(max, c.maximum);
    else if (c.check === 'min_length' && typeof c.minimum === 'number') min = Math.max(min, c.minimum);
    else return undefined;
  }
  return { min, max };
}

function stringCheck(def: Def): PlainCheck {
  const bounds = lengthBounds(def);
  if (!bounds) return never;
  const { min, max } = bounds;
  return (v) => (typeof v === 'string' && v.length >= min && v.length <= max ? v : unjudged);
}

function arrayCheck(def: Def): PlainCheck {
  const bounds = lengthBounds(def);
  if (!bounds) return never;
  const { min, max } = bounds;
  const element = plainCheckOf(def.element!);
  return (v) => {
    if (!Array.isArray(v) || v.length < min || v.length > max) return unjudged;
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      const parsed = element(item);
      if (parsed === unjudged) return unjudged;
      if (parsed !== item) (out ??= v.slice())[i] = parsed;
    }
    return out ?? v;
  };
}

function numberCheck(def: Def): PlainCheck {
  let integer = false;
  let low: { value: number; inclusive: boolean } | undefined;
  let high: { value: number; inclusive: boolean } | undefined;
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    // One of each: more bounds of a kind than that are left to the schema.
    if (c.check === 'number_format' && c.format === 'safeint' && !integer) integer = true;
    else if (c.check === 'greater_than' && typeof c.value === 'number' && !low)
      low = { value: c.value, inclusive: c.inclusive === true };
    else if (c.check === 'less_than' && typeof c.value === 'number' && !high)
      high = { value: c.value, inclusive: c.inclusive === true };
    else return never;
  }
  return (v) =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    (!integer || Number.isSafeInteger(v)) &&
    (!low || (low.inclusive ? v >= low.value : v > low.value)) &&
    (!high || (high.inclusive ? v <= high.value : v < high.value))
      ? v
      : unjudged;
}

function objectCheck(def: Def): PlainCheck {
  // Refinements of the whole object (superRefine) are checks this reading does not make.
  if (def.checks?.length) return never;
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const fields = new Map<string, { index: number; check: PlainCheck }>();
  let required = false;
  keys.forEach((key, index) => {
    // What the parse makes of an absent field that is not optional is the schema's call.
    if ((shape[key]!._zod.def as unknown as Def).type !== 'optional') required = true;
    // Checks are compiled on first use: a field that is never sent costs nothing.
    let check: PlainCheck | undefined;
    fields.set(key, { index, check: (v) => (check ??= plainCheckOf(shape[key]!))(v) });
  });
  if (required) return never;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return unjudged;
    if (Object.getPrototypeOf(v) !== Object.prototype) return unjudged;
    const input = v as Record<string, unknown>;
    let last = -1;
    let ordered = true;
    let changed = false;
    const parsed: [number, string, unknown][] = [];
    for (const key in input) {
      // An unknown key is dropped (or kept after the known ones) by the parse: the schema's call.
      const field = Object.hasOwn(input, key) ? fields.get(key) : undefined;
      if (!field) return unjudged;
      const value = input[key];
      const out = field.check(value);
      if (out === unjudged) return unjudged;
      if (out !== value) changed = true;
      if (field.index < last) ordered = false;
      last = field.index;
      parsed.push([field.index, key, out]);
    }
    if (ordered && !changed) return v;
    // The parse writes the fields in the schema's order.
    if (!ordered) parsed.sort((a, b) => a[0] - b[0]);
    const out: Record<string, unknown> = {};
    for (const [, key, value] of parsed) out[key] = value;
    return out;
  };
}
