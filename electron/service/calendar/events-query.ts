import { latestChangeSeq } from './change-log';
import type { CalendarRow } from './calendars-repository';
import type { EventHead } from './events-repository';
import type { EventResource } from './event-types';
import type { EventViewer } from './event-view';
import { cachedRender, cachedResource, preloadResources, searchTextOf, viewerKey } from './event-cache';
import { detailsVisible, renderEvent, rowInstants } from './event-view';
import { compareKeys, firstAfter, OccurrenceHeap } from './occurrence-heap';
import { occurrenceResource, occurrencesOf, seriesTemplate } from './occurrences';
import type { CalendarRepositories } from './repositories';
import type { PageCursor, SyncPosition } from './tokens';
import { decodePageToken, encodePageToken, encodeSyncToken, queryFingerprint } from './tokens';
import { DAY_MS } from './time';

/**
 * Event listing: filters, recurring-event expansion, stable keyset paging and sync tokens.
 * Orders: by event id (default), by (updated, id), by (start, id) when expanding recurrences, and
 * by change sequence for incremental sync.
 */

export interface EventFilters {
  showDeleted: boolean;
  singleEvents: boolean;
  orderBy?: 'startTime' | 'updated';
  timeMin?: number;
  timeMax?: number;
  q?: string;
  iCalUID?: string;
  privateProperties: [string, string][];
  sharedProperties: [string, string][];
  updatedMin?: number;
  eventTypes: string[];
}

export interface ListScope {
  r: CalendarRepositories;
  calendar: CalendarRow;
  viewer: EventViewer;
  nowMs: number;
  collection: string;
}

