import type { ChannelRequest } from '../../channels/channel-hub';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CalendarState } from '../domain/calendar-state';
import { badRequest } from '../../http/api-error';
import { accessCalendar } from '../domain/access';
import { channelKey, collections } from '../domain/change-log';
import { readEventFilters, readEventSyncToken } from '../domain/event-request';
import { decodeSyncToken } from '../domain/tokens';

/** Watch operations: open a notification channel on a collection (sync first, then `exists` on each change). */

/** What opening a channel needs of a watch request, whichever collection it watches. */
type WatchRequest = Pick<RequestContext<'CalendarAclWatch'>, 'user' | 'req' | 'service'> & { readonly body: unknown };

/** The channel body; the hub checks its id, address, type, token and expiration. */
function channelRequest(ctx: WatchRequest): ChannelRequest {
  const body = ctx.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('required', 'Missing channel.', 'resource');
  return body as ChannelRequest;
}

/** Query parameters that say how to answer, not what is watched (and credentials, never echoed). */
const notPartOfResource = new Set([
  'access_token',
  'oauth_token',
  'key',
  'alt',
  'prettyPrint',
  'fields',
  'quotaUser',
  'userIp',
  'callback',
]);

/** `X-Goog-Resource-URI`: the watched list's URL with the list parameters the client gave. */
function resourceUri(ctx: WatchRequest, path: string): string {
  const url = new URL(`${ctx.service.baseUrl()}${path}`);
  const given = new URL(ctx.req.url ?? '/', 'http://service.invalid').searchParams;
  for (const [name, value] of given) if (!notPartOfResource.has(name)) url.searchParams.append(name, value);
  url.searchParams.set('alt', 'json');
  return url.toString();
}

function watch(ctx: WatchRequest, collection: string, path: string): HandlerResult {
  const request = channelRequest(ctx);
  const channel = ctx.service.channels.watch(ctx.user, request, {
    key: channelKey(collection),
    uri: resourceUri(ctx, path),
  });
  return { body: channel };
}

export function CalendarEventsWatch(ctx: RequestContext<'CalendarEventsWatch'>, cal: CalendarState): HandlerResult {
  const rawId = ctx.params.calendarId;
  const access = accessCalendar(cal.r, ctx, rawId, 'freeBusyReader');
  readEventSyncToken(ctx, access.calendar.id);
  readEventFilters(ctx);
  return watch(
    ctx,
    collections.events(access.calendar.id),
    `/calendar/v3/calendars/${encodeURIComponent(rawId)}/events`,
  );
}

export function CalendarAclWatch(ctx: RequestContext<'CalendarAclWatch'>, cal: CalendarState): HandlerResult {
  const rawId = ctx.params.calendarId;
  const access = accessCalendar(cal.r, ctx, rawId, 'owner');
  return watch(ctx, collections.acl(access.calendar.id), `/calendar/v3/calendars/${encodeURIComponent(rawId)}/acl`);
}

export function CalendarCalendarListWatch(ctx: RequestContext<'CalendarCalendarListWatch'>): HandlerResult {
  return watch(ctx, collections.calendarList(ctx.user.email), '/calendar/v3/users/me/calendarList');
}

export function CalendarSettingsWatch(ctx: RequestContext<'CalendarSettingsWatch'>): HandlerResult {
  const token = ctx.params.syncToken;
  if (token) {
    decodeSyncToken(
      token,
      collections.settings(ctx.user.email),
      ctx.service.now().getTime(),
      ctx.service.config.syncTokenRetentionMs,
    );
  }
  return watch(ctx, collections.settings(ctx.user.email), '/calendar/v3/users/me/settings');
}

export const watchHandlers = defineHandlers<CalendarState>({
  CalendarEventsWatch,
  CalendarAclWatch,
  CalendarCalendarListWatch,
  CalendarSettingsWatch,
});
