import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { User } from '../../store/users';
import type { CalendarState } from '../domain/calendar-state';
import { badRequest, notFound } from '../../http/api-error';
import { mergedPatchFields } from '../../http/merge-patch';
import { resolveCalendarId, roleOn } from '../domain/access';
import type { ChangeRecorder } from '../domain/change-log';
import type { CalendarRepositories } from '../domain/repositories';
import { ensureListEntry, markListEntryDeleted } from '../domain/calendar-operations';
import type { CalendarListRow } from '../domain/calendar-list-repository';
import { etagOf, listEntryColors, listEntryResource } from '../domain/calendar-views';
import { collections, latestChangeSeq } from '../domain/change-log';
import { calendarColors, closestCalendarColorId, isHexColor } from '../domain/colors';
import { refuseExplicitFalse } from '../domain/event-request';
import type { Role } from '../domain/roles';
import { atLeast } from '../domain/roles';
import { listSmall } from '../domain/small-list';
import { decodeSyncToken, isNumberKey, queryFingerprint } from '../domain/tokens';

/** The user's calendar list: their own view of each calendar they have access to. */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readReminders(value: unknown, field: string): string {
  if (!Array.isArray(value)) throw badRequest('invalid', `Invalid value for: ${field} must be an array.`, field);
  if (value.length > 5) throw badRequest('invalid', `Too many ${field}: at most 5.`, field);
  const reminders = value.map((item, i) => {
    if (!isObject(item)) throw badRequest('invalid', `Invalid value for: ${field}[${i}]`, field);
    const { method, minutes } = item;
    if (method !== 'email' && method !== 'popup') {
      throw badRequest(
        'invalid',
        `Invalid value for: ${field}[${i}].method must be email or popup.`,
        `${field}.method`,
      );
    }
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 0 || minutes > 40320) {
      throw badRequest('invalid', `Invalid value for: ${field}[${i}].minutes must be 0 to 40320.`, `${field}.minutes`);
    }
    return { method, minutes };
  });
  return JSON.stringify(reminders);
}

const notificationTypes = ['eventCreation', 'eventChange', 'eventCancellation', 'eventResponse', 'agenda'];

function readNotificationSettings(value: unknown): string {
  if (!isObject(value)) throw badRequest('invalid', 'Invalid value for: notificationSettings', 'notificationSettings');
  const list = value.notifications ?? [];
  if (!Array.isArray(list))
    throw badRequest('invalid', 'Invalid value for: notificationSettings.notifications', 'notificationSettings');
  const notifications = list.map((n, i) => {
    if (!isObject(n) || typeof n.type !== 'string' || !notificationTypes.includes(n.type) || n.method !== 'email') {
      throw badRequest(
        'invalid',
        `Invalid value for: notificationSettings.notifications[${i}]`,
        'notificationSettings',
      );
    }
    return { type: n.type, method: 'email' };
  });
  return JSON.stringify({ notifications });
}

/**
 * Applies a calendar list entry body to `row`. Hex colors need colorRgbFormat=true (unless the
 * body merely echoes the current ones) and pick the nearest palette colorId; a colorId alone
 * selects a palette color and drops custom hex colors.
 */
