import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { ServiceContext } from '../../http/handler';
import type { User } from '../../store/users';
import type { CalendarState } from '../domain/calendar-state';
import { ApiError, badRequest, conflict, notFound } from '../../http/api-error';
import { ConferenceData, EventGadget, ExtendedProperties } from '../../../../shared/api/schemas/calendar';
import { checkMergedFields, mergedPatchFields } from '../../http/merge-patch';
import type { CalendarAccess } from '../domain/access';
import { accessCalendar } from '../domain/access';
import { etagOf } from '../domain/calendar-views';
import type { CalendarRow } from '../domain/calendars-repository';
import type { EventFields, ReadEventOptions } from '../domain/event-input';
import { readEventBody } from '../domain/event-input';
import { viewerFor } from '../domain/event-request';
import type { EventTiming } from '../domain/event-time';
import { eventTiming } from '../domain/event-time';
import type { EventResource } from '../domain/event-types';
import { parseResource, renderEvent } from '../domain/event-view';
import {
  applyConferenceRequest,
  calendarOrganizer,
  cancelEventRow,
  checkAttachmentsWrite,
  checkClientEventId,
  checkIfMatch,
  generateEventId,
  htmlLinkFor,
  insertEventRow,
  nextSequence,
  updateEventRow,
} from '../domain/event-writes';
import { generatedUidSuffix } from '../domain/events-repository';
import { parseQuickAdd } from '../domain/quick-add';
import { isoUtc } from '../domain/time';
import type { FoundEvent } from './events-read';
import { findEvent, foundSeq } from './events-read';
import { declineInvitation, organizerSideOf, writeInvitationCopy } from '../domain/invitation-answers';

/** A write's options; the registry has bounded conferenceDataVersion to 0 or 1 and defaulted both. */
function writeOptions(
  ctx: { readonly params: { readonly conferenceDataVersion: number; readonly supportsAttachments: boolean } },
  allowOrganizer: boolean,
): ReadEventOptions {
  const { conferenceDataVersion, supportsAttachments } = ctx.params;
  return { supportsAttachments, conferenceDataVersion, allowOrganizer };
}

const bodyObject = (ctx: { readonly body: unknown }): Record<string, unknown> =>
  typeof ctx.body === 'object' && ctx.body !== null && !Array.isArray(ctx.body)
    ? (ctx.body as Record<string, unknown>)
    : {};

function withoutUndefined(resource: EventResource): EventResource {
  for (const key of Object.keys(resource)) if (resource[key] === undefined) delete resource[key];
  return resource;
}

/** A new event's resource: the client's fields plus the server-set ones. */
function newEventResource(
  ctx: { readonly user: User; readonly service: ServiceContext },
  calendar: CalendarRow,
  fields: EventFields,
  ids: { id?: string; iCalUID?: string },
): EventResource {
  const nowMs = ctx.service.now().getTime();
  const nowIso = isoUtc(nowMs);
  const id = ids.id ?? generateEventId(nowMs);
  const { organizer, conferenceData, ...rest } = fields;
  const resource: EventResource = {
    ...rest,
    id,
    iCalUID: ids.iCalUID ?? `${id}${generatedUidSuffix}`,
    status: fields.status ?? 'confirmed',
    htmlLink: htmlLinkFor(ctx.service.baseUrl(), calendar.id, id),
    created: nowIso,
    updated: nowIso,
    creator: { email: ctx.user.email, ...(ctx.user.displayName ? { displayName: ctx.user.displayName } : {}) },
    organizer: organizer?.email ? organizer : calendarOrganizer(calendar),
    start: fields.start ?? {},
    end: fields.end ?? {},
    sequence: fields.sequence ?? 0,
    reminders: fields.reminders ?? { useDefault: true },
    eventType: fields.eventType ?? 'default',
  };
  if (conferenceData) {
    resource.conferenceData = applyConferenceRequest(conferenceData, id);
    const video = (
      resource.conferenceData.entryPoints as { entryPointType?: string; uri?: string }[] | undefined
    )?.find((e) => e.entryPointType === 'video');
    if (video?.uri) resource.hangoutLink = video.uri;
  }
  return withoutUndefined(resource);
}

