import { badRequest } from '../../http/api-error';
import type { ChannelRequest } from '../../channels/channel-hub';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import type { ChangeRow } from '../domain/changes-repository';
import { roleRank } from '../domain/roles';
import { driveErrors } from '../domain/errors';
import { exportFormats, importFormats } from '../domain/mime';
import { folderColorPalette } from '../domain/file-metadata';
import { changesWatchKey, fileWatchKey } from '../domain/notices';
import { PageLookups } from '../resources/file-lookups';
import { fileResource, minimalFile } from '../resources/file-resource';
import { userResource } from '../resources/user-resource';
import { DriveSession, type DriveState } from '../domain/session';
import { hasFields, prepareChecksums, requireFields, wantsOf } from './common';
import { themes } from './drives';

export function aboutGet(state: DriveState, ctx: RequestContext<'DriveAboutGet'>): HandlerResult {
  requireFields(ctx);
  const s = new DriveSession(state, ctx);
  const usage = s.data.files.usageOf(s.user.id);
  const total = usage.total;
  return {
    body: {
      kind: 'drive#about',
      user: userResource(s.data, s.user.id, s.user.id),
      storageQuota: { usage: String(total), usageInDrive: String(total), usageInDriveTrash: String(usage.trash) },
      importFormats: Object.fromEntries(
        Object.entries(importFormats).flatMap(([target, sources]) =>
          sources.map((source) => [source, [target]] as const),
        ),
      ),
      exportFormats,
      maxImportSizes: Object.fromEntries(Object.keys(importFormats).map((t) => [t, String(10 * 1024 * 1024)])),
      maxUploadSize: String(5 * 1024 ** 4),
      appInstalled: false,
      folderColorPalette: [...folderColorPalette],
      driveThemes: themes.map((t) => ({
        id: t.id,
        colorRgb: t.colorRgb,
        backgroundImageLink: `${s.service.baseUrl()}/drive/v3/backgrounds/${t.id}`,
      })),
      teamDriveThemes: themes.map((t) => ({
        id: t.id,
        colorRgb: t.colorRgb,
        backgroundImageLink: `${s.service.baseUrl()}/drive/v3/backgrounds/${t.id}`,
      })),
      canCreateDrives: true,
      canCreateTeamDrives: true,
    },
  };
}

function driveIdOf(ctx: {
  readonly params: { readonly driveId?: string; readonly teamDriveId?: string };
}): string | undefined {
  return ctx.params.driveId ?? ctx.params.teamDriveId;
}

function requireDriveMember(s: DriveSession, driveId: string | undefined): void {
  if (driveId === undefined) return;
  if (!s.data.drives.get(driveId) || s.rankOf(driveId) < roleRank.reader) throw driveErrors.driveNotFound(driveId);
}

export function changesGetStartPageToken(
  state: DriveState,
  ctx: RequestContext<'DriveChangesGetStartPageToken'>,
): HandlerResult {
  const s = new DriveSession(state, ctx);
  requireDriveMember(s, driveIdOf(ctx));
  return { body: { kind: 'drive#startPageToken', startPageToken: String(s.data.changes.nextId()) } };
}

function parseToken(token: string | undefined): number {
  if (token === undefined || !/^\d+$/.test(token) || Number(token) < 1) {
    throw badRequest('invalid', 'Invalid Value: pageToken must be a start page token or a nextPageToken.', 'pageToken');
  }
  return Number(token);
}

/** Whether the file lies in the user's My Drive hierarchy (below their root). */
function inMyDrive(s: DriveSession, fileId: string): boolean {
  const root = s.me.root_id;
  return s.data.files.ancestors(fileId).some((a) => a.id === root);
}

