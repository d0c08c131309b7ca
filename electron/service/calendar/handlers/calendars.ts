import { randomBytes } from 'node:crypto';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CalendarState } from '../domain/calendar-state';
import { badRequest } from '../../http/api-error';
import { accessCalendar } from '../domain/access';
import { createCalendar, deleteCalendar } from '../domain/calendar-operations';
import { calendarResource } from '../domain/calendar-views';
import type { CalendarRow } from '../domain/calendars-repository';
import { collections } from '../domain/change-log';
import { eventRowFields, parseResource } from '../domain/event-view';
import { eventTiming } from '../domain/event-time';
import type { CalendarRepositories } from '../domain/repositories';
import { cancelEventRow } from '../domain/event-writes';
import { isValidTimeZone } from '../domain/time';

/** Calendars: metadata of primary and secondary calendars. */

interface CalendarFields {
  summary?: string;
  description?: string | null;
  location?: string | null;
  timeZone?: string;
}

function readCalendarBody(body: unknown): CalendarFields {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('invalid', 'The request body must be a JSON object.');
  const b = body as Record<string, unknown>;
  const out: CalendarFields = {};
  for (const key of ['summary', 'description', 'location'] as const) {
    const value = b[key];
    if (value === undefined) continue;
    if (value === null && key !== 'summary') out[key] = null;
    else if (typeof value === 'string') out[key] = value;
    else throw badRequest('invalid', `Invalid value for: ${key} must be a string.`, key);
  }
  if (b.timeZone !== undefined && b.timeZone !== null) {
    if (!isValidTimeZone(b.timeZone))
      throw badRequest('invalid', `Invalid time zone: ${String(b.timeZone)}`, 'timeZone');
    out.timeZone = b.timeZone;
  }
  return out;
}

function requireSummary(summary: string | undefined): string {
  if (summary === undefined || summary.trim() === '')
    throw badRequest('required', 'Missing title: summary is required.', 'summary');
  return summary;
}

function CalendarCalendarsGet(ctx: RequestContext<'CalendarCalendarsGet'>, cal: CalendarState): HandlerResult {
  const { calendar } = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'freeBusyReader');
  return { body: calendarResource(calendar) };
}

function CalendarCalendarsInsert(ctx: RequestContext<'CalendarCalendarsInsert'>, cal: CalendarState): HandlerResult {
  const fields = readCalendarBody(ctx.body);
  const summary = requireSummary(fields.summary);
  const r = cal.r;
  const timeZone = fields.timeZone ?? r.settings.value(ctx.user.email, 'timezone') ?? 'UTC';
  const id = `c_${randomBytes(16).toString('hex')}@group.calendar.google.com`;
  cal.write((rr, changes) =>
    createCalendar(rr, changes, {
      id,
      ownerEmail: ctx.user.email,
      primary: false,
      summary,
      description: fields.description ?? null,
      location: fields.location ?? null,
      timeZone,
    }),
  );
  const created = r.calendars.get(id);
  if (!created) throw new Error('calendar insert lost its row');
  return { body: calendarResource(created) };
}

function writeCalendar(
  cal: CalendarState,
  ctx: RequestContext<'CalendarCalendarsUpdate'> | RequestContext<'CalendarCalendarsPatch'>,
  build: (current: CalendarRow, fields: CalendarFields) => CalendarRow,
): HandlerResult {
  const { calendar } = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  const fields = readCalendarBody(ctx.body);
  const next = build(calendar, fields);
  requireSummary(next.summary);
  const saved = cal.write((r, changes) => {
    const row = { ...next, change_seq: changes.record(collections.calendar(calendar.id)) };
    r.calendars.update(row);
    if (row.time_zone !== calendar.time_zone) retimeAllDayEvents(r, row);
    return row;
  });
  return { body: calendarResource(saved) };
}

/** All-day dates are days in the calendar's zone: when it changes, their instants move with it. */
function retimeAllDayEvents(r: CalendarRepositories, calendar: CalendarRow): void {
  for (const row of r.events.allDay(calendar.id)) {
    const resource = parseResource(row);
    const fields = eventRowFields(
      calendar.id,
      resource,
      eventTiming(resource, calendar.time_zone),
      row.change_seq,
      row.updated_ms,
    );
    r.events.retime(row.pk, fields.start_ms, fields.end_ms, fields.range_end_ms, fields.original_start_ms);
  }
}

function CalendarCalendarsUpdate(ctx: RequestContext<'CalendarCalendarsUpdate'>, cal: CalendarState): HandlerResult {
  return writeCalendar(cal, ctx, (current, fields) => ({
    ...current,
    summary: fields.summary ?? '',
    description: fields.description ?? null,
    location: fields.location ?? null,
    time_zone: fields.timeZone ?? current.time_zone,
  }));
}

function CalendarCalendarsPatch(ctx: RequestContext<'CalendarCalendarsPatch'>, cal: CalendarState): HandlerResult {
  return writeCalendar(cal, ctx, (current, fields) => ({
    ...current,
    summary: fields.summary ?? current.summary,
    description: fields.description !== undefined ? fields.description : current.description,
    location: fields.location !== undefined ? fields.location : current.location,
    time_zone: fields.timeZone ?? current.time_zone,
  }));
}

function CalendarCalendarsDelete(ctx: RequestContext<'CalendarCalendarsDelete'>, cal: CalendarState): HandlerResult {
  const { calendar } = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  if (calendar.is_primary) {
    throw badRequest(
      'cannotDeletePrimaryCalendar',
      'The primary calendar cannot be deleted; use clear to remove its events.',
      'calendarId',
    );
  }
  cal.write((r, changes) => deleteCalendar(r, changes, calendar.id));
  return { status: 204 };
}

function CalendarCalendarsClear(ctx: RequestContext<'CalendarCalendarsClear'>, cal: CalendarState): HandlerResult {
  const { calendar } = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'owner');
  if (!calendar.is_primary) {
    throw badRequest(
      'invalid',
      'Only a primary calendar can be cleared; delete a secondary calendar instead.',
      'calendarId',
    );
  }
  cal.write((r, changes) => {
    for (const row of r.events.live(calendar.id)) cancelEventRow(r, changes, calendar, row, parseResource(row));
  });
  return { status: 204 };
}

export const calendarsHandlers = defineHandlers<CalendarState>({
  CalendarCalendarsGet,
  CalendarCalendarsInsert,
  CalendarCalendarsUpdate,
  CalendarCalendarsPatch,
  CalendarCalendarsDelete,
  CalendarCalendarsClear,
});
