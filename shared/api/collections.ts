import type { ApiArea, ParamSpecs } from './operation';

/**
 * The collections the three APIs keep: what an operation reads and writes, what the core's
 * `changed` events name, and what a cache (the renderer's queries, a mirror) is partitioned by.
 *
 * A keyed collection is partitioned by the id of the thing it belongs to (a calendar's events, a
 * task list's tasks, a file's permissions). The key's `aliases` name some partition without saying
 * which (`primary`, `@default`, `root`), so a value equal to an alias may stand for any key.
 */
interface CollectionDefinition {
  /** The API whose operations use it; null for a collection both Calendar and Drive have. */
  readonly area: ApiArea | null;
  readonly keyedBy: { readonly id: 'calendar' | 'tasklist' | 'file'; readonly aliases: readonly string[] } | null;
}

const byCalendar = { id: 'calendar', aliases: ['primary'] } as const;
const byTasklist = { id: 'tasklist', aliases: ['@default'] } as const;
const byFile = { id: 'file', aliases: ['root'] } as const;

export const collectionDefinitions = {
  /** The signed-in user's list of calendars, with their per-user settings (colour, hidden, reminders). */
  calendarList: { area: 'calendar', keyedBy: null },
  /** A calendar's own metadata (summary, time zone, description). */
  calendars: { area: 'calendar', keyedBy: byCalendar },
  acl: { area: 'calendar', keyedBy: byCalendar },
  events: { area: 'calendar', keyedBy: byCalendar },
  settings: { area: 'calendar', keyedBy: null },
  colors: { area: 'calendar', keyedBy: null },
  /** Watch channels; they cannot be listed or read back, only opened (by a watch) and stopped. */
  channels: { area: null, keyedBy: null },
  tasklists: { area: 'tasks', keyedBy: null },
  tasks: { area: 'tasks', keyedBy: byTasklist },
  /** File metadata and content, across My Drive and shared drives. */
  files: { area: 'drive', keyedBy: null },
  permissions: { area: 'drive', keyedBy: byFile },
  comments: { area: 'drive', keyedBy: byFile },
  replies: { area: 'drive', keyedBy: byFile },
  revisions: { area: 'drive', keyedBy: byFile },
  drives: { area: 'drive', keyedBy: null },
  /** Drive's change feed. */
  changes: { area: 'drive', keyedBy: null },
  /** The user, their storage quota and Drive's capabilities. */
  about: { area: 'drive', keyedBy: null },
} as const satisfies Record<string, CollectionDefinition>;

type Definitions = typeof collectionDefinitions;
export type Collection = keyof Definitions;
export type KeyedCollection = { [C in Collection]: Definitions[C]['keyedBy'] extends null ? never : C }[Collection];
export type UnkeyedCollection = Exclude<Collection, KeyedCollection>;

export const collectionNames = Object.keys(collectionDefinitions) as Collection[];
export const keyedCollections = collectionNames.filter(
  (name): name is KeyedCollection => collectionDefinitions[name].keyedBy !== null,
);
export const unkeyedCollections = collectionNames.filter(
  (name): name is UnkeyedCollection => collectionDefinitions[name].keyedBy === null,
);

export function isKeyedCollection(collection: Collection): collection is KeyedCollection {
  return collectionDefinitions[collection].keyedBy !== null;
}

export function areaOfCollection(collection: Collection): ApiArea | null {
  return collectionDefinitions[collection].area;
}

/** True when `value` names some partition of the collection without saying which (`primary`, `@default`, `root`). */
function isKeyAlias(collection: Collection, value: string): boolean {
  const keyedBy: CollectionDefinition['keyedBy'] = collectionDefinitions[collection].keyedBy;
  return keyedBy !== null && keyedBy.aliases.includes(value);
}

/** Parameters of an operation that can carry a key: string-valued ones (any name, for an operation not known). */
type KeyParam<P extends ParamSpecs> = string extends keyof P
  ? string
  : { [K in keyof P]: P[K]['type'] extends 'string' ? K : never }[keyof P] & string;

