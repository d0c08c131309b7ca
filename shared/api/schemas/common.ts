import { z } from 'zod';
import { lazySchema, once, unwrapLazy } from './lazy';

/**
 * Building blocks for the resource schemas.
 *
 * Every resource is described once, as a shape of its fields. From that shape come
 * - the resource (response) schema: every field optional (Google omits empty fields) and unknown
 *   keys kept, so answers from Google itself parse even when it adds fields;
 * - the request schema: every field optional and also nullable at any depth (a PATCH body clears a
 *   field with `null`; elsewhere `null` means not set), unknown top-level keys stripped. Which fields
 *   a write really needs is the handler's call.
 */

export type FieldShape = Readonly<Record<string, z.ZodType>>;
type OptionalFields<S extends FieldShape> = { -readonly [K in keyof S]: z.ZodOptional<S[K]> };

/**
 * The request form of a field's schema: every optional field of every inner object also takes
 * `null`, at any depth. Google reads a `null` anywhere in a body: a PATCH clears that field, an
 * insert or a full update takes it as "not set". Record values may be null too (a PATCH removes
 * the key). Array items stay as they are (an array is replaced whole), though their inner objects
 * take nulls like any other. Leaf types, checks and transforms are kept.
 */
export type Clearable<T extends z.ZodType> =
  T extends z.ZodOptional<infer I extends z.ZodType>
    ? z.ZodOptional<z.ZodNullable<Clearable<I>>>
    : T extends z.ZodObject<infer Sh extends z.ZodRawShape, infer C>
      ? z.ZodObject<{ -readonly [K in keyof Sh]: Sh[K] extends z.ZodType ? Clearable<Sh[K]> : Sh[K] }, C>
      : T extends z.ZodArray<infer E extends z.ZodType>
        ? z.ZodArray<Clearable<E>>
        : T extends z.ZodRecord<infer K extends z.core.$ZodRecordKey, infer V extends z.ZodType>
          ? z.ZodRecord<K, z.ZodNullable<Clearable<V>>>
          : T extends z.ZodUnion<infer O extends readonly z.ZodType[]>
            ? z.ZodUnion<{ -readonly [I in keyof O]: Clearable<O[I]> }>
            : T;
type ClearableFields<S extends FieldShape> = {
  -readonly [K in keyof S]: z.ZodOptional<z.ZodNullable<Clearable<S[K]>>>;
};

interface AnyDef {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
}

const clearableCache = new WeakMap<z.ZodType, z.ZodType>();

/** Runtime side of {@link Clearable}: rebuilds the schema with the same definition and nullable inner fields. */
export function clearable<T extends z.ZodType>(lazy: T): Clearable<T> {
  const schema = unwrapLazy(lazy);
  const cached = clearableCache.get(schema);
  if (cached) return cached as Clearable<T>;
  const def = schema._zod.def as unknown as AnyDef;
  let out: z.ZodType = schema;
  switch (def.type) {
    case 'optional':
      out = clearable(def.innerType!).nullable().optional();
      break;
    case 'nullable':
      out = clearable(def.innerType!).nullable();
      break;
    case 'object':
      out = schema.clone({ ...schema._zod.def, shape: mapShape(def.shape!, clearable) } as typeof schema._zod.def);
      break;
    case 'array':
      out = schema.clone({ ...schema._zod.def, element: clearable(def.element!) } as typeof schema._zod.def);
      break;
    case 'record':
      out = schema.clone({
        ...schema._zod.def,
        valueType: clearable(def.valueType!).nullable(),
      } as typeof schema._zod.def);
      break;
    case 'union':
      out = schema.clone({ ...schema._zod.def, options: def.options!.map(clearable) } as typeof schema._zod.def);
      break;
    default:
      break;
  }
  clearableCache.set(schema, out);
  return out as Clearable<T>;
}

function mapShape(shape: FieldShape, f: (field: z.ZodType) => z.ZodType): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, f(unwrapLazy(field))]));
}

/**
 * A shape, or a function answering it: a schema made from a function is built on first use (see
 * {@link lazySchema}), so the field schemas of a resource nothing reads are never made.
 */
export type ShapeSource<S extends FieldShape> = S | (() => S);

function isShapeFunction<S extends FieldShape>(source: ShapeSource<S>): source is () => S {
  return typeof source === 'function';
}

function looseResource<S extends FieldShape>(shape: S) {
  return z.looseObject(mapShape(shape, (field) => field.optional()) as OptionalFields<S>);
}

function clearableRequest<S extends FieldShape>(shape: S) {
  return z.object(mapShape(shape, (field) => clearable(field).nullable().optional()) as ClearableFields<S>);
}

/** A resource as the service answers it: all fields optional, unknown keys kept. */
export function resourceSchema<S extends FieldShape>(shape: ShapeSource<S>): ReturnType<typeof looseResource<S>> {
  return isShapeFunction(shape) ? lazySchema(() => looseResource(shape())) : looseResource(shape);
}

/**
 * A resource as a request body: all fields optional and clearable with null, at any depth (see
 * {@link clearable}); unknown top-level keys dropped. Responses keep the non-null shapes.
 */
export function requestSchema<S extends FieldShape>(shape: ShapeSource<S>): ReturnType<typeof clearableRequest<S>> {
  return isShapeFunction(shape) ? lazySchema(() => clearableRequest(shape())) : clearableRequest(shape);
}

/** An inner object (of a resource field): all fields optional, unknown keys kept. */
export const inner = <S extends FieldShape>(shape: ShapeSource<S>) => resourceSchema(shape);

/**
 * A 64-bit integer, which Google's JSON carries as a decimal string; numbers are accepted too
 * (clients often send e.g. a channel expiration as a number) and normalised to the string form.
 */
export const int64 = lazySchema(() =>
  z
    .union([z.string().regex(/^-?\d+$/, 'Expected a decimal integer'), z.number().int()])
    .transform((value) => String(value)),
);

/** A string-to-string map (extended properties, channel params, export links...). */
export const stringMap = lazySchema(() => z.record(z.string(), z.string()));

/** `kind` value of the resource: any string (the service always writes the fixed one). */
export const kind = lazySchema(() => z.string());

const channelShape = once(() => ({
  kind,
  id: z.string(),
  resourceId: z.string(),
  resourceUri: z.string(),
  token: z.string(),
  /** Unix time in milliseconds. */
  expiration: int64,
  type: z.string(),
  address: z.string(),
  payload: z.boolean(),
  params: stringMap,
}));

/** Notification channel (`api#channel`): answered by every watch call. */
export const Channel = resourceSchema(channelShape);
export type Channel = z.output<typeof Channel>;
/** Channel body of the watch calls and of channels.stop. */
export const ChannelInput = requestSchema(channelShape);
export type ChannelInput = z.input<typeof ChannelInput>;

/** Error details of Google's error body, `{error: {code, message, errors: [...]}}`. */
export const GoogleErrorItem = resourceSchema(() => ({
  domain: z.string(),
  reason: z.string(),
  message: z.string(),
  location: z.string(),
  locationType: z.string(),
}));
export const GoogleErrorBody = lazySchema(() =>
  z.looseObject({
    error: z.looseObject({
      code: z.number().int(),
      message: z.string(),
      status: z.string().optional(),
      errors: z.array(GoogleErrorItem).optional(),
    }),
  }),
);
export type GoogleErrorBody = z.output<typeof GoogleErrorBody>;