function respond(
  ctx: Parameters<typeof viewerFor>[0],
  access: CalendarAccess,
  resource: EventResource,
  seq: number,
  /** The event's timing as just derived for its row: its instants need not be read from the text again. */
  timing?: EventTiming,
): HandlerResult {
  const known = timing && { startMs: timing.start.ms, endMs: timing.end.ms };
  return { body: renderEvent(resource, seq, viewerFor(ctx, access), known), headers: { ETag: etagOf(seq) } };
}

export function CalendarEventsInsert(ctx: RequestContext<'CalendarEventsInsert'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'writer');
  viewerFor(ctx, access);
  const options = writeOptions(ctx, false);
  const { fields, cleared } = readEventBody(ctx.body, options);
  checkAttachmentsWrite(fields, cleared, undefined, options.supportsAttachments);
  const body = bodyObject(ctx);
  const id = body.id != null ? checkClientEventId(body.id) : undefined;
  if (body.iCalUID != null && typeof body.iCalUID !== 'string')
    throw badRequest('invalid', 'Invalid value for: iCalUID', 'iCalUID');
  const iCalUID = typeof body.iCalUID === 'string' && body.iCalUID !== '' ? body.iCalUID : undefined;
  if (id !== undefined && iCalUID !== undefined) {
    throw badRequest('invalid', 'Supply only one of id and iCalUID when creating an event.', 'iCalUID');
  }
  if (fields.originalStartTime)
    throw badRequest(
      'invalid',
      'originalStartTime can only be set on instances of recurring events.',
      'originalStartTime',
    );
  const resource = newEventResource(ctx, access.calendar, fields, {
    ...(id ? { id } : {}),
    ...(iCalUID ? { iCalUID } : {}),
  });
  const timing = eventTiming(resource, access.calendar.time_zone);
  const row = cal.write((r, changes) => insertEventRow(r, changes, access.calendar, resource, timing));
  return respond(ctx, access, resource, row.change_seq, timing);
}

export function CalendarEventsImport(ctx: RequestContext<'CalendarEventsImport'>, cal: CalendarState): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'writer');
  viewerFor(ctx, access);
  const options = writeOptions(ctx, true);
  const { fields, cleared } = readEventBody(ctx.body, options);
  const body = bodyObject(ctx);
  if (body.iCalUID == null || body.iCalUID === '')
    throw badRequest('required', 'Missing iCalUID: importing an event requires one.', 'iCalUID');
  if (typeof body.iCalUID !== 'string') throw badRequest('invalid', 'Invalid value for: iCalUID', 'iCalUID');
  const iCalUID = body.iCalUID;
  const r = cal.r;
  const existing = r.events.byICalUid(access.calendar.id, iCalUID).find((row) => !row.recurring_event_id);
  if (existing) {
    // Importing an iCalUID the calendar already holds updates that event.
    const previous = parseResource(existing);
    checkAttachmentsWrite(fields, cleared, previous, options.supportsAttachments);
    const next = replaceResource(ctx, access, previous, fields, options);
    if (fields.organizer?.email) next.organizer = fields.organizer;
    const timing = eventTiming(next, access.calendar.time_zone);
    const row = cal.write((rr, changes) => updateEventRow(rr, changes, access.calendar, existing, next, timing));
    return respond(ctx, access, next, row.change_seq, timing);
  }
  checkAttachmentsWrite(fields, cleared, undefined, options.supportsAttachments);
  const id = body.id != null ? checkClientEventId(body.id) : undefined;
  const resource = newEventResource(ctx, access.calendar, fields, { ...(id ? { id } : {}), iCalUID });
  const timing = eventTiming(resource, access.calendar.time_zone);
  const row = cal.write((rr, changes) => insertEventRow(rr, changes, access.calendar, resource, timing));
  return respond(ctx, access, resource, row.change_seq, timing);
}