export async function changesList(state: DriveState, ctx: RequestContext<'DriveChangesList'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const driveId = driveIdOf(ctx);
  requireDriveMember(s, driveId);
  const from = parseToken(ctx.params.pageToken);
  const pageSize = ctx.params.pageSize ?? 100;
  const includeRemoved = ctx.params['includeRemoved'] !== false;
  const restrictToMyDrive = ctx.params.restrictToMyDrive;
  const spaces = new Set((ctx.params.spaces ?? 'drive').split(',').map((v) => v.trim()));
  const full = hasFields(ctx);
  const want = wantsOf(ctx);

  const rows = s.data.changes.page(s.user.id, from, pageSize + 1, driveId);
  const more = rows.length > pageSize;
  const page = more ? rows.slice(0, pageSize) : rows;
  // One entry per item: the latest change on this page describes its current state.
  const latest = new Map<string, ChangeRow>();
  for (const row of page) latest.set(`${row.change_type}:${row.file_id ?? row.drive_id}`, row);

  const fileIds: string[] = [];
  for (const row of latest.values()) if (row.change_type === 'file' && row.file_id) fileIds.push(row.file_id);
  // Read only when the request names checksums not computed yet.
  await prepareChecksums(
    ctx,
    s,
    (function* () {
      yield* s.data.files.getMany(fileIds);
    })(),
  );
  // Read after the checksums, so the entries show the files as they are now.
  const files = new Map(s.data.files.getMany(fileIds).map((file) => [file.id, file]));
  const lookups = new PageLookups(s, [...files.values()]);
  const changes: Record<string, unknown>[] = [];
  for (const row of latest.values()) {
    if (row.change_type === 'drive') {
      const drive = row.drive_id ? s.data.drives.get(row.drive_id) : undefined;
      const member = drive ? s.rankOf(drive.id) > 0 : false;
      if (!member && !includeRemoved) continue;
      const entry: Record<string, unknown> = {
        kind: 'drive#change',
        changeType: 'drive',
        time: row.time,
        removed: !member,
        driveId: row.drive_id,
        teamDriveId: row.drive_id,
      };
      if (member && drive)
        entry.drive = {
          kind: 'drive#drive',
          id: drive.id,
          name: drive.name,
          hidden: drive.hidden === 1,
          colorRgb: drive.color_rgb,
          createdTime: drive.created_time,
        };
      changes.push(entry);
      continue;
    }
    const file = row.file_id ? files.get(row.file_id) : undefined;
    let rank = file ? lookups.rankOf(file.id) : 0;
    if (file && file.trashed && file.drive_id === null && file.owner_id !== s.user.id && rank < roleRank.owner)
      rank = 0;
    // In a shared drive's feed, an item moved out of that drive is gone from it.
    const left = driveId !== undefined && file !== undefined && file.drive_id !== driveId;
    const removed = !file || rank === 0 || left;
    if (removed && !includeRemoved) continue;
    if (file && !spaces.has(file.space)) continue;
    if (restrictToMyDrive && (file?.drive_id || (file && !inMyDrive(s, file.id)))) continue;
    if (!removed && file?.root_kind) continue;
    const entry: Record<string, unknown> = {
      kind: 'drive#change',
      changeType: 'file',
      time: row.time,
      removed,
      fileId: row.file_id,
    };
    if (row.drive_id) {
      entry.driveId = row.drive_id;
      entry.teamDriveId = row.drive_id;
    }
    if (!removed && file) entry.file = full ? fileResource(s, file, rank, want, lookups) : minimalFile(file);
    changes.push(entry);
  }
  const body: Record<string, unknown> = { kind: 'drive#changeList' };
  if (more) body.nextPageToken = String(page[page.length - 1]!.id + 1);
  else body.newStartPageToken = String(s.data.changes.nextId());
  body.changes = changes;
  return { body };
}

function channelBody(ctx: { readonly body: unknown }): ChannelRequest {
  const body = ctx.body as Partial<ChannelRequest> | undefined;
  if (!body || typeof body.id !== 'string') throw driveErrors.required('id', 'A channel needs an id.');
  if (typeof body.address !== 'string') throw driveErrors.required('address', 'A channel needs an address.');
  return body as ChannelRequest;
}

export function changesWatch(state: DriveState, ctx: RequestContext<'DriveChangesWatch'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const driveId = driveIdOf(ctx);
  requireDriveMember(s, driveId);
  const token = ctx.params.pageToken;
  parseToken(token);
  const query = new URLSearchParams({ alt: 'json', pageToken: token, ...(driveId ? { driveId } : {}) });
  const channel = s.service.channels.watch(s.user, channelBody(ctx), {
    key: changesWatchKey(s.user.id),
    uri: `${s.service.baseUrl()}/drive/v3/changes?${query.toString()}`,
  });
  return { body: channel };
}

export function filesWatch(state: DriveState, ctx: RequestContext<'DriveFilesWatch'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const { file } = s.requireFile(ctx.params.fileId);
  const channel = s.service.channels.watch(s.user, channelBody(ctx), {
    key: fileWatchKey(file.id),
    uri: `${s.service.baseUrl()}/drive/v3/files/${file.id}?alt=json`,
  });
  return { body: channel };
}

export function channelsStop(state: DriveState, ctx: RequestContext<'DriveChannelsStop'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const body = ctx.body as { id?: unknown; resourceId?: unknown } | undefined;
  if (typeof body?.id !== 'string') throw driveErrors.required('id', 'The channel id is required.');
  if (typeof body.resourceId !== 'string')
    throw driveErrors.required('resourceId', 'The channel resourceId is required.');
  s.service.channels.stop(s.user, { id: body.id, resourceId: body.resourceId });
  return { status: 204 };
}

export const changesHandlers = defineHandlers<DriveState>({
  DriveAboutGet: (ctx, state) => aboutGet(state, ctx),
  DriveChangesGetStartPageToken: (ctx, state) => changesGetStartPageToken(state, ctx),
  DriveChangesList: (ctx, state) => changesList(state, ctx),
  DriveChangesWatch: (ctx, state) => changesWatch(state, ctx),
  DriveChannelsStop: (ctx, state) => channelsStop(state, ctx),
  DriveFilesWatch: (ctx, state) => filesWatch(state, ctx),
});
