import type { RequestContext, ServiceContext } from '../http/handler';
import { notFound } from '../http/api-error';
import { ChangeRecorder } from './change-log';
import type { CalendarRow } from './calendars-repository';
import type { CalendarRepositories } from './repositories';
import { repositoriesFor } from './repositories';
import type { GrantedRole, Role } from './roles';
import { requireRole } from './roles';

/** `primary` names the authenticated user's primary calendar, whose id is their email. */
export function resolveCalendarId(ctx: RequestContext, calendarId: string): string {
  return calendarId === 'primary' ? ctx.user.email : calendarId;
}

export const repos = (ctx: { service: ServiceContext }): CalendarRepositories => repositoriesFor(ctx.service.store.db);

export interface CalendarAccess {
  calendar: CalendarRow;
  role: Role;
}

export function roleOn(r: CalendarRepositories, calendar: CalendarRow, email: string): Role {
  // No rule grants more than owning it: the owner's requests (most of them) skip the rule lookups.
  if (calendar.owner_email === email) return 'owner';
  return r.acl.effectiveRole(calendar.id, email);
}

/**
 * The calendar and the user's role on it. A calendar the user cannot see at all answers 404, as if
 * it did not exist; one they see with too little access answers 403.
 */
export function accessCalendar(ctx: RequestContext, rawId: string, minimum: GrantedRole): CalendarAccess {
  const r = repos(ctx);
  const calendar = r.calendars.get(resolveCalendarId(ctx, rawId));
  if (!calendar) throw notFound('Not Found');
  const role = roleOn(r, calendar, ctx.user.email);
  if (role === 'none') throw notFound('Not Found');
  requireRole(role, minimum);
  return { calendar, role };
}

/**
 * Runs `write` in one transaction with a change recorder, then notifies the channels watching what
 * changed. Validation belongs before or inside `write`; a throw rolls everything back.
 */
export function commit<T>(
  ctx: { service: ServiceContext },
  write: (r: CalendarRepositories, changes: ChangeRecorder) => T,
): T {
  const r = repos(ctx);
  const changes = new ChangeRecorder(r.db, ctx.service.now().getTime());
  const result = ctx.service.store.transaction(() => write(r, changes));
  changes.notify(ctx.service.channels);
  return result;
}
