import { RawJson } from '../../http/raw-json';
import type { EventsRepository, EventVersion } from './events-repository';
import type { EventResource } from './event-types';
import type { EventViewer, KnownInstants } from './event-view';
import { renderEvent } from './event-view';
import type { Role } from './roles';
import { atLeast } from './roles';

/**
 * Listing the same events again (paging back and forth, repeated syncs, several windows over one
 * calendar) would parse, render and serialize each stored event again. A row version (`pk`,
 * `change_seq`) never changes content: every write gives the row a new change_seq, so a cached value
 * whose sequence differs from the row's is stale and is replaced. Two things are cached per row:
 * its parsed resource, and its rendering as JSON text for each kind of viewer that listed it.
 * Cached values are shared: callers must not mutate them.
 */
const ROWS_PER_GENERATION = 10_000;
/**
 * Events have no size limit (descriptions, attendee lists), so a generation is also bounded by the
 * JSON text its entries came from or render to: 8 M characters, a thousand times a typical event.
 */
const CHARS_PER_GENERATION = 8_000_000;
/** Renderings kept per row: one per kind of viewer (role class, zones, attendee limit). */
const VARIANTS_PER_ROW = 4;
const MAX_VARIANTS = 1_000;

/**
 * A bounded map that approximates least-recently-used eviction without reordering on hits: new
 * and recently read entries live in the young generation; when it fills up (in entries or in
 * weight) it becomes the old one (the previous old generation is dropped), and an entry read from
 * the old one moves back.
 */
class GenerationalMap<V> {
  private young = new Map<number, V>();
  private old = new Map<number, V>();
  private youngWeight = 0;

  constructor(private readonly weigh: (value: V) => number) {}

  get(key: number): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged !== undefined) this.set(key, aged);
    return aged;
  }

  set(key: number, value: V): void {
    this.old.delete(key);
    const replaced = this.young.get(key);
    if (replaced !== undefined) this.youngWeight -= this.weigh(replaced);
    this.young.set(key, value);
    this.youngWeight += this.weigh(value);
    if (this.young.size >= ROWS_PER_GENERATION || this.youngWeight >= CHARS_PER_GENERATION) {
      this.old = this.young;
      this.young = new Map();
      this.youngWeight = 0;
    }
  }

  /** Entries held in both generations (for tests of the bound). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}

interface CachedResource {
  readonly seq: number;
  readonly resource: EventResource;
  /** Length of the JSON text it was parsed from. */
  readonly chars: number;
}

/** One rendering of one row version; further variants of the same version are chained. */
interface CachedRendering {
  readonly seq: number;
  readonly variant: number;
  readonly json: RawJson;
  readonly next: CachedRendering | undefined;
}

function renderingChars(head: CachedRendering): number {
  let chars = 0;
  for (let e: CachedRendering | undefined = head; e; e = e.next) chars += e.json.text.length;
  return chars;
}

/** Parsed and rendered events kept between requests by one Calendar area. */
export class EventCache {
  resources = new GenerationalMap<CachedResource>((r) => r.chars);
  renderings = new GenerationalMap<CachedRendering>(renderingChars);
  /** Numbers naming the kinds of viewer seen so far (see `renderVariant`). */
  readonly variants = new Map<string, number>();

  constructor(readonly events: EventsRepository) {}

  /** Rows held (for tests of the bounds). */
  size(): { resources: number; renderings: number } {
    return { resources: this.resources.size, renderings: this.renderings.size };
  }

  clear(): void {
    this.resources = new GenerationalMap<CachedResource>((r) => r.chars);
    this.renderings = new GenerationalMap<CachedRendering>(renderingChars);
    this.variants.clear();
  }
}

/** What rendering makes of a role: free/busy only, reader (private events without details), or everything. */
function roleClass(role: Role): string {
  if (!atLeast(role, 'reader')) return 'busy';
  return atLeast(role, 'writer') ? 'full' : 'reader';
}

/**
 * A small number naming everything rendering depends on besides the row version (which fixes the
 * calendar too: a row belongs to one). The calendar's zone is part of it because changing the zone
 * rewrites rows' derived instants without giving them a new change_seq. 0 (past a bound on distinct
 * variants) means "do not cache".
 */
export function renderVariant(c: EventCache, viewer: EventViewer): number {
  const key = `${roleClass(viewer.role)}|${viewer.calendarZone}|${viewer.responseZone}|${viewer.maxAttendees ?? ''}`;
  let variant = c.variants.get(key);
  if (variant === undefined) {
    if (c.variants.size >= MAX_VARIANTS) return 0;
    variant = c.variants.size + 1;
    c.variants.set(key, variant);
  }
  return variant;
}

