/**
 * Calendar service costs that must not grow with the wrong thing:
 *
 * 1. Incremental sync: a syncToken request after 100 changes, in a calendar of 1,000 events and in
 *    one of 50,000. The answer holds the same 100 events, so the time should barely differ.
 * 2. Recurrence expansion: singleEvents=true over one year of a calendar with 200 daily and weekly
 *    series, against listing the same number of stored single events.
 *
 * Calendars are seeded straight into the database through the calendar repositories (setup is not
 * what is measured); every measurement goes through HTTP.
 *
 *   tsx bench/service/calendar.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ChangeRecorder } from '../../electron/service/calendar/domain/change-log';
import { createCalendar } from '../../electron/service/calendar/domain/calendar-operations';
import { eventTiming } from '../../electron/service/calendar/domain/event-time';
import type { EventResource } from '../../electron/service/calendar/domain/event-types';
import { eventRowFields } from '../../electron/service/calendar/domain/event-view';
import { generateEventId } from '../../electron/service/calendar/domain/event-writes';
import { createCalendarRepositories } from '../../electron/service/calendar/domain/repositories';
import { startEmbeddedService, type EmbeddedService } from '../../electron/service/server';

const token = 'bench-token';
const email = 'bench@atrium.local';
const syncGoal = 2;
const expansionGoal = 3;
const DAY = 86_400_000;
const yearStart = Date.parse('2030-01-01T00:00:00Z');

export interface CalendarBenchResult {
  syncSmallMs: number;
  syncLargeMs: number;
  syncRatio: number;
  seriesListMs: number;
  singlesListMs: number;
  expansionRatio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const iso = (ms: number) => new Date(ms).toISOString();

function resourceFor(
  id: string,
  summary: string,
  startMs: number,
  endMs: number,
  recurrence?: string[],
): EventResource {
  const created = iso(yearStart - DAY);
  return {
    id,
    iCalUID: `${id}@google.com`,
    status: 'confirmed',
    summary,
    description: `${summary}: a benchmark event with a description of ordinary length.`,
    location: 'Room 4',
    created,
    updated: created,
    creator: { email },
    organizer: { email },
    sequence: 0,
    reminders: { useDefault: true },
    eventType: 'default',
    start: recurrence ? { dateTime: iso(startMs), timeZone: 'Europe/Berlin' } : { dateTime: iso(startMs) },
    end: recurrence ? { dateTime: iso(endMs), timeZone: 'Europe/Berlin' } : { dateTime: iso(endMs) },
    ...(recurrence ? { recurrence } : {}),
  };
}

/** Creates a secondary calendar and stores the resources in one transaction; returns the calendar id. */
function seedCalendar(service: EmbeddedService, name: string, resources: Iterable<EventResource>): string {
  const r = createCalendarRepositories(service.context.store);
  const calendarId = `${name}@group.calendar.google.com`;
  service.context.store.transaction(() => {
    const changes = new ChangeRecorder(r.store, service.context.now().getTime());
    createCalendar(r, changes, {
      id: calendarId,
      ownerEmail: email,
      primary: false,
      summary: name,
      description: null,
      location: null,
      timeZone: 'UTC',
    });
    const calendar = r.calendars.get(calendarId)!;
    for (const resource of resources) {
      const timing = eventTiming(resource, calendar.time_zone);
      const seq = changes.record(`events:${calendarId}`);
      r.events.insert(eventRowFields(calendarId, resource, timing, seq, changes.nowMs));
      r.calendars.widenEventSpan(calendar, timing.end.ms - timing.start.ms);
    }
  });
  return calendarId;
}

function* singles(count: number, prefix: string): Generator<EventResource> {
  const spacing = Math.floor((365 * DAY) / count);
  for (let i = 0; i < count; i++) {
    const start = yearStart + i * spacing;
    yield resourceFor(generateEventId(), `${prefix} ${i}`, start, start + 1_800_000);
  }
}

/**
 * GET with one retry on a network error: seeding blocks the event loop for seconds, after which a
 * kept-alive connection may be closed by the server just as the client reuses it.
 */
async function get(url: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    return fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  }
}

async function getJson(service: EmbeddedService, path: string): Promise<Record<string, unknown>> {
  const response = await get(service.url + path);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Lists every page; returns the item count and the elapsed milliseconds. */
async function listAll(
  service: EmbeddedService,
  basePath: string,
): Promise<{ items: number; ms: number; syncToken?: string }> {
  let pageToken: string | undefined;
  let items = 0;
  const started = performance.now();
  for (;;) {
    const page = await getJson(
      service,
      pageToken ? `${basePath}&pageToken=${encodeURIComponent(pageToken)}` : basePath,
    );
    items += (page.items as unknown[]).length;
    if (typeof page.nextPageToken !== 'string') {
      const ms = performance.now() - started;
      return typeof page.nextSyncToken === 'string' ? { items, ms, syncToken: page.nextSyncToken } : { items, ms };
    }
    pageToken = page.nextPageToken;
  }
}

async function patchEvents(service: EmbeddedService, calendarId: string, count: number): Promise<void> {
  const first = await getJson(
    service,
    `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?maxResults=${count}`,
  );
  for (const item of first.items as { id: string }[]) {
    const response = await fetch(
      `${service.url}/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events/${item.id}`,
      {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ summary: `Changed ${item.id}` }),
      },
    );
    if (response.status !== 200) throw new Error(`PATCH: HTTP ${response.status}`);
    await response.arrayBuffer();
  }
}

