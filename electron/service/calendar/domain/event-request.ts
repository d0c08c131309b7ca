import type { HandlerParams, ServiceContext } from '../../http/handler';
import { badRequest } from '../../http/api-error';
import { RawJson } from '../../http/raw-json';
import type { User } from '../../store/users';
import type { CalendarAccess } from './access';
import type { CalendarRow } from './calendars-repository';
import { collections } from './change-log';
import type { EventFilters } from './events-query';
import type { EventViewer } from './event-view';
import type { CalendarRepositories } from './repositories';
import type { SyncPosition } from './tokens';
import { decodeSyncToken } from './tokens';
import { isValidTimeZone, parseTimeParam } from './time';

/** Reading the event list parameters shared by EventsList and EventsWatch. */

/** An events list or watch request (the two take the same parameters). */
interface EventListRequest {
  readonly params: HandlerParams<'CalendarEventsList'>;
  given(name: string): boolean;
  readonly service: ServiceContext;
}

export function viewerFor(
  ctx: { readonly params: { readonly calendarId: string; readonly timeZone?: string; readonly maxAttendees?: number } },
  access: CalendarAccess,
): EventViewer {
  const { timeZone, maxAttendees } = ctx.params;
  if (timeZone !== undefined && !isValidTimeZone(timeZone)) {
    throw badRequest('invalid', `Invalid time zone: ${timeZone}`, 'timeZone');
  }
  return {
    role: access.role,
    calendarId: access.calendar.id,
    calendarZone: access.calendar.time_zone,
    responseZone: timeZone ?? access.calendar.time_zone,
    ...(maxAttendees !== undefined ? { maxAttendees } : {}),
  };
}

function propertyFilters(entries: readonly string[] | undefined, name: string): [string, string][] {
  return (entries ?? []).map((entry) => {
    const eq = entry.indexOf('=');
    if (eq <= 0) throw badRequest('invalid', `Invalid ${name} value "${entry}": expected propertyName=value.`, name);
    return [entry.slice(0, eq), entry.slice(eq + 1)];
  });
}

/** Parameters that cannot accompany a sync token on an events list (spec 4.6 rule 3). */
const notWithSyncToken = [
  'iCalUID',
  'orderBy',
  'privateExtendedProperty',
  'q',
  'sharedExtendedProperty',
  'timeMin',
  'timeMax',
  'updatedMin',
] as const;

/** Rejects a showDeleted (or similar) flag the request itself set to false next to a sync token. */
export function refuseExplicitFalse(
  ctx: { given(name: string): boolean },
  flags: Readonly<Record<string, boolean | undefined>>,
): void {
  for (const [name, value] of Object.entries(flags)) {
    if (value === false && ctx.given(name)) {
      throw badRequest(
        'invalid',
        `${name}=false cannot be combined with syncToken: deleted entries are always part of an incremental sync.`,
        name,
      );
    }
  }
}

export function readEventFilters(ctx: EventListRequest): EventFilters {
  const p = ctx.params;
  const timeMin = parseTimeParam(p.timeMin, 'timeMin');
  const timeMax = parseTimeParam(p.timeMax, 'timeMax');
  // Milliseconds are ignored in the bounds.
  const bound = (ms: number | undefined) => (ms === undefined ? undefined : Math.floor(ms / 1000) * 1000);
  if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
    throw badRequest(
      'timeRangeEmpty',
      'The specified time range is empty: timeMax must be greater than timeMin.',
      'timeMax',
    );
  }
  const orderBy = p.orderBy;
  const singleEvents = p.singleEvents;
  if (orderBy === 'startTime' && !singleEvents) {
    throw badRequest(
      'invalid',
      'The requested ordering is not available for the particular query: orderBy=startTime needs singleEvents=true.',
      'orderBy',
    );
  }
  const updatedMin = parseTimeParam(p.updatedMin, 'updatedMin');
  const filters: EventFilters = {
    showDeleted: p.showDeleted,
    singleEvents,
    privateProperties: propertyFilters(p.privateExtendedProperty, 'privateExtendedProperty'),
    sharedProperties: propertyFilters(p.sharedExtendedProperty, 'sharedExtendedProperty'),
    eventTypes: p.eventTypes ?? [],
    hideInvitations: false,
  };
  if (orderBy) filters.orderBy = orderBy;
  const min = bound(timeMin);
  const max = bound(timeMax);
  if (min !== undefined) filters.timeMin = min;
  if (max !== undefined) filters.timeMax = max;
  if (updatedMin !== undefined) filters.updatedMin = updatedMin;
  if (p.q !== undefined) filters.q = p.q;
  if (p.iCalUID !== undefined) filters.iCalUID = p.iCalUID;
  return filters;
}

/** The sync position of a syncToken parameter, after checking the combination rules. */
export function readEventSyncToken(ctx: EventListRequest, calendarId: string): SyncPosition | undefined {
  const token = ctx.params.syncToken;
  if (token === undefined) return undefined;
  for (const name of notWithSyncToken) {
    if (ctx.given(name)) throw badRequest('invalid', `${name} cannot be combined with syncToken.`, name);
  }
  refuseExplicitFalse(ctx, { showDeleted: ctx.params.showDeleted });
  return decodeSyncToken(
    token,
    collections.events(calendarId),
    ctx.service.now().getTime(),
    ctx.service.config.syncTokenRetentionMs,
  );
}

/** The user's default reminders on the calendar, as stored (JSON text written by this service). */
export function defaultRemindersFor(
  r: CalendarRepositories,
  ctx: { readonly user: User },
  calendarId: string,
): RawJson | never[] {
  const entry = r.calendarList.get(ctx.user.email, calendarId);
  return entry && !entry.deleted ? new RawJson(entry.default_reminders) : [];
}

/**
 * Whether unanswered invitations are left out of this listing: the calendar's owner hides them
 * (setting hideInvitations) and the request did not ask for them (showHiddenInvitations). Only a
 * primary calendar receives invitations.
 */
export function hidesInvitations(
  r: CalendarRepositories,
  ctx: { readonly params: { readonly showHiddenInvitations: boolean } },
  calendar: CalendarRow,
): boolean {
  if (!calendar.is_primary || ctx.params.showHiddenInvitations) return false;
  return r.settings.value(calendar.owner_email, 'hideInvitations') === 'true';
}
