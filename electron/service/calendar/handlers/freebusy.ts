import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CalendarState } from '../domain/calendar-state';
import { badRequest } from '../../http/api-error';
import { resolveCalendarId, roleOn } from '../domain/access';
import type { CalendarRow } from '../domain/calendars-repository';
import type { EventHead } from '../domain/events-repository';
import { declinedBySelf } from '../domain/attendee-copies';
import { cachedResource } from '../domain/event-cache';
import { parseResource } from '../domain/event-view';
import { occurrencesOf } from '../domain/occurrences';
import { ExpansionBudget } from '../domain/recurrence';
import type { CalendarRepositories } from '../domain/repositories';
import { formatInstant, isValidTimeZone, parseRfc3339 } from '../domain/time';

/** Free/busy: busy blocks of opaque, live events (recurrences expanded) per calendar. */

const CALENDAR_EXPANSION_LIMIT = 50;
const GROUP_EXPANSION_LIMIT = 100;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readTime(body: Record<string, unknown>, name: 'timeMin' | 'timeMax'): number {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw badRequest('required', `Missing ${name}.`, name);
  const ms = typeof value === 'string' ? parseRfc3339(value) : undefined;
  if (ms === undefined)
    throw badRequest('invalid', `Invalid value for ${name}: expected an RFC 3339 timestamp with offset.`, name);
  return ms;
}

function readLimit(body: Record<string, unknown>, name: string, maximum: number): number {
  const value = body[name];
  if (value === undefined || value === null) return maximum;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > maximum) {
    throw badRequest('invalid', `Invalid value for ${name}: must be an integer from 1 to ${maximum}.`, name);
  }
  return value;
}

type Interval = [number, number];

function busyIntervals(
  r: CalendarRepositories,
  calendar: CalendarRow,
  min: number,
  max: number,
  budget: ExpansionBudget,
): Interval[] {
  const window = { min, max };
  const out: Interval[] = [];
  // Busy: live, opaque, and not declined by the calendar's owner (an invitation they turned down).
  const opaque = (row: EventHead) => {
    if (row.status === 'cancelled') return false;
    const resource = cachedResource(r.eventCache, row);
    return resource.transparency !== 'transparent' && !declinedBySelf(resource, calendar.id);
  };
  let after: [number, string] = [-8.64e15, ''];
  const earliestStart = min - calendar.max_event_span_ms - 1;
  for (;;) {
    const rows = r.events.singlesByStartPage(calendar.id, after, 500, window, earliestStart);
    for (const row of rows) if (opaque(row)) out.push([row.start_ms, row.end_ms]);
    const last = rows[rows.length - 1];
    if (rows.length < 500 || !last) break;
    after = [last.start_ms, last.event_id];
  }
  const exceptions = new Map<string, Set<number>>();
  for (const key of r.events.exceptionKeys(calendar.id)) {
    let set = exceptions.get(key.recurring_event_id);
    if (!set) exceptions.set(key.recurring_event_id, (set = new Set()));
    set.add(key.original_start_ms);
  }
  for (const row of r.events.seriesOverlapping(calendar.id, window)) {
    if (!opaque(row)) continue;
    const skip = exceptions.get(row.event_id);
    for (const o of occurrencesOf(r.expansions, row, parseResource(row), calendar.time_zone, window, budget)) {
      if (!skip?.has(o.startMs)) out.push([o.startMs, o.endMs]);
    }
  }
  return merge(out.map(([s, e]) => [Math.max(s, min), Math.min(e, max)] as Interval).filter(([s, e]) => e > s));
}

function merge(intervals: Interval[]): Interval[] {
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged[merged.length - 1];
    if (last && interval[0] <= last[1]) last[1] = Math.max(last[1], interval[1]);
    else merged.push([interval[0], interval[1]]);
  }
  return merged;
}

export function CalendarFreebusyQuery(ctx: RequestContext<'CalendarFreebusyQuery'>, cal: CalendarState): HandlerResult {
  if (!isObject(ctx.body)) throw badRequest('required', 'Missing free/busy request body.');
  const body = ctx.body;
  const timeMin = readTime(body, 'timeMin');
  const timeMax = readTime(body, 'timeMax');
  if (timeMax <= timeMin) throw badRequest('timeRangeEmpty', 'The specified time range is empty.', 'timeMax');
  const zone = body.timeZone === undefined || body.timeZone === null ? 'UTC' : body.timeZone;
  if (!isValidTimeZone(zone)) throw badRequest('invalid', `Invalid time zone: ${String(zone)}`, 'timeZone');
  const calendarExpansionMax = readLimit(body, 'calendarExpansionMax', CALENDAR_EXPANSION_LIMIT);
  const groupExpansionMax = readLimit(body, 'groupExpansionMax', GROUP_EXPANSION_LIMIT);
  const items = body.items ?? [];
  if (!Array.isArray(items)) throw badRequest('invalid', 'Invalid value for items: must be an array.', 'items');
  const ids = items.map((item, i) => {
    if (!isObject(item) || typeof item.id !== 'string' || item.id === '') {
      throw badRequest('required', `Missing id of items[${i}].`, 'items.id');
    }
    return item.id;
  });

  const r = cal.r;
  // A group stands for its members' primary calendars (their ids are their addresses).
  // No prototype: an id such as `__proto__` is just a key.
  const groups = Object.create(null) as Record<string, unknown>;
  const calendarIds: string[] = [];
  for (const rawId of ids) {
    if (rawId === 'primary' || !r.groups.isGroup(rawId)) {
      calendarIds.push(rawId);
      continue;
    }
    const members = r.groups.members(rawId);
    if (members.length > groupExpansionMax) {
      groups[rawId] = { calendars: [], errors: [{ domain: 'global', reason: 'groupTooBig' }] };
      continue;
    }
    groups[rawId] = { calendars: members };
    calendarIds.push(...members);
  }
  const calendars = Object.create(null) as Record<string, unknown>;
  const seen = new Set<string>();
  let expanded = 0;
  // One budget for the whole query: every calendar's series share it.
  const budget = new ExpansionBudget();
  for (const rawId of calendarIds) {
    if (seen.has(rawId)) continue;
    seen.add(rawId);
    if (expanded++ >= calendarExpansionMax) {
      calendars[rawId] = { busy: [], errors: [{ domain: 'global', reason: 'tooManyCalendarsRequested' }] };
      continue;
    }
    const calendar = r.calendars.get(resolveCalendarId(ctx, rawId));
    if (!calendar || roleOn(r, calendar, ctx.user.email) === 'none') {
      calendars[rawId] = { busy: [], errors: [{ domain: 'global', reason: 'notFound' }] };
      continue;
    }
    calendars[rawId] = {
      busy: busyIntervals(r, calendar, timeMin, timeMax, budget).map(([s, e]) => ({
        start: formatInstant(s, zone),
        end: formatInstant(e, zone),
      })),
    };
  }
  return {
    body: {
      kind: 'calendar#freeBusy',
      timeMin: formatInstant(timeMin, zone),
      timeMax: formatInstant(timeMax, zone),
      ...(Object.keys(groups).length > 0 ? { groups } : {}),
      calendars,
    },
  };
}

export const freebusyHandlers = defineHandlers<CalendarState>({ CalendarFreebusyQuery });