function applyEntryBody(
  row: CalendarListRow,
  body: unknown,
  replace: boolean,
  colorRgbFormat: boolean,
): CalendarListRow {
  if (body !== undefined && body !== null && !isObject(body))
    throw badRequest('invalid', 'The request body must be a JSON object.');
  const b = (body ?? {}) as Record<string, unknown>;
  const next: CalendarListRow = { ...row };
  const has = (key: string) => b[key] !== undefined;

  if (has('summaryOverride') || replace) {
    const v = b.summaryOverride;
    if (v !== undefined && v !== null && typeof v !== 'string')
      throw badRequest('invalid', 'Invalid value for: summaryOverride', 'summaryOverride');
    next.summary_override = typeof v === 'string' && v !== '' ? v : null;
  }
  for (const key of ['hidden', 'selected'] as const) {
    if (!has(key) && !replace) continue;
    const v = b[key];
    if (v !== undefined && v !== null && typeof v !== 'boolean')
      throw badRequest('invalid', `Invalid value for: ${key} must be a boolean.`, key);
    next[key] = v === true ? 1 : v === false ? 0 : key === 'selected' ? row.selected : 0;
  }
  if (has('defaultReminders'))
    next.default_reminders = b.defaultReminders === null ? '[]' : readReminders(b.defaultReminders, 'defaultReminders');
  else if (replace) next.default_reminders = '[]';
  if (has('notificationSettings')) {
    next.notification_settings =
      b.notificationSettings === null ? null : readNotificationSettings(b.notificationSettings);
  }

  const current = listEntryColors(row);
  const hexGiven = (['backgroundColor', 'foregroundColor'] as const).filter((k) => b[k] !== undefined && b[k] !== null);
  const hexChanges = hexGiven.filter((k) => String(b[k]).toLowerCase() !== current[k].toLowerCase());
  if (hexChanges.length > 0 || (colorRgbFormat && hexGiven.length > 0)) {
    if (!colorRgbFormat) {
      throw badRequest(
        'invalid',
        'Setting backgroundColor or foregroundColor requires colorRgbFormat=true.',
        'colorRgbFormat',
      );
    }
    for (const key of hexGiven) {
      if (!isHexColor(b[key])) throw badRequest('invalid', `Invalid value for: ${key} must be a #rrggbb color.`, key);
    }
    const background = ((b.backgroundColor as string | undefined) ?? current.backgroundColor).toLowerCase();
    const foreground = ((b.foregroundColor as string | undefined) ?? current.foregroundColor).toLowerCase();
    next.background_color = background;
    next.foreground_color = foreground;
    next.color_id = closestCalendarColorId(background);
  } else if (has('colorId') && b.colorId !== null) {
    if (typeof b.colorId !== 'string' || !(b.colorId in calendarColors)) {
      throw badRequest(
        'invalid',
        `Invalid value for: colorId ${String(b.colorId)} is not a calendar color.`,
        'colorId',
      );
    }
    if (b.colorId !== row.color_id || hexGiven.length === 0) {
      next.color_id = b.colorId;
      next.background_color = null;
      next.foreground_color = null;
    }
  }
  return next;
}

function entryBody(cal: CalendarState, ctx: { readonly user: User }, row: CalendarListRow): Record<string, unknown> {
  const r = cal.r;
  const calendar = r.calendars.get(row.calendar_id);
  const role: Role = calendar ? roleOn(r, calendar, ctx.user.email) : 'none';
  return listEntryResource(row, calendar, role);
}

function liveEntry(cal: CalendarState, ctx: { readonly user: User }, rawId: string): CalendarListRow {
  const r = cal.r;
  const id = resolveCalendarId(ctx, rawId);
  const row = r.calendarList.get(ctx.user.email, id);
  const calendar = r.calendars.get(id);
  if (!row || row.deleted || !calendar || roleOn(r, calendar, ctx.user.email) === 'none') throw notFound('Not Found');
  return row;
}

function CalendarCalendarListGet(ctx: RequestContext<'CalendarCalendarListGet'>, cal: CalendarState): HandlerResult {
  return { body: entryBody(cal, ctx, liveEntry(cal, ctx, ctx.params.calendarId)) };
}

function CalendarCalendarListList(ctx: RequestContext<'CalendarCalendarListList'>, cal: CalendarState): HandlerResult {
  const r = cal.r;
  const email = ctx.user.email;
  const minAccessRole = ctx.params.minAccessRole;
  const syncTokenParam = ctx.params.syncToken;
  const nowMs = ctx.service.now().getTime();
  let sync;
  if (syncTokenParam !== undefined) {
    if (minAccessRole !== undefined)
      throw badRequest('invalid', 'minAccessRole cannot be combined with syncToken.', 'minAccessRole');
    refuseExplicitFalse(ctx, { showDeleted: ctx.params.showDeleted, showHidden: ctx.params.showHidden });
    sync = decodeSyncToken(
      syncTokenParam,
      collections.calendarList(email),
      nowMs,
      ctx.service.config.syncTokenRetentionMs,
    );
  }
  const showDeleted = ctx.params.showDeleted;
  const showHidden = ctx.params.showHidden;
  const pageToken = ctx.params.pageToken;
  const page = listSmall<CalendarListRow, number>({
    r,
    nowMs,
    collection: collections.calendarList(email),
    fingerprint: queryFingerprint(['calendarList', email, minAccessRole ?? null, showDeleted, showHidden]),
    maxResults: ctx.params.maxResults,
    ...(pageToken ? { pageToken } : {}),
    ...(sync ? { sync } : {}),
    page: (after, limit) => r.calendarList.page(email, after ?? -1, limit),
    keyOf: (row) => row.position,
    changed: (seq, limit) => r.calendarList.changedSince(email, seq, limit),
    seqOf: (row) => row.change_seq,
    isKey: isNumberKey,
    include: (row) => {
      const calendar = r.calendars.get(row.calendar_id);
      const role = calendar ? roleOn(r, calendar, email) : 'none';
      const deleted = Boolean(row.deleted) || role === 'none';
      if (deleted) return showDeleted;
      if (row.hidden && !showHidden) return false;
      return minAccessRole === undefined || atLeast(role, minAccessRole);
    },
  });
  return {
    body: {
      kind: 'calendar#calendarList',
      etag: etagOf(latestChangeSeq(r.store)),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.rows.map((row) => entryBody(cal, ctx, row)),
    },
  };
}

