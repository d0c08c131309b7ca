import type { HandlerMap, HandlerResult, RequestContext } from '../../http/handler';
import { notFound } from '../../http/api-error';
import { repos } from '../access';
import { etagOf, settingResource } from '../calendar-views';
import { collections, latestChangeSeq } from '../change-log';
import { pageSize, requiredStringParam, stringParam } from '../params';
import type { SettingRow } from '../settings-repository';
import { listSmall } from '../small-list';
import { decodeSyncToken, isStringKey, queryFingerprint } from '../tokens';

/** The user's settings (read-only through the API). */

function CalendarSettingsGet(ctx: RequestContext): HandlerResult {
  const row = repos(ctx).settings.get(ctx.user.email, requiredStringParam(ctx, 'setting'));
  if (!row) throw notFound('Not Found');
  return { body: settingResource(row) };
}

function CalendarSettingsList(ctx: RequestContext): HandlerResult {
  const r = repos(ctx);
  const email = ctx.user.email;
  const nowMs = ctx.service.now().getTime();
  const syncTokenParam = stringParam(ctx, 'syncToken');
  const sync =
    syncTokenParam !== undefined
      ? decodeSyncToken(syncTokenParam, collections.settings(email), nowMs, ctx.service.config.syncTokenRetentionMs)
      : undefined;
  const pageToken = stringParam(ctx, 'pageToken');
  const page = listSmall<SettingRow, string>({
    r,
    nowMs,
    collection: collections.settings(email),
    fingerprint: queryFingerprint(['settings', email]),
    maxResults: pageSize(ctx, 100, 250),
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
      etag: etagOf(latestChangeSeq(r.db)),
      ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
      ...(page.nextSyncToken ? { nextSyncToken: page.nextSyncToken } : {}),
      items: page.rows.map(settingResource),
    },
  };
}

export const settingsHandlers: HandlerMap = { CalendarSettingsGet, CalendarSettingsList };
