import type { Resource } from './mirror-store';

/** One field's three values, absent meaning "not set". */
export interface FieldConflict {
  readonly field: string;
  readonly base?: unknown;
  readonly mine?: unknown;
  readonly theirs?: unknown;
}

export interface MergeOutcome {
  /** What of mine still has to be sent (a patch body): fields only I changed. */
  readonly send: Resource;
  /** Fields both sides changed to different values: the server's value stays, mine is kept here. */
  readonly conflicts: FieldConflict[];
}

/** Objects replaced whole by a patch, and compared whole by a merge (an event's times: `date` or `dateTime`). */
const atomicFields = new Set(['start', 'end', 'originalStartTime']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaf paths of a patch body: nested objects are walked, arrays and scalars are leaves. */
export function leafPaths(body: Record<string, unknown>, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (isPlainObject(value) && Object.keys(value).length > 0 && !atomicFields.has(path))
      paths.push(...leafPaths(value, path));
    else paths.push(path);
  }
  return paths;
}

export function valueAt(resource: Resource | null | undefined, path: string): unknown {
  let value: unknown = resource ?? undefined;
  for (const part of path.split('.')) {
    if (!isPlainObject(value)) return undefined;
    value = value[part];
  }
  return value;
}

function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(node[part])) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

/** Structural equality of JSON values (key order ignored); undefined and null are the same "not set". */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!same(a[key], b[key])) return false;
    return true;
  }
  return false;
}

const present = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * Three-way merge of a queued patch (`mine`) against the server's copy now (`theirs`), with the
 * mirror's synced copy when the change was made as `base`, field by field (leaf paths of `mine`):
 * a field only I changed is sent; one the server changed to the same value needs nothing; one both
 * changed to different values is a conflict (the server's value stays, mine is kept in it). Fields
 * only the server changed are the server's already.
 */
export function mergeFields(base: Resource | null, mine: Record<string, unknown>, theirs: Resource): MergeOutcome {
  const send: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const path of leafPaths(mine)) {
    const baseValue = valueAt(base, path);
    const mineValue = valueAt(mine, path);
    const theirValue = valueAt(theirs, path);
    if (same(theirValue, mineValue)) continue;
    if (same(theirValue, baseValue)) {
      setAt(send, path, mineValue);
      continue;
    }
    if (same(mineValue, baseValue)) continue;
    conflicts.push({
      field: path,
      ...(present(baseValue) ? { base: baseValue } : {}),
      ...(present(mineValue) ? { mine: mineValue } : {}),
      ...(present(theirValue) ? { theirs: theirValue } : {}),
    });
  }
  return { send, conflicts };
}

/**
 * What a full replacement (`update`) changed relative to its base, as a patch: fields set or
 * changed, and fields it dropped (as null). Server-owned fields are left out.
 */
export function diffAsPatch(base: Resource | null, next: Resource, serverOwned: ReadonlySet<string>): Resource {
  const patch: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(next)) {
    if (serverOwned.has(name)) continue;
    if (!same(value, base?.[name])) patch[name] = value;
  }
  for (const name of Object.keys(base ?? {})) {
    if (serverOwned.has(name) || name in next) continue;
    patch[name] = null;
  }
  return patch;
}

/** A JSON merge patch applied to a copy (nested objects merged, null removes, arrays replaced). */
export function applyPatch(target: Resource, patch: Record<string, unknown>): Resource {
  const out: Record<string, unknown> = { ...target };
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete out[name];
    else if (isPlainObject(value) && isPlainObject(out[name]) && !atomicFields.has(name))
      out[name] = applyPatch(out[name], value);
    else out[name] = value;
  }
  return out;
}
