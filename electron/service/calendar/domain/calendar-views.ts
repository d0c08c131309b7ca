import type { AclRow } from './acl-repository';
import type { CalendarListRow } from './calendar-list-repository';
import type { CalendarRow } from './calendars-repository';
import { calendarColors } from './colors';
import type { Role } from './roles';
import type { SettingRow } from './settings-repository';

/** Renders stored rows as Google Calendar v3 resources. */

export const etagOf = (seq: number): string => `"${seq}"`;

export const conferenceProperties = { allowedConferenceSolutionTypes: ['hangoutsMeet'] };

export function calendarResource(row: CalendarRow): Record<string, unknown> {
  return {
    kind: 'calendar#calendar',
    etag: etagOf(row.change_seq),
    id: row.id,
    summary: row.summary,
    ...(row.description !== null ? { description: row.description } : {}),
    ...(row.location !== null ? { location: row.location } : {}),
    timeZone: row.time_zone,
    conferenceProperties,
  };
}

export function aclResource(row: AclRow): Record<string, unknown> {
  return {
    kind: 'calendar#aclRule',
    etag: etagOf(row.change_seq),
    id: row.rule_id,
    scope: row.scope_type === 'default' ? { type: 'default' } : { type: row.scope_type, value: row.scope_value ?? '' },
    role: row.role,
  };
}

export function listEntryColors(row: CalendarListRow): {
  colorId: string;
  backgroundColor: string;
  foregroundColor: string;
} {
  const colorId = row.color_id ?? '14';
  const palette = calendarColors[colorId] ?? calendarColors['14'];
  return {
    colorId,
    backgroundColor: row.background_color ?? palette?.background ?? '#9fe1e7',
    foregroundColor: row.foreground_color ?? palette?.foreground ?? '#1d1d1d',
  };
}

/**
 * A calendar list entry. A deleted entry (or one whose calendar is gone or no longer shared with
 * the user) carries only its identity and `deleted: true`.
 */
export function listEntryResource(
  row: CalendarListRow,
  calendar: CalendarRow | undefined,
  role: Role,
): Record<string, unknown> {
  const base = { kind: 'calendar#calendarListEntry', etag: etagOf(row.change_seq), id: row.calendar_id };
  if (row.deleted || !calendar || role === 'none') return { ...base, deleted: true };
  const notificationSettings = row.notification_settings
    ? (JSON.parse(row.notification_settings) as unknown)
    : undefined;
  return {
    ...base,
    summary: calendar.summary,
    ...(calendar.description !== null ? { description: calendar.description } : {}),
    ...(calendar.location !== null ? { location: calendar.location } : {}),
    timeZone: calendar.time_zone,
    ...(row.summary_override !== null ? { summaryOverride: row.summary_override } : {}),
    ...listEntryColors(row),
    ...(row.hidden ? { hidden: true } : {}),
    ...(row.selected ? { selected: true } : {}),
    accessRole: role,
    defaultReminders: JSON.parse(row.default_reminders) as unknown,
    ...(notificationSettings !== undefined ? { notificationSettings } : {}),
    ...(calendar.is_primary && calendar.owner_email === row.user_email ? { primary: true } : {}),
    conferenceProperties,
  };
}

export function settingResource(row: Pick<SettingRow, 'setting_id' | 'value' | 'change_seq'>): Record<string, unknown> {
  return { kind: 'calendar#setting', etag: etagOf(row.change_seq), id: row.setting_id, value: row.value };
}