/** Takes a sync token, changes `changes` events, and returns the incremental-sync path that reports them. */
async function prepareSync(service: EmbeddedService, calendarId: string, changes: number): Promise<string> {
  const base = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?maxResults=250`;
  const full = await listAll(service, base);
  await patchEvents(service, calendarId, changes);
  const path = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events?syncToken=${encodeURIComponent(full.syncToken!)}`;
  const check = await listAll(service, path);
  if (check.items !== changes) throw new Error(`incremental sync returned ${check.items} events, expected ${changes}`);
  return path;
}

/** Median times of the two incremental syncs, measured alternately so machine load hits both alike. */
async function measureSyncs(service: EmbeddedService, small: string, large: string): Promise<[number, number]> {
  const smallTimes: number[] = [];
  const largeTimes: number[] = [];
  for (let i = 0; i < 60; i++) {
    smallTimes.push((await listAll(service, small)).ms);
    largeTimes.push((await listAll(service, large)).ms);
  }
  return [median(smallTimes), median(largeTimes)];
}

function* series(): Generator<EventResource> {
  for (let i = 0; i < 200; i++) {
    const start = yearStart + (7 + (i % 10)) * 3_600_000 + Math.floor(i / 10) * 60_000;
    const rule = i % 2 === 0 ? 'RRULE:FREQ=DAILY' : 'RRULE:FREQ=WEEKLY';
    yield resourceFor(generateEventId(), `Series ${i}`, start, start + 1_800_000, [rule]);
  }
}

export async function run(): Promise<CalendarBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-calendar-'));
  const service = await startEmbeddedService({ dataDir: dir, users: [{ email, token }] });
  try {
    // 1. Incremental sync cost against calendar size.
    let started = performance.now();
    const small = seedCalendar(service, 'small', singles(1_000, 'Small'));
    const large = seedCalendar(service, 'large', singles(50_000, 'Large'));
    console.log(`seeded 1,000 + 50,000 events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [syncSmallMs, syncLargeMs] = await measureSyncs(
      service,
      await prepareSync(service, small, 100),
      await prepareSync(service, large, 100),
    );
    const syncRatio = syncLargeMs / syncSmallMs;
    console.log(
      `incremental sync, 100 changes: ${syncSmallMs.toFixed(2)} ms (1,000 events) vs ${syncLargeMs.toFixed(2)} ms (50,000 events)`,
    );
    console.log(
      `target service.calendar-incremental-sync: ${syncRatio.toFixed(2)} ratio (goal <= ${syncGoal}) ${syncRatio <= syncGoal ? 'ok' : 'miss'}`,
    );

    // 2. Recurrence expansion against stored single events.
    started = performance.now();
    const recurring = seedCalendar(service, 'recurring', series());
    const window = (shiftSeconds: number) =>
      `timeMin=${encodeURIComponent(iso(yearStart + shiftSeconds * 1000))}&timeMax=${encodeURIComponent(iso(yearStart + 365 * DAY))}`;
    const expandedPath = (shift: number) =>
      `/calendar/v3/calendars/${encodeURIComponent(recurring)}/events?singleEvents=true&orderBy=startTime&maxResults=2500&${window(shift)}`;
    const probe = await listAll(service, expandedPath(0));
    const flat = seedCalendar(service, 'flat', singles(probe.items, 'Single'));
    console.log(
      `seeded 200 series (${probe.items} instances in a year) and ${probe.items} single events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const flatPath = (shift: number) =>
      `/calendar/v3/calendars/${encodeURIComponent(flat)}/events?singleEvents=true&orderBy=startTime&maxResults=2500&${window(shift)}`;
    const seriesRuns: number[] = [];
    const singleRuns: number[] = [];
    for (let round = 1; round <= 5; round++) {
      // A window shifted by a second per round: every series run expands afresh, nothing is cached.
      const expanded = await listAll(service, expandedPath(round));
      const stored = await listAll(service, flatPath(round));
      if (Math.abs(expanded.items - stored.items) > 400)
        throw new Error(`instance counts differ: ${expanded.items} vs ${stored.items}`);
      seriesRuns.push(expanded.ms);
      singleRuns.push(stored.ms);
    }
    const seriesListMs = median(seriesRuns);
    const singlesListMs = median(singleRuns);
    const expansionRatio = seriesListMs / singlesListMs;
    console.log(
      `singleEvents=true over a year: ${seriesListMs.toFixed(0)} ms (200 series) vs ${singlesListMs.toFixed(0)} ms (stored events)`,
    );
    console.log(
      `target service.calendar-single-events: ${expansionRatio.toFixed(2)} ratio (goal <= ${expansionGoal}) ${expansionRatio <= expansionGoal ? 'ok' : 'miss'}`,
    );
    return { syncSmallMs, syncLargeMs, syncRatio, seriesListMs, singlesListMs, expansionRatio };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
