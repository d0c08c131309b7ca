import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { CalendarState } from '../domain/calendar-state';
import { notFound } from '../../http/api-error';
import { etagOf, settingResource } from '../domain/calendar-views';
import { collections, latestChangeSeq } from '../domain/change-log';
import type { SettingRow } from '../domain/settings-repository';
import { listSmall } from '../domain/small-list';
import { decodeSyncToken, isStringKey, queryFingerprint } from '../domain/tokens';

/** The user's settings (read-only through the API). */

function CalendarSettingsGet(ctx: RequestContext<'CalendarSettingsGet'>, cal: CalendarState): HandlerResult {
  const row = cal.r.settings.get(ctx.user.email, ctx.params.setting);
  if (!row) throw notFound('Not Found');
  return { body: settingResource(row) };
}

function CalendarSettingsList(ctx: RequestContext<'CalendarSettingsList'>, cal: CalendarState): HandlerResult {
  const r = cal.r;
  const email = ctx.user.email;
  const nowMs = ctx.service.now().getTime();
  const syncTokenParam = ctx.params.syncToken;
  const sync =
    syncTokenParam !== undefined
      ? decodeSyncToken(syncTokenParam, collections.settings(email), nowMs, ctx.service.config.syncTokenRetentionMs)
      : undefined;
  const pageToken = ctx.params.pageToken;
  const page = listSmall<SettingRow, string>({
    r,
    nowMs,
    collection: collections.settings(email),
    fingerprint: queryFingerprint(['settings', email]),
    maxResults: ctx.params.maxResults,
    ...(pageToken ? { pageToken } : {}),
    ...(sync ? { sync } : {}),
    page: (after, limit) => r.settings.page(email, after ?? '', limit),
    keyOf: (row) => row.setting_id,
    changed: (seq, limit) => r.settings.changedSince(email, seq, limit),
    seqOf: (row) => row.change_seq,
    isKey: isStringKey,
    include: () => true,
  });
  return {
    body: {
      kind: 'calendar#settings',
      etag: etagOf(latestChangeSeq(r.store)),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.rows.map(settingResource),
    },
  };
}

export const settingsHandlers = defineHandlers<CalendarState>({ CalendarSettingsGet, CalendarSettingsList });
