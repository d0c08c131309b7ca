import type { ChangeRecorder } from './change-log';
import { collections } from './change-log';
import type { AclRow } from './acl-repository';
import { ruleIdFor } from './acl-repository';
import type { CalendarListRow } from './calendar-list-repository';
import type { CalendarRow } from './calendars-repository';
import { defaultCalendarColorId } from './colors';
import type { CalendarRepositories } from './repositories';
import type { GrantedRole, Role } from './roles';
import { atLeast } from './roles';
import { roleOn } from './access';
import { cancelAttendeeCopies } from './attendee-copies';
import { parseResource } from './event-view';

/**
 * Writes shared by several operations: creating calendars, keeping calendar lists in step with
 * ACL rules, and setting rules. All run inside the caller's transaction.
 */

export interface NewCalendarInput {
  id: string;
  ownerEmail: string;
  primary: boolean;
  summary: string;
  description: string | null;
  location: string | null;
  timeZone: string;
}

export function createCalendar(r: CalendarRepositories, changes: ChangeRecorder, input: NewCalendarInput): void {
  const seq = changes.record(collections.calendar(input.id));
  r.calendars.insert(
    {
      id: input.id,
      owner_email: input.ownerEmail,
      is_primary: input.primary ? 1 : 0,
      summary: input.summary,
      description: input.description,
      location: input.location,
      time_zone: input.timeZone,
      change_seq: seq,
    },
    changes.nowMs,
  );
  const entry = ensureListEntry(r, changes, input.ownerEmail, input.id, input.primary);
  setAclRule(r, changes, input.id, 'user', input.ownerEmail, 'owner');
  if (input.primary) {
    entry.default_reminders = JSON.stringify([{ method: 'popup', minutes: 10 }]);
    entry.notification_settings = JSON.stringify({
      notifications: [
        { type: 'eventCreation', method: 'email' },
        { type: 'eventChange', method: 'email' },
        { type: 'eventCancellation', method: 'email' },
        { type: 'eventResponse', method: 'email' },
      ],
    });
    r.calendarList.update(entry);
  }
}

/** Adds the calendar to the user's list (or revives a deleted entry); returns the entry. */
export function ensureListEntry(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  email: string,
  calendarId: string,
  primary = false,
): CalendarListRow {
  const existing = r.calendarList.get(email, calendarId);
  if (existing && !existing.deleted) return existing;
  const seq = changes.record(collections.calendarList(email));
  if (existing) {
    const revived: CalendarListRow = {
      ...existing,
      deleted: 0,
      hidden: 0,
      selected: 1,
      position: r.calendarList.nextPosition(email),
      change_seq: seq,
    };
    r.calendarList.update(revived);
    return revived;
  }
  const row: CalendarListRow = {
    user_email: email,
    calendar_id: calendarId,
    position: primary ? 0 : r.calendarList.nextPosition(email),
    summary_override: null,
    color_id: defaultCalendarColorId(calendarId, primary),
    background_color: null,
    foreground_color: null,
    hidden: 0,
    selected: 1,
    default_reminders: '[]',
    notification_settings: null,
    deleted: 0,
    change_seq: seq,
  };
  r.calendarList.insert(row);
  return row;
}

/** Marks the user's entry deleted (kept so a sync token can report it). */
export function markListEntryDeleted(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  email: string,
  calendarId: string,
): void {
  const existing = r.calendarList.get(email, calendarId);
  if (!existing || existing.deleted) return;
  const seq = changes.record(collections.calendarList(email));
  r.calendarList.update({ ...existing, deleted: 1, change_seq: seq });
}

/**
 * Writes an ACL rule and keeps the named user's calendar list in step: a user given access sees
 * the calendar in their list, one who loses all access sees the entry deleted.
 */
export function setAclRule(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendarId: string,
  scopeType: string,
  scopeValue: string | null,
  role: Role,
): AclRow {
  const ruleId = ruleIdFor(scopeType, scopeValue);
  const seq = changes.record(collections.acl(calendarId));
  const row: AclRow = {
    calendar_id: calendarId,
    rule_id: ruleId,
    scope_type: scopeType,
    scope_value: scopeValue,
    role,
    change_seq: seq,
  };
  r.acl.upsert(row);
  const calendar = r.calendars.get(calendarId);
  if (calendar && scopeValue) {
    if (scopeType === 'user') syncListEntry(r, changes, calendar, scopeValue);
    if (scopeType === 'group')
      for (const member of r.groups.members(scopeValue)) syncListEntry(r, changes, calendar, member);
  }
  return row;
}

/** The user sees the calendar in their list while they have any access to it, and sees it deleted after. */
export function syncListEntry(
  r: CalendarRepositories,
  changes: ChangeRecorder,
  calendar: CalendarRow,
  email: string,
): void {
  const effective = roleOn(r, calendar, email);
  if (atLeast(effective, 'freeBusyReader' satisfies GrantedRole)) ensureListEntry(r, changes, email, calendar.id);
  else markListEntryDeleted(r, changes, email, calendar.id);
}

/** Removes a secondary calendar with its events and rules; every user's entry turns deleted. */
export function deleteCalendar(r: CalendarRepositories, changes: ChangeRecorder, calendarId: string): void {
  for (const entry of r.calendarList.forCalendar(calendarId))
    markListEntryDeleted(r, changes, entry.user_email, calendarId);
  changes.record(collections.events(calendarId));
  changes.record(collections.acl(calendarId));
  const calendar = r.calendars.get(calendarId);
  if (calendar) {
    // Invitations sent from this calendar end with it.
    for (const row of r.events.live(calendarId)) cancelAttendeeCopies(r, changes, calendar, parseResource(row));
  }
  r.events.deleteAll(calendarId);
  r.acl.deleteAll(calendarId);
  r.calendars.delete(calendarId);
}