export function CalendarEventsQuickAdd(
  ctx: RequestContext<'CalendarEventsQuickAdd'>,
  cal: CalendarState,
): HandlerResult {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'writer');
  const text = ctx.params.text;
  const r = cal.r;
  const defaultLength = Number(r.settings.value(ctx.user.email, 'defaultEventLength') ?? '60') || 60;
  const parsed = parseQuickAdd(text, access.calendar.time_zone, ctx.service.now().getTime(), defaultLength);
  const resource = newEventResource(
    ctx,
    access.calendar,
    { summary: parsed.summary, start: parsed.start, end: parsed.end },
    {},
  );
  const timing = eventTiming(resource, access.calendar.time_zone);
  const row = cal.write((rr, changes) => insertEventRow(rr, changes, access.calendar, resource, timing));
  return respond(ctx, access, resource, row.change_seq, timing);
}

/** Full replacement (PUT/import): read-only fields come from the stored event, the rest from the body. */
function replaceResource(
  ctx: { readonly service: ServiceContext },
  access: CalendarAccess,
  previous: EventResource,
  fields: EventFields,
  options: ReadEventOptions,
): EventResource {
  const { organizer: _organizer, conferenceData, ...rest } = fields;
  const next: EventResource = {
    ...rest,
    id: previous.id,
    iCalUID: previous.iCalUID,
    htmlLink: previous.htmlLink ?? htmlLinkFor(ctx.service.baseUrl(), access.calendar.id, previous.id),
    created: previous.created,
    updated: isoUtc(ctx.service.now().getTime()),
    creator: previous.creator,
    organizer: previous.organizer,
    recurringEventId: previous.recurringEventId,
    originalStartTime: previous.originalStartTime,
    privateCopy: previous.privateCopy,
    status: fields.status ?? 'confirmed',
    start: fields.start ?? {},
    end: fields.end ?? {},
    sequence: nextSequence(previous, fields, fields.sequence),
    reminders: fields.reminders ?? { useDefault: true },
    eventType: fields.eventType ?? previous.eventType ?? 'default',
    attachments: options.supportsAttachments ? fields.attachments : previous.attachments,
    conferenceData:
      options.conferenceDataVersion >= 1
        ? conferenceData && applyConferenceRequest(conferenceData, previous.id)
        : previous.conferenceData,
    hangoutLink: options.conferenceDataVersion >= 1 ? undefined : previous.hangoutLink,
  };
  return withoutUndefined(next);
}

/**
 * Patch: `fields` were read from the body already merged into the stored event (see
 * mergedPatchFields), so each replaces its stored field; a top-level null clears one.
 */
function patchResource(
  ctx: { readonly service: ServiceContext },
  previous: EventResource,
  fields: EventFields,
  cleared: ReadonlySet<string>,
  options: ReadEventOptions,
): EventResource {
  const { organizer: _organizer, conferenceData, attachments, ...rest } = fields;
  const next: EventResource = { ...previous, ...rest, updated: isoUtc(ctx.service.now().getTime()) };
  for (const field of cleared) {
    if (field !== 'organizer' && field !== 'start' && field !== 'end') delete next[field];
  }
  if (options.supportsAttachments && attachments !== undefined) next.attachments = attachments;
  if (options.conferenceDataVersion >= 1 && conferenceData) {
    next.conferenceData = applyConferenceRequest(conferenceData, previous.id);
  }
  next.sequence = nextSequence(previous, next, fields.sequence);
  return withoutUndefined(next);
}

