import { isUnansweredInvitation } from './attendee-copies';
import { latestChangeSeq } from './change-log';
import type { CalendarRow } from './calendars-repository';
import type { RawJson } from '../../http/raw-json';
import type { EventHead, EventKey, EventRow, EventVersion } from './events-repository';
import type { EventViewer, KnownInstants } from './event-view';
import { cachedResource, preloadResources, renderedEventsJson, renderVariant, searchTextOf } from './event-cache';
import { detailsVisible, renderEvent } from './event-view';
import { compareKeys, OccurrenceHeap } from './occurrence-heap';
import { occurrenceResource, occurrencesAfter, occurrencesOf, seriesTemplate } from './occurrences';
import { ExpansionBudget } from './recurrence';
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
  /** Leave out invitations the calendar's owner has not answered (their hideInvitations setting). */
  hideInvitations: boolean;
}

export interface ListScope {
  r: CalendarRepositories;
  calendar: CalendarRow;
  viewer: EventViewer;
  nowMs: number;
  collection: string;
}

export interface ListPage {
  /** Stored events as cached JSON text, generated occurrences as objects. */
  items: (RawJson | Record<string, unknown>)[];
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

/** A stored row, or the instants of one (head rows carry them; key rows do not). */
type StoredRow = EventVersion & Partial<Pick<EventRow, 'start_ms' | 'end_ms' | 'original_start_ms'>>;

/**
 * One listed item: a stored row (rendered through the per-row cache once the page is chosen) or a
 * generated occurrence of a series (rendered by `render`).
 */
type Candidate = { key: Key; row: StoredRow } | { key: Key; row?: undefined; render: () => Record<string, unknown> };

export interface ListRequest {
  filters: EventFilters;
  maxResults: number;
  pageToken?: string;
  /** Already decoded and checked against the collection. */
  sync?: SyncPosition;
}

export function listEvents(scope: ListScope, request: ListRequest): ListPage {
  const { filters } = request;
  const fingerprint = queryFingerprint([
    scope.calendar.id,
    filters,
    scope.viewer.responseZone,
    scope.viewer.maxAttendees ?? null,
  ]);
  let cursor: PageCursor<CursorKey> | undefined;
  if (request.pageToken) cursor = decodePageToken(request.pageToken, fingerprint, isCursorKey);
  const mode: Mode =
    cursor?.after.m ??
    (request.sync ? 'sync' : filters.singleEvents ? 'start' : filters.orderBy === 'updated' ? 'updated' : 'id');
  const snapshot: SyncPosition = cursor?.snapshot ?? { seq: latestChangeSeq(scope.r.store), at: scope.nowMs };
  const limit = request.maxResults;

  let candidates: Candidate[];
  switch (mode) {
    case 'sync':
      candidates = syncCandidates(
        scope,
        filters,
        cursor ? (cursor.after.k as number) : (request.sync?.seq ?? 0),
        limit,
      );
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
  while (shownCount < candidates.length && candidates[shownCount]?.key === candidates[shownCount - 1]?.key)
    shownCount += 1;
  const shown = candidates.slice(0, shownCount);
  page.items = renderCandidates(scope, shown);
  const last = shown[shown.length - 1];
  if (candidates.length > shownCount && last) {
    page.nextPageToken = encodePageToken(fingerprint, { after: { m: mode, k: last.key }, snapshot });
  } else {
    page.nextSyncToken = encodeSyncToken(scope.collection, snapshot);
  }
  return page;
}

const knownOf = (row: StoredRow): KnownInstants | undefined =>
  row.start_ms !== undefined && row.end_ms !== undefined
    ? { startMs: row.start_ms, endMs: row.end_ms, originalStartMs: row.original_start_ms ?? null }
    : undefined;

/** The page's items in order: stored rows from the rendering cache (misses loaded in one query), occurrences rendered. */
function renderCandidates(scope: ListScope, shown: readonly Candidate[]): (RawJson | Record<string, unknown>)[] {
  const rows: StoredRow[] = [];
  for (const candidate of shown) if (candidate.row) rows.push(candidate.row);
  const rendered = renderedEventsJson(
    scope.r.eventCache,
    rows,
    scope.viewer,
    renderVariant(scope.r.eventCache, scope.viewer),
    knownOf,
  );
  let next = 0;
  return shown.map((candidate) => (candidate.row ? rendered[next++]! : candidate.render()));
}

/** Whether a filter looks inside the stored resource (so scans load it with each batch). */
function readsResources(filters: EventFilters): boolean {
  return (
    filters.hideInvitations ||
    filters.eventTypes.length > 0 ||
    filters.q !== undefined ||
    filters.privateProperties.length > 0 ||
    filters.sharedProperties.length > 0
  );
}

type CancelInfo = Pick<EventRow, 'status' | 'recurring_event_id'>;

/** Filters on a stored row that do not depend on expansion. */
function rowMatches(
  scope: ListScope,
  filters: EventFilters,
  row: EventHead,
  seriesStatus: (id: string) => string | undefined,
): boolean {
  if (row.status === 'cancelled' && !cancelledShown(filters, row, seriesStatus)) return false;
  return resourceMatches(scope, filters, row);
}

function cancelledShown(
  filters: EventFilters,
  row: CancelInfo,
  seriesStatus: (id: string) => string | undefined,
): boolean {
  if (filters.showDeleted || filters.updatedMin !== undefined) return true;
  // A cancelled instance of a live series says "this occurrence is gone": listed unless expanding.
  if (!filters.singleEvents && row.recurring_event_id) {
    const parent = seriesStatus(row.recurring_event_id);
    return parent !== undefined && parent !== 'cancelled';
  }
  return false;
}

/** The resource is read only when a filter needs it. */
function resourceMatches(scope: ListScope, filters: EventFilters, row: EventHead): boolean {
  if (filters.updatedMin !== undefined && row.updated_ms < filters.updatedMin) return false;
  if (filters.iCalUID !== undefined && row.ical_uid !== filters.iCalUID) return false;
  if (!readsResources(filters)) return true;
  const resource = cachedResource(scope.r.eventCache, row);
  if (filters.hideInvitations && isUnansweredInvitation(resource, scope.calendar.id)) return false;
  if (filters.eventTypes.length > 0 && !filters.eventTypes.includes(resource.eventType ?? 'default')) return false;
  if (filters.q !== undefined) {
    if (!detailsVisible(resource, scope.viewer.role)) return false;
    const terms = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
    const text = searchTextOf(scope.r.eventCache, row);
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

/**
 * Scans rows in batches after a key until `limit + 1` matches are found or rows run out. With
 * `preload`, each batch's resources are read in one query (the filters look inside them).
 */
function scan<R extends EventVersion, K extends Key>(
  scope: ListScope,
  fetch: (after: K, batch: number) => R[],
  keyOf: (row: R) => K,
  start: K,
  limit: number,
  preload: boolean,
  accept: (row: R) => Candidate | Candidate[] | undefined,
): Candidate[] {
  const out: Candidate[] = [];
  let after = start;
  // The first batch is sized to fill the page when nothing is filtered out.
  let batch = Math.min(BATCH, limit + 1);
  for (;;) {
    const rows = fetch(after, batch);
    if (preload) preloadResources(scope.r.eventCache, rows);
    for (const row of rows) {
      const found = accept(row);
      if (Array.isArray(found)) out.push(...found);
      else if (found) out.push(found);
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
  const preload = readsResources(filters);
  const accept = (row: EventHead): Candidate | undefined => {
    if (window && !(row.start_ms < window.max && (row.range_end_ms === null || row.range_end_ms > window.min)))
      return undefined;
    if (!rowMatches(scope, filters, row, seriesStatus)) return undefined;
    return { key: row.event_id, row };
  };
  if (filters.iCalUID !== undefined) {
    const rows = scope.r.events.byICalUid(scope.calendar.id, filters.iCalUID).filter((row) => row.event_id > after);
    return scan(
      scope,
      (a: string) => rows.filter((row) => row.event_id > a),
      (row) => row.event_id,
      after,
      limit,
      preload,
      accept,
    );
  }
  if (!window && !preload && filters.updatedMin === undefined) {
    // The default listing: nothing to filter but cancelled rows, so the rows' keys suffice.
    const acceptKey = (row: EventKey): Candidate | undefined =>
      row.status === 'cancelled' && !cancelledShown(filters, row, seriesStatus)
        ? undefined
        : { key: row.event_id, row };
    return scan(
      scope,
      (a: string, batch) => scope.r.events.keysById(scope.calendar.id, a, batch),
      (row) => row.event_id,
      after,
      limit,
      false,
      acceptKey,
    );
  }
  return scan(
    scope,
    (a: string, batch) => scope.r.events.pageById(scope.calendar.id, a, batch, window),
    (row) => row.event_id,
    after,
    limit,
    preload,
    accept,
  );
}

function updatedCandidates(
  scope: ListScope,
  filters: EventFilters,
  after: [number, string],
  limit: number,
): Candidate[] {
  const seriesStatus = seriesStatusLookup(scope);
  const window = windowOf(filters);
  return scan(
    scope,
    (a: [number, string], batch) => scope.r.events.pageByUpdated(scope.calendar.id, a, batch, window),
    (row): [number, string] => [row.updated_ms, row.event_id],
    after,
    limit,
    readsResources(filters),
    (row) => (rowMatches(scope, filters, row, seriesStatus) ? { key: [row.updated_ms, row.event_id], row } : undefined),
  );
}

function syncCandidates(scope: ListScope, filters: EventFilters, afterSeq: number, limit: number): Candidate[] {
  // Deleted events are always part of an incremental sync.
  const syncFilters: EventFilters = { ...filters, showDeleted: true };
  const horizon = scope.nowMs + EXPANSION_HORIZON_MS;
  const budget = new ExpansionBudget();
  return scan(
    scope,
    (a: number, batch) => scope.r.events.changedSince(scope.calendar.id, a, batch),
    (row) => row.change_seq,
    afterSeq,
    limit,
    readsResources(filters),
    (row) => {
      if (!resourceMatches(scope, syncFilters, row)) return undefined;
      if (filters.singleEvents && row.is_series) {
        const resource = cachedResource(scope.r.eventCache, row);
        const occurrences = occurrencesOf(
          scope.r.expansions,
          row,
          resource,
          scope.calendar.time_zone,
          {
            min: -FAR,
            max: row.range_end_ms ?? horizon,
          },
          budget,
        );
        const exceptions = new Set(
          scope.r.events.exceptionsOf(scope.calendar.id, row.event_id).map((e) => e.original_start_ms),
        );
        const rendered = occurrences
          .filter((o) => !exceptions.has(o.startMs))
          .map(
            (o) => () =>
              renderEvent(occurrenceResource(resource, o, scope.calendar.time_zone), row.change_seq, scope.viewer),
          );
        // All occurrences of one changed series share its change key so paging resumes after them.
        return rendered.length > 0 ? rendered.map((render) => ({ key: row.change_seq, render })) : undefined;
      }
      return { key: row.change_seq, row };
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
  const budget = new ExpansionBudget();
  for (const row of r.events.seriesOverlapping(calendar.id, window)) {
    if (row.status === 'cancelled' && !(filters.showDeleted || filters.updatedMin !== undefined)) continue;
    if (!resourceMatches(scope, filters, row)) continue;
    const resource = cachedResource(scope.r.eventCache, row);
    const max = Math.min(window.max, row.range_end_ms ?? horizon);
    const skip = exceptionStarts.get(row.event_id);
    // The page shows at most `limit + 1` occurrences of any one series after the cursor.
    const all = occurrencesAfter(
      r.expansions,
      row,
      resource,
      calendar.time_zone,
      { min: window.min, max },
      after,
      limit + 1 + (skip?.size ?? 0),
      budget,
    );
    const occurrences = skip ? all.filter((o) => !skip.has(o.startMs)) : all;
    heap.push({
      occurrences,
      index: 0,
      row,
      resource,
      template: seriesTemplate(resource, calendar.time_zone),
    });
  }

  // Stored single events (and exceptions) in the same order, fetched lazily.
  const earliestStart = Number.isFinite(filters.timeMin ?? Number.NaN)
    ? window.min - calendar.max_event_span_ms - 1
    : -FAR;
  let singlesAfter = after;
  let buffer: EventHead[] = [];
  let next = 0;
  let exhausted = false;
  let singlesBatch = Math.min(BATCH, limit + 1);
  const preload = readsResources(filters);
  const nextSingle = (): EventHead | undefined => {
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
      if (preload && next % PRELOAD_SLICE === 0)
        preloadResources(r.eventCache, buffer.slice(next, next + PRELOAD_SLICE));
      const row = buffer[next];
      next += 1;
      if (!row) continue;
      if (rowMatches(scope, filters, row, seriesStatus)) return row;
    }
  };

  const out: Candidate[] = [];
  let single = nextSingle();
  while (out.length <= limit) {
    const seriesKey = heap.peekKey();
    if (single && (!seriesKey || compareKeys([single.start_ms, single.event_id], seriesKey) <= 0)) {
      out.push({ key: [single.start_ms, single.event_id], row: single });
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