export interface ListPage {
  items: Record<string, unknown>[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

/** How far ahead an endless series is expanded when the query gives no timeMax. */
export const EXPANSION_HORIZON_MS = 2 * 366 * DAY_MS;
const FAR = 8.64e15;
const BATCH = 500;
const PRELOAD_SLICE = 100;

type Mode = 'sync' | 'id' | 'updated' | 'start';
type Key = number | string | [number, string];
interface CursorKey {
  m: Mode;
  k: Key;
}

const isCursorKey = (v: unknown): v is CursorKey => {
  if (typeof v !== 'object' || v === null) return false;
  const { m, k } = v as { m?: unknown; k?: unknown };
  if (m === 'sync') return typeof k === 'number';
  if (m === 'id') return typeof k === 'string';
  if (m === 'updated' || m === 'start') {
    return Array.isArray(k) && k.length === 2 && typeof k[0] === 'number' && typeof k[1] === 'string';
  }
  return false;
};


interface Candidate {
  key: Key;
  render: () => Record<string, unknown>;
}

export interface ListRequest {
  filters: EventFilters;
  maxResults: number;
  pageToken?: string;
  /** Already decoded and checked against the collection. */
  sync?: SyncPosition;
}

export function listEvents(scope: ListScope, request: ListRequest): ListPage {
  const { filters } = request;
  const fingerprint = queryFingerprint([scope.calendar.id, filters, scope.viewer.responseZone, scope.viewer.maxAttendees ?? null]);
  let cursor: PageCursor<CursorKey> | undefined;
  if (request.pageToken) cursor = decodePageToken(request.pageToken, fingerprint, isCursorKey);
  const mode: Mode = cursor?.after.m ?? (request.sync ? 'sync' : filters.singleEvents ? 'start' : filters.orderBy === 'updated' ? 'updated' : 'id');
  const snapshot: SyncPosition = cursor?.snapshot ?? { seq: latestChangeSeq(scope.r.db), at: scope.nowMs };
  const limit = request.maxResults;

  let candidates: Candidate[];
  switch (mode) {
    case 'sync':
      candidates = syncCandidates(scope, filters, cursor ? (cursor.after.k as number) : (request.sync?.seq ?? 0), limit);
      break;
    case 'id':
      candidates = idCandidates(scope, filters, cursor ? (cursor.after.k as string) : '', limit);
      break;
    case 'updated':
      candidates = updatedCandidates(scope, filters, cursor ? (cursor.after.k as [number, string]) : [-FAR, ''], limit);
      break;
    case 'start':
      candidates = startCandidates(scope, filters, cursor ? (cursor.after.k as [number, string]) : [-FAR, ''], limit);
      break;
  }

  const page: ListPage = { items: [] };
  let shownCount = Math.min(limit, candidates.length);
  // Occurrences of one changed series share a sync key; a page never splits them.
  while (shownCount < candidates.length && candidates[shownCount]?.key === candidates[shownCount - 1]?.key) shownCount += 1;
  const shown = candidates.slice(0, shownCount);
  page.items = shown.map((c) => c.render());
  const last = shown[shown.length - 1];
  if (candidates.length > shownCount && last) {
    page.nextPageToken = encodePageToken(fingerprint, { after: { m: mode, k: last.key }, snapshot });
  } else {
    page.nextSyncToken = encodeSyncToken(scope.collection, snapshot);
  }
  return page;
}

/** Filters on a stored row that do not depend on expansion. */
function rowMatches(scope: ListScope, filters: EventFilters, row: EventHead, resource: EventResource, seriesStatus: (id: string) => string | undefined): boolean {
  if (row.status === 'cancelled' && !cancelledShown(filters, row, seriesStatus)) return false;
  return resourceMatches(scope, filters, row, resource);
}

function cancelledShown(filters: EventFilters, row: EventHead, seriesStatus: (id: string) => string | undefined): boolean {
  if (filters.showDeleted || filters.updatedMin !== undefined) return true;
  // A cancelled instance of a live series says "this occurrence is gone": listed unless expanding.
  if (!filters.singleEvents && row.recurring_event_id) {
    const parent = seriesStatus(row.recurring_event_id);
    return parent !== undefined && parent !== 'cancelled';
  }
  return false;
}

function resourceMatches(scope: ListScope, filters: EventFilters, row: EventHead, resource: EventResource): boolean {
  if (filters.updatedMin !== undefined && row.updated_ms < filters.updatedMin) return false;
  if (filters.iCalUID !== undefined && row.ical_uid !== filters.iCalUID) return false;
  if (filters.eventTypes.length > 0 && !filters.eventTypes.includes(resource.eventType ?? 'default')) return false;
  if (filters.q !== undefined) {
    if (!detailsVisible(resource, scope.viewer.role)) return false;
    const terms = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
    const text = searchTextOf(scope.r.db, row);
    if (!terms.every((t) => text.includes(t))) return false;
  }
  for (const [name, value] of filters.privateProperties) {
    if (resource.extendedProperties?.private?.[name] !== value) return false;
  }
  for (const [name, value] of filters.sharedProperties) {
    if (resource.extendedProperties?.shared?.[name] !== value) return false;
  }
  return true;
}

function seriesStatusLookup(scope: ListScope): (id: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (id) => {
    if (!known.has(id)) known.set(id, scope.r.events.get(scope.calendar.id, id)?.status);
    return known.get(id);
  };
}

function windowOf(filters: EventFilters): { min: number; max: number } {
  return { min: filters.timeMin ?? -FAR, max: filters.timeMax ?? FAR };
}

function renderRow(scope: ListScope, row: EventHead): () => Record<string, unknown> {
  return () => cachedRender(scope.r.db, row, scope.viewer, viewerKey(scope.viewer), rowInstants(row));
}

/** Scans rows in batches after a key until `limit + 1` matches are found or rows run out. */
function scan<K extends Key>(
  scope: ListScope,
  fetch: (after: K, batch: number) => EventHead[],
  keyOf: (row: EventHead) => K,
  start: K,
  limit: number,
  accept: (row: EventHead, resource: EventResource) => Candidate[] | undefined,
): Candidate[] {
  const out: Candidate[] = [];
  let after = start;
  // The first batch is sized to fill the page when nothing is filtered out.
  let batch = Math.min(BATCH, limit + 1);
  for (;;) {
    const rows = fetch(after, batch);
    preloadResources(scope.r.db, rows);
    for (const row of rows) {
      const found = accept(row, cachedResource(scope.r.db, row));
      if (found) out.push(...found);
      if (out.length > limit) return out;
    }
    if (rows.length < batch) return out;
    const lastRow = rows[rows.length - 1];
    if (!lastRow) return out;
    after = keyOf(lastRow);
    batch = BATCH;
  }
}

function idCandidates(scope: ListScope, filters: EventFilters, after: string, limit: number): Candidate[] {
  const seriesStatus = seriesStatusLookup(scope);
  const window = filters.timeMin !== undefined || filters.timeMax !== undefined ? windowOf(filters) : undefined;
  const accept = (row: EventHead, resource: EventResource): Candidate[] | undefined => {
    if (window && !(row.start_ms < window.max && (row.range_end_ms === null || row.range_end_ms > window.min))) return undefined;
    if (!rowMatches(scope, filters, row, resource, seriesStatus)) return undefined;
    return [{ key: row.event_id, render: renderRow(scope, row) }];
  };
  if (filters.iCalUID !== undefined) {
    const rows = scope.r.events.byICalUid(scope.calendar.id, filters.iCalUID).filter((row) => row.event_id > after);
    return scan<string>(scope, (a) => rows.filter((row) => row.event_id > a), (row) => row.event_id, after, limit, accept);
  }
  return scan<string>(
    scope,
    (a, batch) => scope.r.events.pageById(scope.calendar.id, a, batch, window),
    (row) => row.event_id,
    after,
    limit,
    accept,
  );
}

function updatedCandidates(scope: ListScope, filters: EventFilters, after: [number, string], limit: number): Candidate[] {
  const seriesStatus = seriesStatusLookup(scope);
  const window = windowOf(filters);
  return scan<[number, string]>(
    scope,
    (a, batch) => scope.r.events.pageByUpdated(scope.calendar.id, a, batch, window),
    (row) => [row.updated_ms, row.event_id],
    after,
    limit,
    (row, resource) =>
      rowMatches(scope, filters, row, resource, seriesStatus)
        ? [{ key: [row.updated_ms, row.event_id], render: renderRow(scope, row) }]
        : undefined,
  );
}

function syncCandidates(scope: ListScope, filters: EventFilters, afterSeq: number, limit: number): Candidate[] {
  // Deleted events are always part of an incremental sync.
  const syncFilters: EventFilters = { ...filters, showDeleted: true };
  const horizon = scope.nowMs + EXPANSION_HORIZON_MS;
  return scan<number>(
    scope,
    (a, batch) => scope.r.events.changedSince(scope.calendar.id, a, batch),
    (row) => row.change_seq,
    afterSeq,
    limit,
    (row, resource) => {
      if (!resourceMatches(scope, syncFilters, row, resource)) return undefined;
      if (filters.singleEvents && row.is_series) {
        const occurrences = occurrencesOf(scope.r.db, row, resource, scope.calendar.time_zone, {
          min: -FAR,
          max: row.range_end_ms ?? horizon,
        });
        const exceptions = new Set(
          scope.r.events.exceptionsOf(scope.calendar.id, row.event_id).map((e) => e.original_start_ms),
        );
        const rendered = occurrences
          .filter((o) => !exceptions.has(o.startMs))
          .map((o) => () => renderEvent(occurrenceResource(resource, o, scope.calendar.time_zone), row.change_seq, scope.viewer));
        // All occurrences of one changed series share its change key so paging resumes after them.
        return rendered.length > 0
          ? rendered.map((render) => ({ key: row.change_seq, render }))
          : undefined;
      }
      return [{ key: row.change_seq, render: renderRow(scope, row) }];
    },
  );
}

/**
 * The expanded listing: stored single events and exceptions (read in start order) merged with the
 * occurrences of every series overlapping the window, minus occurrences replaced by exceptions.
 */
function startCandidates(scope: ListScope, filters: EventFilters, after: [number, string], limit: number): Candidate[] {
  const { r, calendar } = scope;
  const window = windowOf(filters);
  const horizon = Math.max(scope.nowMs, filters.timeMin ?? scope.nowMs) + EXPANSION_HORIZON_MS;
  const seriesStatus = seriesStatusLookup(scope);

  const exceptionStarts = new Map<string, Set<number>>();
  for (const { recurring_event_id: id, original_start_ms: ms } of r.events.exceptionKeys(calendar.id)) {
    let set = exceptionStarts.get(id);
    if (!set) exceptionStarts.set(id, (set = new Set()));
    set.add(ms);
  }

  const heap = new OccurrenceHeap();
  for (const row of r.events.seriesOverlapping(calendar.id, window)) {
    if (row.status === 'cancelled' && !(filters.showDeleted || filters.updatedMin !== undefined)) continue;
    const resource = cachedResource(scope.r.db, row);
    if (!resourceMatches(scope, filters, row, resource)) continue;
    const max = Math.min(window.max, row.range_end_ms ?? horizon);
    const all = occurrencesOf(r.db, row, resource, calendar.time_zone, { min: window.min, max });
    const skip = exceptionStarts.get(row.event_id);
    const occurrences = skip ? all.filter((o) => !skip.has(o.startMs)) : all;
    heap.push({ occurrences, index: firstAfter(occurrences, after), row, resource, template: seriesTemplate(resource, calendar.time_zone) });
  }

  // Stored single events (and exceptions) in the same order, fetched lazily.
  const earliestStart = Number.isFinite(filters.timeMin ?? Number.NaN) ? window.min - calendar.max_event_span_ms - 1 : -FAR;
  let singlesAfter = after;
  let buffer: EventHead[] = [];
  let next = 0;
  let exhausted = false;
  let singlesBatch = Math.min(BATCH, limit + 1);
  const nextSingle = (): { row: EventHead; resource: EventResource } | undefined => {
    for (;;) {
      if (next >= buffer.length) {
        if (exhausted) return undefined;
        buffer = r.events.singlesByStartPage(calendar.id, singlesAfter, singlesBatch, window, earliestStart);
        next = 0;
        if (buffer.length < singlesBatch) exhausted = true;
        singlesBatch = BATCH;
        const lastRow = buffer[buffer.length - 1];
        if (lastRow) singlesAfter = [lastRow.start_ms, lastRow.event_id];
        if (buffer.length === 0) return undefined;
      }
      // Resources are loaded a slice at a time: a page merged with many occurrences uses few rows.
      if (next % PRELOAD_SLICE === 0) preloadResources(r.db, buffer.slice(next, next + PRELOAD_SLICE));
      const row = buffer[next];
      next += 1;
      if (!row) continue;
      const resource = cachedResource(r.db, row);
      if (rowMatches(scope, filters, row, resource, seriesStatus)) return { row, resource };
    }
  };

  const out: Candidate[] = [];
  let single = nextSingle();
  while (out.length <= limit) {
    const seriesKey = heap.peekKey();
    if (single && (!seriesKey || compareKeys([single.row.start_ms, single.row.event_id], seriesKey) <= 0)) {
      const { row } = single;
      out.push({ key: [row.start_ms, row.event_id], render: renderRow(scope, row) });
      single = nextSingle();
      continue;
    }
    const next = heap.pop();
    if (!next) break;
    const { occurrence, cursor } = next;
    out.push({
      key: [occurrence.startMs, occurrence.id],
      render: () =>
        renderEvent(
          occurrenceResource(cursor.resource, occurrence, calendar.time_zone, cursor.template),
          cursor.row.change_seq,
          scope.viewer,
          { startMs: occurrence.startMs, endMs: occurrence.endMs, originalStartMs: occurrence.startMs },
        ),
    });
  }
  return out;
}