function writeFound(
  cal: CalendarState,
  ctx: Parameters<typeof viewerFor>[0],
  access: CalendarAccess,
  found: FoundEvent,
  build: (previous: EventResource) => EventResource,
): HandlerResult {
  const next = build(found.resource);
  if ((found.kind === 'occurrence' || next.recurringEventId) && next.recurrence && next.recurrence.length > 0) {
    throw badRequest('invalid', 'An instance of a recurring event cannot have its own recurrence.', 'recurrence');
  }
  const organizer = organizerSideOf(cal.r, access.calendar, found.resource);
  if (organizer) {
    // An attendee's copy of an invitation: only their answer and personal fields may change.
    const row = cal.write((r, changes) => writeInvitationCopy(r, changes, access.calendar, found, next, organizer));
    return respond(ctx, access, parseResource(row), row.change_seq);
  }
  const timing = eventTiming(next, access.calendar.time_zone);
  const row = cal.write((r, changes) => {
    if (found.kind === 'stored') return updateEventRow(r, changes, access.calendar, found.row, next, timing);
    // Changing one occurrence stores it as an exception of its series.
    return insertEventRow(r, changes, access.calendar, next, timing);
  });
  return respond(ctx, access, next, row.change_seq, timing);
}

function loadForWrite(
  cal: CalendarState,
  ctx:
    | RequestContext<'CalendarEventsUpdate'>
    | RequestContext<'CalendarEventsPatch'>
    | RequestContext<'CalendarEventsDelete'>,
): { access: CalendarAccess; found: FoundEvent } {
  const access = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'writer');
  viewerFor(ctx, access);
  const found = findEvent(cal.r, access, ctx.params.eventId);
  if (!found) throw notFound('Not Found');
  checkIfMatch(ctx.headers['if-match'], etagOf(foundSeq(found)));
  return { access, found };
}

export function CalendarEventsUpdate(ctx: RequestContext<'CalendarEventsUpdate'>, cal: CalendarState): HandlerResult {
  const { access, found } = loadForWrite(cal, ctx);
  const options = writeOptions(ctx, false);
  const { fields, cleared } = readEventBody(ctx.body, options);
  checkAttachmentsWrite(fields, cleared, found.resource, options.supportsAttachments);
  return writeFound(cal, ctx, access, found, (previous) => replaceResource(ctx, access, previous, fields, options));
}

/** The event's objects holding keyed maps, whose totals a patch could raise past their bounds. */
const mergedBounds = { extendedProperties: ExtendedProperties, gadget: EventGadget, conferenceData: ConferenceData };

export function CalendarEventsPatch(ctx: RequestContext<'CalendarEventsPatch'>, cal: CalendarState): HandlerResult {
  const { access, found } = loadForWrite(cal, ctx);
  const options = writeOptions(ctx, false);
  const merged = mergedPatchFields(found.resource, ctx.body);
  checkMergedFields(merged, mergedBounds);
  const { fields, cleared } = readEventBody(merged, options);
  checkAttachmentsWrite(fields, cleared, found.resource, options.supportsAttachments);
  return writeFound(cal, ctx, access, found, (previous) => patchResource(ctx, previous, fields, cleared, options));
}

const alreadyDeleted = () => new ApiError(410, 'deleted', 'Resource has been deleted');

export function CalendarEventsDelete(ctx: RequestContext<'CalendarEventsDelete'>, cal: CalendarState): HandlerResult {
  const { access, found } = loadForWrite(cal, ctx);
  if (found.resource.status === 'cancelled') throw alreadyDeleted();
  const organizer = organizerSideOf(cal.r, access.calendar, found.resource);
  cal.write((r, changes) => {
    // Removing an invitation from one's calendar declines it.
    if (organizer) declineInvitation(r, changes, access.calendar, found.resource, organizer);
    if (found.kind === 'stored') {
      const current = r.events.get(access.calendar.id, found.row.event_id) ?? found.row;
      const resource = parseResource(current);
      if (resource.status !== 'cancelled') cancelEventRow(r, changes, access.calendar, current, resource);
      if (found.row.is_series) {
        for (const exception of r.events.exceptionsOf(access.calendar.id, found.row.event_id)) {
          if (exception.status !== 'cancelled')
            cancelEventRow(r, changes, access.calendar, exception, parseResource(exception));
        }
      }
      return;
    }
    const declined = r.events.get(access.calendar.id, found.resource.id);
    if (declined) {
      // The decline stored this instance as an exception of the copy already: cancel that.
      cancelEventRow(r, changes, access.calendar, declined, parseResource(declined));
      return;
    }
    // Deleting one occurrence stores a cancelled exception: id, recurringEventId and originalStartTime.
    const nowIso = isoUtc(changes.nowMs);
    const cancelled: EventResource = {
      id: found.resource.id,
      iCalUID: found.resource.iCalUID,
      status: 'cancelled',
      recurringEventId: found.series.event_id,
      originalStartTime: found.resource.originalStartTime,
      start: found.resource.start,
      end: found.resource.end,
      created: nowIso,
      updated: nowIso,
      sequence: found.seriesResource.sequence,
      // The series' organizer: an organizer's cancelled instance reaches the attendees' copies.
      ...(found.seriesResource.organizer ? { organizer: found.seriesResource.organizer } : {}),
    };
    insertEventRow(r, changes, access.calendar, cancelled, eventTiming(cancelled, access.calendar.time_zone));
  });
  return { status: 204 };
}

