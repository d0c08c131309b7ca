import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CalendarState } from '../domain/calendar-state';
import type { CalendarRepositories } from '../domain/repositories';
import { badRequest, notFound } from '../../http/api-error';
import type { CalendarAccess } from '../domain/access';
import { accessCalendar } from '../domain/access';
import { etagOf } from '../domain/calendar-views';
import { collections, latestChangeSeq } from '../domain/change-log';
import { listEvents } from '../domain/events-query';
import {
  defaultRemindersFor,
  hidesInvitations,
  readEventFilters,
  readEventSyncToken,
  viewerFor,
} from '../domain/event-request';
import { parseInstanceId } from '../domain/event-time';
import { parseResource, renderEvent } from '../domain/event-view';
import { matchesIfNoneMatch } from '../domain/event-writes';
import { occurrenceResource, occurrencesAfter, occurrencesOf } from '../domain/occurrences';
import { ExpansionBudget } from '../domain/recurrence';
import { decodePageToken, encodePageToken, isNumberStringKey, queryFingerprint } from '../domain/tokens';
import { DAY_MS, isoUtc, parseDate, parseRfc3339, parseTimeParam } from '../domain/time';
import { EXPANSION_HORIZON_MS } from '../domain/events-query';

import type { FoundEvent } from '../domain/event-lookup';
import { findEventIn, findOccurrenceIn, foundSeq } from '../domain/event-lookup';
import { renderedEventJson, renderVariant } from '../domain/event-cache';

export type { FoundEvent };
export { foundSeq };

export function findEvent(r: CalendarRepositories, access: CalendarAccess, eventId: string): FoundEvent | undefined {
  return findEventIn(r, access.calendar, eventId);
}

export function CalendarEventsGet(ctx: RequestContext<'CalendarEventsGet'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'freeBusyReader');
  const viewer = viewerFor(ctx, access);
  const r = cal.r;
  // A stored event is answered from the rendering cache the listings fill (by row version and kind of viewer).
  const stored = r.events.version(access.calendar.id, ctx.params.eventId);
  if (stored) {
    const etag = etagOf(stored.change_seq);
    if (matchesIfNoneMatch(ctx.headers['if-none-match'], etag)) return { status: 304 };
    const body = renderedEventJson(r.eventCache, stored, viewer, renderVariant(r.eventCache, viewer));
    return { body, headers: { ETag: etag } };
  }
  const found = findOccurrenceIn(r, access.calendar, ctx.params.eventId);
  if (!found) throw notFound('Not Found');
  const seq = foundSeq(found);
  if (matchesIfNoneMatch(ctx.headers['if-none-match'], etagOf(seq))) return { status: 304 };
  return { body: renderEvent(found.resource, seq, viewer), headers: { ETag: etagOf(seq) } };
}

export function CalendarEventsList(ctx: RequestContext<'CalendarEventsList'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'freeBusyReader');
  const viewer = viewerFor(ctx, access);
  const sync = readEventSyncToken(ctx, access.calendar.id);
  const filters = readEventFilters(ctx);
  filters.hideInvitations = hidesInvitations(cal.r, ctx, access.calendar);
  const r = cal.r;
  const pageToken = ctx.params.pageToken;
  const page = listEvents(
    {
      r,
      calendar: access.calendar,
      viewer,
      nowMs: ctx.service.now().getTime(),
      collection: collections.events(access.calendar.id),
    },
    { filters, maxResults: ctx.params.maxResults, ...(pageToken ? { pageToken } : {}), ...(sync ? { sync } : {}) },
  );
  return {
    body: {
      kind: 'calendar#events',
      etag: etagOf(latestChangeSeq(r.store)),
      summary: access.calendar.summary,
      ...(access.calendar.description !== null ? { description: access.calendar.description } : {}),
      updated: isoUtc(r.events.lastChangedMs(access.calendar.id, access.calendar.events_updated_ms)),
      timeZone: viewer.responseZone,
      accessRole: access.role,
      defaultReminders: defaultRemindersFor(cal.r, ctx, access.calendar.id),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.items,
    },
  };
}

/** originalStart: an RFC 3339 instant or a date (all-day series). */
function parseOriginalStart(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseRfc3339(value) ?? parseDate(value);
  if (ms === undefined) throw badRequest('invalid', `Invalid value for originalStart: ${value}`, 'originalStart');
  return ms;
}