/** A version may lack its JSON (a key or head row); it is then read by primary key. */
function resourceJson(c: EventCache, row: EventVersion): string {
  return row.resource ?? c.events.body(row.pk).resource;
}

export function cachedResource(c: EventCache, row: EventVersion): EventResource {
  const cached = c.resources.get(row.pk);
  if (cached && cached.seq === row.change_seq) return cached.resource;
  const text = resourceJson(c, row);
  const resource = JSON.parse(text) as EventResource;
  c.resources.set(row.pk, { seq: row.change_seq, resource, chars: text.length });
  return resource;
}

/** Loads, in one query, the resources of the rows not cached yet (a scan's batch of heads). */
export function preloadResources(c: EventCache, rows: readonly EventVersion[]): void {
  const missing = new Map<number, number>();
  for (const row of rows) {
    const cached = c.resources.get(row.pk);
    if (cached && cached.seq === row.change_seq) continue;
    if (row.resource !== undefined)
      c.resources.set(row.pk, {
        seq: row.change_seq,
        resource: JSON.parse(row.resource) as EventResource,
        chars: row.resource.length,
      });
    else missing.set(row.pk, row.change_seq);
  }
  if (missing.size === 0) return;
  for (const body of c.events.bodies([...missing.keys()])) {
    const seq = missing.get(body.pk);
    if (seq !== undefined)
      c.resources.set(body.pk, {
        seq,
        resource: JSON.parse(body.resource) as EventResource,
        chars: body.resource.length,
      });
  }
}

/** The lower-cased text `q` searches. */
export function searchTextOf(c: EventCache, row: EventVersion & { search_text?: string }): string {
  return row.search_text ?? c.events.body(row.pk).search_text;
}

function findRendering(c: EventCache, row: EventVersion, variant: number): CachedRendering | undefined {
  let entry = c.renderings.get(row.pk);
  if (!entry || entry.seq !== row.change_seq) return undefined;
  while (entry && entry.variant !== variant) entry = entry.next;
  return entry;
}

function storeRendering(c: EventCache, row: EventVersion, variant: number, json: RawJson): void {
  const head = c.renderings.get(row.pk);
  // Other variants of the same version stay (up to a few); those of an older version go.
  let kept: CachedRendering | undefined;
  if (head && head.seq === row.change_seq) {
    const others: CachedRendering[] = [];
    for (let e: CachedRendering | undefined = head; e && others.length < VARIANTS_PER_ROW - 1; e = e.next) {
      if (e.variant !== variant) others.push(e);
    }
    for (let i = others.length - 1; i >= 0; i--) {
      const e = others[i]!;
      kept = { seq: e.seq, variant: e.variant, json: e.json, next: kept };
    }
  }
  c.renderings.set(row.pk, { seq: row.change_seq, variant, json, next: kept });
}

/**
 * The row as `viewer` sees it, as JSON text to splice into a response. `variant` is
 * `renderVariant(viewer)`, computed once per request; `known` are the row's instants when the
 * caller has them (they spare re-reading the times on a miss).
 */
export function renderedEventJson(
  c: EventCache,
  row: EventVersion,
  viewer: EventViewer,
  variant: number,
  known?: KnownInstants,
): RawJson {
  const hit = variant === 0 ? undefined : findRendering(c, row, variant);
  if (hit) return hit.json;
  const json = new RawJson(JSON.stringify(renderEvent(cachedResource(c, row), row.change_seq, viewer, known)));
  if (variant !== 0) storeRendering(c, row, variant, json);
  return json;
}

/** Renders several rows, reading the resources of all misses in one query first. */
export function renderedEventsJson(
  c: EventCache,
  rows: readonly EventVersion[],
  viewer: EventViewer,
  variant: number,
  knownOf?: (row: EventVersion) => KnownInstants | undefined,
): RawJson[] {
  const out: RawJson[] = new Array<RawJson>(rows.length);
  const misses: number[] = [];
  rows.forEach((row, i) => {
    const hit = variant === 0 ? undefined : findRendering(c, row, variant);
    if (hit) out[i] = hit.json;
    else misses.push(i);
  });
  if (misses.length > 1)
    preloadResources(
      c,
      misses.map((i) => rows[i]!),
    );
  for (const i of misses) out[i] = renderedEventJson(c, rows[i]!, viewer, variant, knownOf?.(rows[i]!));
  return out;
}