export function CalendarEventsMove(ctx: RequestContext<'CalendarEventsMove'>, cal: CalendarState): HandlerResult {
  const source = accessCalendar(cal.r, ctx, ctx.params.calendarId, 'writer');
  const destination = accessCalendar(cal.r, ctx, ctx.params.destination, 'writer');
  const found = findEvent(cal.r, source, ctx.params.eventId);
  if (!found || found.resource.status === 'cancelled') throw notFound('Not Found');
  if (found.kind === 'occurrence' || found.resource.recurringEventId) {
    throw badRequest(
      'cannotChangeOrganizerOfInstance',
      'Cannot change the organizer of an instance of a recurring event; move the whole series.',
      'eventId',
    );
  }
  if (source.calendar.id === destination.calendar.id)
    return respond(ctx, destination, found.resource, found.row.change_seq);
  const r = cal.r;
  const moving = [
    found.row,
    ...(found.row.is_series ? r.events.exceptionsOf(source.calendar.id, found.row.event_id) : []),
  ];
  for (const row of moving) {
    const clash = r.events.get(destination.calendar.id, row.event_id);
    if (clash && clash.status !== 'cancelled') throw conflict('The requested identifier already exists.', 'duplicate');
  }
  const nowIso = isoUtc(ctx.service.now().getTime());
  let moved: { resource: EventResource; seq: number } | undefined;
  cal.write((rr, changes) => {
    for (const row of moving) {
      const resource = parseResource(row);
      const next: EventResource = {
        ...resource,
        organizer: calendarOrganizer(destination.calendar),
        htmlLink: htmlLinkFor(ctx.service.baseUrl(), destination.calendar.id, resource.id),
        updated: nowIso,
      };
      const timing = eventTiming(next, destination.calendar.time_zone);
      const clash = rr.events.get(destination.calendar.id, row.event_id);
      const stored = clash
        ? updateEventRow(rr, changes, destination.calendar, clash, next, timing)
        : insertEventRow(rr, changes, destination.calendar, next, timing);
      // The source calendar keeps a cancelled event in its place.
      const tombstone: EventResource = {
        id: resource.id,
        iCalUID: resource.iCalUID,
        status: 'cancelled',
        start: resource.start,
        end: resource.end,
        created: resource.created,
        updated: nowIso,
        sequence: resource.sequence,
        ...(resource.recurringEventId
          ? { recurringEventId: resource.recurringEventId, originalStartTime: resource.originalStartTime }
          : {}),
        ...(resource.recurrence ? { recurrence: resource.recurrence } : {}),
      };
      updateEventRow(rr, changes, source.calendar, row, tombstone, eventTiming(tombstone, source.calendar.time_zone));
      if (row === found.row) moved = { resource: next, seq: stored.change_seq };
    }
  });
  if (!moved) throw new Error('move lost its event');
  return respond(ctx, destination, moved.resource, moved.seq);
}

export const eventWriteHandlers = defineHandlers<CalendarState>({
  CalendarEventsInsert,
  CalendarEventsImport,
  CalendarEventsQuickAdd,
  CalendarEventsUpdate,
  CalendarEventsPatch,
  CalendarEventsDelete,
  CalendarEventsMove,
});