function CalendarCalendarListInsert(
  ctx: RequestContext<'CalendarCalendarListInsert'>,
  cal: CalendarState,
): HandlerResult {
  const body = ctx.body;
  if (!isObject(body) || typeof body.id !== 'string' || body.id === '') {
    throw badRequest('required', 'Missing calendar id: the entry body needs id.', 'id');
  }
  const r = cal.r;
  const id = resolveCalendarId(ctx, body.id);
  const calendar = r.calendars.get(id);
  if (!calendar || roleOn(r, calendar, ctx.user.email) === 'none') throw notFound('Not Found');
  const colorRgbFormat = ctx.params.colorRgbFormat;
  const existing = r.calendarList.get(ctx.user.email, id);
  // Validate against a provisional row before writing anything.
  const provisional: CalendarListRow = existing ?? {
    user_email: ctx.user.email,
    calendar_id: id,
    position: 0,
    summary_override: null,
    color_id: '14',
    background_color: null,
    foreground_color: null,
    hidden: 0,
    selected: 1,
    default_reminders: '[]',
    notification_settings: null,
    deleted: 0,
    change_seq: 0,
  };
  applyEntryBody(provisional, body, false, colorRgbFormat);
  const saved = commitEntry(cal, ctx, (rr, changes) => {
    const entry = ensureListEntry(rr, changes, ctx.user.email, id);
    return applyEntryBody(entry, body, false, colorRgbFormat);
  });
  return { body: entryBody(cal, ctx, saved) };
}

/** Saves an entry built inside the transaction, recording it in the user's calendar list changes. */
function commitEntry(
  cal: CalendarState,
  ctx: { readonly user: User },
  build: (r: CalendarRepositories, changes: ChangeRecorder) => CalendarListRow,
): CalendarListRow {
  return cal.write((r, changes) => {
    const next = build(r, changes);
    const saved = { ...next, change_seq: changes.record(collections.calendarList(ctx.user.email)) };
    r.calendarList.update(saved);
    return saved;
  });
}

function modifyEntry(
  cal: CalendarState,
  ctx: RequestContext<'CalendarCalendarListUpdate'> | RequestContext<'CalendarCalendarListPatch'>,
  replace: boolean,
): HandlerResult {
  const row = liveEntry(cal, ctx, ctx.params.calendarId);
  // notificationSettings is the one inner object stored as such; a patch merges into it.
  const stored =
    row.notification_settings === null ? {} : { notificationSettings: JSON.parse(row.notification_settings) };
  const body = replace ? ctx.body : mergedPatchFields(stored, ctx.body);
  const next = applyEntryBody(row, body, replace, ctx.params.colorRgbFormat);
  const saved = commitEntry(cal, ctx, () => next);
  return { body: entryBody(cal, ctx, saved) };
}

function CalendarCalendarListDelete(
  ctx: RequestContext<'CalendarCalendarListDelete'>,
  cal: CalendarState,
): HandlerResult {
  const row = liveEntry(cal, ctx, ctx.params.calendarId);
  const calendar = cal.r.calendars.get(row.calendar_id);
  if (calendar?.is_primary && calendar.owner_email === ctx.user.email) {
    throw badRequest(
      'cannotRemovePrimaryCalendar',
      'The primary calendar cannot be removed from the calendar list.',
      'calendarId',
    );
  }
  cal.write((r, changes) => markListEntryDeleted(r, changes, ctx.user.email, row.calendar_id));
  return { status: 204 };
}

export const calendarListHandlers = defineHandlers<CalendarState>({
  CalendarCalendarListGet,
  CalendarCalendarListList,
  CalendarCalendarListInsert,
  CalendarCalendarListUpdate: (ctx, cal) => modifyEntry(cal, ctx, true),
  CalendarCalendarListPatch: (ctx, cal) => modifyEntry(cal, ctx, false),
  CalendarCalendarListDelete,
});
