/**
 * Google's partial-update rules, shared by every patch handler: a PATCH body is merged into the
 * stored resource object by object (recursively), an array in the body replaces the stored one
 * whole, and an explicit `null` clears a field at any depth (JSON merge patch, RFC 7396). In an
 * insert or a full update a `null` means "not set" (see {@link withoutNulls}).
 */

import type { z } from 'zod';
import { badRequest } from './api-error';

export type JsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sets a member as JSON.parse does: a key such as `__proto__` stays a plain member, never the prototype. */
function setMember(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Whether an object member anywhere in `value` is null (what `withoutNulls` would remove). */
function holdsNullMember(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsNullMember);
  if (!isJsonObject(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const member = value[key];
    if (member === null || (typeof member === 'object' && holdsNullMember(member))) return true;
  }
  return false;
}

/**
 * `value` with every null object member removed, at any depth (array items are kept as they are).
 * Most bodies hold no null: they are returned as they are, without a copy.
 */
export function withoutNulls<T>(value: T): T {
  return holdsNullMember(value) ? copyWithoutNulls(value) : value;
}

function copyWithoutNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => copyWithoutNulls(item as unknown)) as T;
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(value)) {
    if (member !== null) setMember(out, key, copyWithoutNulls(member));
  }
  return out as T;
}

/**
 * The JSON merge patch of `patch` onto `target`: objects merge member by member, `null` removes a
 * member, anything else (arrays included) replaces it. Neither argument is modified.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return withoutNulls(patch);
  const out: JsonObject = {};
  if (isJsonObject(target)) for (const [key, member] of Object.entries(target)) setMember(out, key, member);
  for (const [key, member] of Object.entries(patch)) {
    if (member === null) delete out[key];
    else if (member !== undefined)
      setMember(out, key, mergePatch(Object.hasOwn(out, key) ? out[key] : undefined, member));
  }
  return out;
}

/**
 * A patch body with each of its object members merged into the stored value of that member: the
 * result names only the fields the body names, so handlers keep checking and applying them one by
 * one, but an inner object in the body no longer replaces the stored one whole. A top-level `null`
 * stays `null` (the handler clears that field); nulls deeper down have been applied.
 */
export function mergedPatchFields(stored: object, patch: unknown): JsonObject {
  if (!isJsonObject(patch)) return {};
  const previous = stored as JsonObject;
  const out: JsonObject = {};
  for (const [key, member] of Object.entries(patch)) {
    if (member === undefined) continue;
    const stored = Object.hasOwn(previous, key) ? previous[key] : undefined;
    setMember(out, key, isJsonObject(member) ? mergePatch(stored, member) : member);
  }
  return out;
}

/**
 * Checks merged fields (see {@link mergedPatchFields}) against the schemas of the objects that hold
 * keyed maps (extended properties, preferences, headers): the body was checked on its own, but a patch
 * adds its keys to those stored, so a count or size bound holds only if the merged total is checked
 * too — here, before anything is written. Over a bound: 400 `invalid` at the field, as for a body.
 * `schemas` names top-level fields; one the body does not name is not checked.
 */
export function checkMergedFields(merged: JsonObject, schemas: Readonly<Record<string, z.ZodType>>): void {
  for (const [field, schema] of Object.entries(schemas)) {
    const value = Object.hasOwn(merged, field) ? merged[field] : undefined;
    if (!isJsonObject(value)) continue;
    const result = schema.safeParse(value);
    if (result.success) continue;
    const issue = result.error.issues[0]!;
    const where = [field, ...issue.path.map(String)].join('.');
    throw badRequest('invalid', `Invalid value at '${where}': ${issue.message}`, where);
  }
}
