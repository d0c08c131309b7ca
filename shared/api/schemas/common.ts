import { z } from 'zod';

/**
 * Building blocks for the resource schemas.
 *
 * Every resource is described once, as a shape of its fields. From that shape come
 * - the resource (response) schema: every field optional (Google omits empty fields) and unknown
 *   keys kept, so answers from Google itself parse even when it adds fields;
 * - the request schema: every field optional and also nullable (a PATCH body clears a field with
 *   `null`), unknown top-level keys stripped. Which fields a write really needs is the handler's call.
 */

export type FieldShape = Readonly<Record<string, z.ZodType>>;
type OptionalFields<S extends FieldShape> = { -readonly [K in keyof S]: z.ZodOptional<S[K]> };
type ClearableFields<S extends FieldShape> = { -readonly [K in keyof S]: z.ZodOptional<z.ZodNullable<S[K]>> };

function mapShape(shape: FieldShape, f: (field: z.ZodType) => z.ZodType): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, f(field)]));
}

/** A resource as the service answers it: all fields optional, unknown keys kept. */
export function resourceSchema<S extends FieldShape>(shape: S) {
  return z.looseObject(mapShape(shape, (field) => field.optional()) as OptionalFields<S>);
}

/** A resource as a request body: all fields optional and clearable with null; unknown top-level keys dropped. */
export function requestSchema<S extends FieldShape>(shape: S) {
  return z.object(mapShape(shape, (field) => field.nullable().optional()) as ClearableFields<S>);
}

/** An inner object (of a resource field): all fields optional, unknown keys kept. */
export const inner = resourceSchema;

/**
 * A 64-bit integer, which Google's JSON carries as a decimal string; numbers are accepted too
 * (clients often send e.g. a channel expiration as a number) and normalised to the string form.
 */
export const int64 = z
  .union([z.string().regex(/^-?\d+$/, 'Expected a decimal integer'), z.number().int()])
  .transform((value) => String(value));

/** A string-to-string map (extended properties, channel params, export links...). */
export const stringMap = z.record(z.string(), z.string());

/** `kind` value of the resource: any string (the service always writes the fixed one). */
export const kind = z.string();

const channelShape = {
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
} as const;

/** Notification channel (`api#channel`): answered by every watch call. */
export const Channel = resourceSchema(channelShape);
export type Channel = z.output<typeof Channel>;
/** Channel body of the watch calls and of channels.stop. */
export const ChannelInput = requestSchema(channelShape);
export type ChannelInput = z.input<typeof ChannelInput>;

/** Error details of Google's error body, `{error: {code, message, errors: [...]}}`. */
export const GoogleErrorItem = resourceSchema({
  domain: z.string(),
  reason: z.string(),
  message: z.string(),
  location: z.string(),
  locationType: z.string(),
});
export const GoogleErrorBody = z.looseObject({
  error: z.looseObject({
    code: z.number().int(),
    message: z.string(),
    status: z.string().optional(),
    errors: z.array(GoogleErrorItem).optional(),
  }),
});
export type GoogleErrorBody = z.output<typeof GoogleErrorBody>;
