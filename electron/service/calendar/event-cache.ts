import type { Database } from 'better-sqlite3';
import type { EventHead, EventRow } from './events-repository';
import type { EventResource } from './event-types';
import type { EventViewer, KnownInstants } from './event-view';
import { renderEvent } from './event-view';
import { repositoriesFor } from './repositories';

/**
 * Listing the same events again (paging back and forth, repeated syncs, several windows over one
 * calendar) would parse and render each stored event again. A row version (`pk`, `change_seq`)
 * never changes content, so its parsed resource and its rendering for one kind of viewer are
 * cached. Cached values are shared: callers must not mutate them.
 */
const LIMIT = 5_000;

class Lru<V> {
  private readonly map = new Map<string, V>();

  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.map.set(key, value);
    if (this.map.size > LIMIT) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
  }
}

interface Caches {
  resources: Lru<EventResource>;
  renders: Lru<Record<string, unknown>>;
}

const byDatabase = new WeakMap<Database, Caches>();

function caches(db: Database): Caches {
  let c = byDatabase.get(db);
  if (!c) {
    c = { resources: new Lru(), renders: new Lru() };
    byDatabase.set(db, c);
  }
  return c;
}

const versionKey = (row: Pick<EventRow, 'pk' | 'change_seq'>): string => `${row.pk}:${row.change_seq}`;

/** Everything rendering depends on besides the row itself. */
export const viewerKey = (viewer: EventViewer): string =>
  `${viewer.role}|${viewer.calendarId}|${viewer.calendarZone}|${viewer.responseZone}|${viewer.maxAttendees ?? ''}`;

/** A head row may lack its JSON; it is then read by primary key. */
function resourceJson(db: Database, row: EventHead | EventRow): string {
  return 'resource' in row ? row.resource : repositoriesFor(db).events.body(row.pk).resource;
}

export function cachedResource(db: Database, row: EventHead | EventRow): EventResource {
  const c = caches(db);
  const key = versionKey(row);
  let resource = c.resources.get(key);
  if (!resource) {
    resource = JSON.parse(resourceJson(db, row)) as EventResource;
    c.resources.set(key, resource);
  }
  return resource;
}

/** Loads, in one query, the resources of the rows not cached yet (a scan's batch of heads). */
export function preloadResources(db: Database, rows: readonly (EventHead | EventRow)[]): void {
  const c = caches(db);
  const missing = new Map<number, string>();
  for (const row of rows) {
    const key = versionKey(row);
    if (c.resources.get(key)) continue;
    if ('resource' in row) c.resources.set(key, JSON.parse(row.resource) as EventResource);
    else missing.set(row.pk, key);
  }
  if (missing.size === 0) return;
  for (const body of repositoriesFor(db).events.bodies([...missing.keys()])) {
    const key = missing.get(body.pk);
    if (key) c.resources.set(key, JSON.parse(body.resource) as EventResource);
  }
}

/** The lower-cased text `q` searches. */
export function searchTextOf(db: Database, row: EventHead | EventRow): string {
  return 'search_text' in row ? row.search_text : repositoriesFor(db).events.body(row.pk).search_text;
}

export function cachedRender(db: Database, row: EventHead, viewer: EventViewer, viewerCacheKey: string, known: KnownInstants): Record<string, unknown> {
  const c = caches(db);
  const key = `${versionKey(row)}|${viewerCacheKey}`;
  let rendered = c.renders.get(key);
  if (!rendered) {
    rendered = renderEvent(cachedResource(db, row), row.change_seq, viewer, known);
    c.renders.set(key, rendered);
  }
  return rendered;
}
