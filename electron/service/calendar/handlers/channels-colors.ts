import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CalendarState } from '../domain/calendar-state';
import { badRequest } from '../../http/api-error';
import { calendarColors, colorsUpdated, eventColors } from '../domain/colors';

export function CalendarColorsGet(_ctx: RequestContext<'CalendarColorsGet'>): HandlerResult {
  return { body: { kind: 'calendar#colors', updated: colorsUpdated, calendar: calendarColors, event: eventColors } };
}

/** Stops a channel opened by one of the watch operations; the hub checks ownership. */
export function CalendarChannelsStop(ctx: RequestContext<'CalendarChannelsStop'>): HandlerResult {
  const body = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, unknown>;
  if (typeof body.id !== 'string' || body.id === '') throw badRequest('required', 'Missing channel id.', 'id');
  if (typeof body.resourceId !== 'string' || body.resourceId === '') {
    throw badRequest('required', 'Missing channel resourceId.', 'resourceId');
  }
  ctx.service.channels.stop(ctx.user, { id: body.id, resourceId: body.resourceId });
  return { status: 204 };
}

export const channelsColorsHandlers = defineHandlers<CalendarState>({ CalendarColorsGet, CalendarChannelsStop });
