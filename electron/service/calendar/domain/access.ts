import { notFound } from '../../http/api-error';
import type { User } from '../../store/users';
import type { CalendarRow } from './calendars-repository';
import type { CalendarRepositories } from './repositories';
import type { GrantedRole, Role } from './roles';
import { requireRole } from './roles';

/** `primary` names the authenticated user's primary calendar, whose id is their email. */
export function resolveCalendarId(ctx: { readonly user: User }, calendarId: string): string {
  return calendarId === 'primary' ? ctx.user.email : calendarId;
}

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
export function accessCalendar(
  r: CalendarRepositories,
  ctx: { readonly user: User },
  rawId: string,
  minimum: GrantedRole,
): CalendarAccess {
  const calendar = r.calendars.get(resolveCalendarId(ctx, rawId));
  if (!calendar) throw notFound('Not Found');
  const role = roleOn(r, calendar, ctx.user.email);
  if (role === 'none') throw notFound('Not Found');
  requireRole(role, minimum);
  return { calendar, role };
}
