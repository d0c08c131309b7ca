import { badRequest } from '../../http/api-error';
import type { ServiceContext } from '../../http/handler';
import { syncListEntry } from './calendar-operations';
import { CalendarState } from './calendar-state';
import { GroupsRepository } from './groups-repository';

/**
 * Groups for ACL rules with scope `group`. Google keeps groups in its directory, outside the
 * Calendar API, so no Calendar operation defines one; here whoever runs the service (the app, the
 * command line, a test) sets a group's members with `setCalendarGroupMembers`. A group is an
 * address like a user's; its members are the users whose addresses it lists (they need not exist
 * yet: a member who signs up later has the access at once). A member gets what a `group:` rule
 * grants, sees the calendar in their calendar list while they have access, and free/busy queries
 * naming the group expand to the members' primary calendars.
 */

const emailPattern = /^[^\s@]+@[^\s@]+$/;

/** Replaces the members of `group`; calendar lists of members who gain or lose access follow. */
export function setCalendarGroupMembers(service: ServiceContext, group: string, members: readonly string[]): void {
  const address = group.trim().toLowerCase();
  if (!emailPattern.test(address)) throw badRequest('invalid', `Invalid group address: ${group}`, 'group');
  const next = [...new Set(members.map((m) => m.trim().toLowerCase()))];
  const bad = next.find((m) => !emailPattern.test(m) || m === address);
  if (bad !== undefined) throw badRequest('invalid', `Invalid group member address: ${bad}`, 'members');
  // Membership is set from outside any request; the write needs none of the area's caches.
  new CalendarState(service).write((r, changes) => {
    const previous = r.groups.members(address);
    r.groups.replaceMembers(address, next);
    const affected = new Set([...previous, ...next]);
    for (const calendarId of r.groups.calendarsSharedWith(address)) {
      const calendar = r.calendars.get(calendarId);
      if (!calendar) continue;
      for (const email of affected) syncListEntry(r, changes, calendar, email);
    }
  });
}

export function calendarGroupMembers(service: ServiceContext, group: string): string[] {
  return new GroupsRepository(service.store).members(group);
}