export function CalendarEventsInstances(
  ctx: RequestContext<'CalendarEventsInstances'>,
  cal: CalendarState,
): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'freeBusyReader');
  const viewer = viewerFor(ctx, access);
  const r = cal.r;
  const eventId = ctx.params.eventId;
  const series = r.events.get(access.calendar.id, eventId);
  if (!series || series.recurring_event_id) throw notFound('Not Found');
  const seriesResource = parseResource(series);
  const timeMin = parseTimeParam(ctx.params.timeMin, 'timeMin');
  const timeMax = parseTimeParam(ctx.params.timeMax, 'timeMax');
  if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
    throw badRequest(
      'timeRangeEmpty',
      'The specified time range is empty: timeMax must be greater than timeMin.',
      'timeMax',
    );
  }
  const originalStart = parseOriginalStart(ctx.params.originalStart);
  const showDeleted = ctx.params.showDeleted === true;
  const nowMs = ctx.service.now().getTime();
  const limit = ctx.params.maxResults;
  const fingerprint = queryFingerprint([
    'instances',
    access.calendar.id,
    eventId,
    timeMin,
    timeMax,
    originalStart,
    showDeleted,
    viewer.responseZone,
  ]);
  const pageTokenParam = ctx.params.pageToken;
  const cursor = pageTokenParam ? decodePageToken(pageTokenParam, fingerprint, isNumberStringKey) : undefined;
  const after: [number, string] = cursor?.after ?? [-8.64e15, ''];

  type Item = { key: [number, string]; render: () => Record<string, unknown> };
  let items: Item[];
  if (!series.is_series) {
    items = [
      { key: [series.start_ms, series.event_id], render: () => renderEvent(seriesResource, series.change_seq, viewer) },
    ];
  } else {
    const min = timeMin ?? -8.64e15;
    const max = Math.min(
      timeMax ?? 8.64e15,
      series.range_end_ms ?? Math.max(nowMs, timeMin ?? nowMs) + EXPANSION_HORIZON_MS,
    );
    const exceptions = r.events.exceptionsOf(access.calendar.id, eventId);
    const exceptionStarts = new Set(exceptions.map((e) => e.original_start_ms));
    const window = { min, max, inclusiveMin: true };
    const budget = new ExpansionBudget();
    // A page needs only its own occurrences (all of them when one is picked by originalStart).
    const occurrences =
      originalStart === undefined
        ? occurrencesAfter(
            r.expansions,
            series,
            seriesResource,
            access.calendar.time_zone,
            window,
            after,
            limit + 1 + exceptions.length,
            budget,
          )
        : occurrencesOf(r.expansions, series, seriesResource, access.calendar.time_zone, window, budget);
    items = occurrences
      .filter((o) => !exceptionStarts.has(o.startMs))
      .map((o) => ({
        key: [o.startMs, o.id] as [number, string],
        render: () => {
          const resource = occurrenceResource(seriesResource, o, access.calendar.time_zone);
          if (series.status === 'cancelled') resource.status = 'cancelled';
          return renderEvent(resource, series.change_seq, viewer);
        },
      }));
    if (series.status === 'cancelled' && !showDeleted) items = [];
    for (const exception of exceptions) {
      if (exception.status === 'cancelled' && !showDeleted) continue;
      if (exception.start_ms >= max || exception.end_ms < min) continue;
      const resource = parseResource(exception);
      items.push({
        key: [exception.start_ms, exception.event_id],
        render: () => renderEvent(resource, exception.change_seq, viewer),
      });
    }
  }
  if (originalStart !== undefined) {
    items = items.filter((item) => {
      const stamp = item.key[1];
      const exception = r.events.get(access.calendar.id, stamp);
      const original = exception?.original_start_ms ?? item.key[0];
      return Math.abs(original - originalStart) < (series.is_series && parseInstanceId(stamp)?.allDay ? DAY_MS : 1000);
    });
  }
  items.sort((a, b) =>
    a.key[0] !== b.key[0] ? a.key[0] - b.key[0] : a.key[1] < b.key[1] ? -1 : a.key[1] > b.key[1] ? 1 : 0,
  );
  const remaining = items.filter((i) => i.key[0] > after[0] || (i.key[0] === after[0] && i.key[1] > after[1]));
  const shown = remaining.slice(0, limit);
  const snapshot = cursor?.snapshot ?? { seq: latestChangeSeq(r.store), at: nowMs };
  const last = shown[shown.length - 1];
  const more = remaining.length > limit && last;
  return {
    body: {
      kind: 'calendar#events',
      etag: etagOf(snapshot.seq),
      summary: access.calendar.summary,
      updated: isoUtc(r.events.lastChangedMs(access.calendar.id, access.calendar.events_updated_ms)),
      timeZone: viewer.responseZone,
      accessRole: access.role,
      defaultReminders: defaultRemindersFor(cal.r, ctx, access.calendar.id),
      ...(more ? { nextPageToken: encodePageToken(fingerprint, { after: last.key, snapshot }) } : {}),
      items: shown.map((i) => i.render()),
    },
  };
}

export const eventReadHandlers = defineHandlers<CalendarState>({
  CalendarEventsGet,
  CalendarEventsList,
  CalendarEventsInstances,
});