/**
 * What an operation reads or writes. For a keyed collection, `key` names the operation's parameter
 * whose value is the partition's key (e.g. `calendarId`); without it the operation touches every
 * partition (or one it cannot name before the call, such as a calendar being created). A key on an
 * optional parameter applies only when the call gives that parameter (`destinationTasklist`).
 */
export type CollectionAccess<P extends ParamSpecs = ParamSpecs> =
  | { readonly collection: KeyedCollection; readonly key?: KeyParam<P> }
  | { readonly collection: UnkeyedCollection; readonly key?: never };

/** One collection, or one partition of a keyed one: what a `changed` event names. */
export type CollectionRef =
  | { readonly collection: KeyedCollection; readonly key?: string }
  | { readonly collection: UnkeyedCollection; readonly key?: undefined };

/** A stable text form of a reference, for maps and log lines; never parsed back. */
export function collectionRefId(ref: CollectionRef): string {
  return ref.key === undefined ? ref.collection : `${ref.collection}/${ref.key}`;
}

/**
 * The collections a call with these parameters touches, keys resolved from the parameters. An
 * access keyed on a parameter the call does not give is left out (it is optional and not used).
 */
export function resolveAccesses(
  accesses: readonly CollectionAccess[] | undefined,
  params: Readonly<Record<string, unknown>>,
): CollectionRef[] {
  const refs = new Map<string, CollectionRef>();
  for (const access of accesses ?? []) {
    const ref = resolveAccess(access, params);
    if (ref) refs.set(collectionRefId(ref), ref);
  }
  // A reference to a whole collection covers its partitions.
  return [...refs.values()].filter((ref) => ref.key === undefined || !refs.has(ref.collection));
}

function resolveAccess(access: CollectionAccess, params: Readonly<Record<string, unknown>>): CollectionRef | undefined {
  if (!isKeyedCollection(access.collection) || access.key === undefined) return { collection: access.collection };
  const value = params[access.key];
  if (typeof value === 'string' && value !== '') return { collection: access.collection, key: value };
  return undefined;
}

/** Collection declarations as the registry keeps them (keys already checked against the parameters). */
interface DeclaresCollections {
  readonly reads?: readonly CollectionAccess[];
  readonly writes?: readonly CollectionAccess[];
}

/** What a successful call of the operation with these parameters may have changed. */
export function collectionsWrittenBy(
  operation: DeclaresCollections,
  params: Readonly<Record<string, unknown>>,
): CollectionRef[] {
  return resolveAccesses(operation.writes, params);
}

/**
 * Whether the answer of a call with these parameters may be stale after `changed` changed: the
 * operation reads that collection, and in the changed partition, or in one it cannot tell apart
 * from it (a whole-collection read, an alias such as `primary`, a key parameter not given).
 */
export function readIsAffectedBy(
  operation: DeclaresCollections,
  params: Readonly<Record<string, unknown>>,
  changed: CollectionRef,
): boolean {
  return (operation.reads ?? []).some((access) => {
    if (access.collection !== changed.collection) return false;
    if (changed.key === undefined || access.key === undefined) return true;
    const value = params[access.key];
    if (typeof value !== 'string') return true;
    return (
      value === changed.key || isKeyAlias(changed.collection, value) || isKeyAlias(changed.collection, changed.key)
    );
  });
}

/**
 * Collections that operations change together with `collection`: what a change reported by a
 * feed (Drive's `changes`) may stand for.
 */
export function collectionsWrittenWith(
  operations: readonly DeclaresCollections[],
  collection: Collection,
): Collection[] {
  const found = new Set<Collection>();
  for (const op of operations) {
    const written = (op.writes ?? []).map((access) => access.collection);
    if (written.includes(collection)) for (const other of written) if (other !== collection) found.add(other);
  }
  return collectionNames.filter((name) => found.has(name));
}
