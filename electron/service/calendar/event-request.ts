import type { RequestContext } from '../http/handler';
import { badRequest } from '../http/api-error';
import { RawJson } from '../http/raw-json';
import type { CalendarAccess } from './access';
import type { CalendarRow } from './calendars-repository';
import { repos } from './access';
import { collections } from './change-log';
import type { EventFilters } from './events-query';
import type { EventViewer } from './event-view';
import { booleanParam, explicitQueryValue, integerParam, stringListParam, stringParam } from './params';
import type { SyncPosition } from './tokens';
import { decodeSyncToken } from './tokens';
import { isValidTimeZone, parseTimeParam } from './time';

/** Reading the event list parameters shared by EventsList and EventsWatch. */

export function viewerFor(ctx: RequestContext, access: CalendarAccess): EventViewer {
  const timeZone = stringParam(ctx, 'timeZone');
  if (timeZone !== undefined && !isValidTimeZone(timeZone)) {
    throw badRequest('invalid', `Invalid time zone: ${timeZone}`, 'timeZone');
  }
  const maxAttendees = integerParam(ctx, 'maxAttendees');
  if (maxAttendees !== undefined && maxAttendees < 1) {
    throw badRequest('invalid', 'Invalid value for maxAttendees: must be at least 1.', 'maxAttendees');
  }
  return {
    role: access.role,
    calendarId: access.calendar.id,
    calendarZone: access.calendar.time_zone,
    responseZone: timeZone ?? access.calendar.time_zone,
    ...(maxAttendees !== undefined ? { maxAttendees } : {}),
  };
}

function propertyFilters(ctx: RequestContext, name: string): [string, string][] {
  return stringListParam(ctx, name).map((entry) => {
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

/** Rejects a showDeleted (or similar) explicitly set to false next to a sync token. */
export function refuseExplicitFalse(ctx: RequestContext, names: readonly string[]): void {
  for (const name of names) {
    if (explicitQueryValue(ctx, name) === 'false') {
      throw badRequest(
        'invalid',
        `${name}=false cannot be combined with syncToken: deleted entries are always part of an incremental sync.`,
        name,
      );
    }
  }
}

export function readEventFilters(ctx: RequestContext): EventFilters {
  const timeMin = parseTimeParam(stringParam(ctx, 'timeMin'), 'timeMin');
  const timeMax = parseTimeParam(stringParam(ctx, 'timeMax'), 'timeMax');
  // Milliseconds are ignored in the bounds.
  const bound = (ms: number | undefined) => (ms === undefined ? undefined : Math.floor(ms / 1000) * 1000);
  if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
    throw badRequest(
      'timeRangeEmpty',
      'The specified time range is empty: timeMax must be greater than timeMin.',
      'timeMax',
    );
  }
  const orderByRaw = stringParam(ctx, 'orderBy');
  if (orderByRaw !== undefined && orderByRaw !== 'startTime' && orderByRaw !== 'updated') {
    throw badRequest('invalid', `Invalid value for orderBy: ${orderByRaw}`, 'orderBy');
  }
  const singleEvents = booleanParam(ctx, 'singleEvents');
  if (orderByRaw === 'startTime' && !singleEvents) {
    throw badRequest(
      'invalid',
      'The requested ordering is not available for the particular query: orderBy=startTime needs singleEvents=true.',
      'orderBy',
    );
  }
  const updatedMin = parseTimeParam(stringParam(ctx, 'updatedMin'), 'updatedMin');
  const q = stringParam(ctx, 'q');
  const iCalUID = stringParam(ctx, 'iCalUID');
  const filters: EventFilters = {
    showDeleted: booleanParam(ctx, 'showDeleted'),
    singleEvents,
    privateProperties: propertyFilters(ctx, 'privateExtendedProperty'),
    sharedProperties: propertyFilters(ctx, 'sharedExtendedProperty'),
    eventTypes: stringListParam(ctx, 'eventTypes'),
    hideInvitations: false,
  };
  if (orderByRaw) filters.orderBy = orderByRaw;
  const min = bound(timeMin);
  const max = bound(timeMax);
  if (min !== undefined) filters.timeMin = min;
  if (max !== undefined) filters.timeMax = max;
  if (updatedMin !== undefined) filters.updatedMin = updatedMin;
  if (q !== undefined) filters.q = q;
  if (iCalUID !== undefined) filters.iCalUID = iCalUID;
  return filters;
}

/** The sync position of a syncToken parameter, after checking the combination rules. */
export function readEventSyncToken(ctx: RequestContext, calendarId: string): SyncPosition | undefined {
  const token = stringParam(ctx, 'syncToken');
  if (token === undefined) return undefined;
  for (const name of notWithSyncToken) {
    if (stringListParam(ctx, name).length > 0 || explicitQueryValue(ctx, name) !== undefined) {
      throw badRequest('invalid', `${name} cannot be combined with syncToken.`, name);
    }
  }
  refuseExplicitFalse(ctx, ['showDeleted']);
  return decodeSyncToken(
    token,
    collections.events(calendarId),
    ctx.service.now().getTime(),
    ctx.service.config.syncTokenRetentionMs,
  );
}

/** The user's default reminders on the calendar, as stored (JSON text written by this service). */
export function defaultRemindersFor(ctx: RequestContext, calendarId: string): RawJson | never[] {
  const entry = repos(ctx).calendarList.get(ctx.user.email, calendarId);
  return entry && !entry.deleted ? new RawJson(entry.default_reminders) : [];
}

/**
 * Whether unanswered invitations are left out of this listing: the calendar's owner hides them
 * (setting hideInvitations) and the request did not ask for them (showHiddenInvitations). Only a
 * primary calendar receives invitations.
 */
export function hidesInvitations(ctx: RequestContext, calendar: CalendarRow): boolean {
  if (!calendar.is_primary || booleanParam(ctx, 'showHiddenInvitations')) return false;
  return repos(ctx).settings.value(calendar.owner_email, 'hideInvitations') === 'true';
}
