import { Readable } from 'node:stream';
import { ApiError, badRequest, forbidden } from '../../http/api-error';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import { exportDocument, exportSizeLimit } from '../content/export';
import { driveErrors } from '../domain/errors';
import { newFileId } from '../domain/ids';
import { exportFormats, folderMimeType, isGoogleAppsType, isNativeDocument } from '../domain/mime';
import { listFiles } from '../query/list-files';
import { PageLookups } from '../resources/file-lookups';
import { fileResource, minimalFile } from '../resources/file-resource';
import { DriveSession, type DriveState } from '../domain/session';
import { fileBody, hasFields, prepareChecksums, wantsOf } from './common';
import { sendContent } from './media';

/** DriveFilesGet: metadata, or the content with `alt=media` (Range supported). */
export async function filesGet(state: DriveState, ctx: RequestContext<'DriveFilesGet'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const fileId = ctx.params.fileId;
  const { file, rank } = s.requireFile(fileId);
  if (ctx.params['alt'] !== 'media') return { body: await fileBody(ctx, s, file, rank) };

  if (file.mime_type === folderMimeType || isGoogleAppsType(file.mime_type)) {
    throw forbidden(
      isNativeDocument(file.mime_type)
        ? 'Only files with binary content can be downloaded. Use Export with Docs Editors files.'
        : 'Only files with binary content can be downloaded.',
      'fileNotDownloadable',
    );
  }
  if (!s.policyOf(file, rank).download)
    throw forbidden('The user does not have permission to download this file.', 'cannotDownloadFile');
  s.write(() => s.data.files.setUserState(file.id, s.user.id, { viewed_time: s.nowIso }));
  return sendContent(ctx, {
    size: file.size ?? 0,
    contentType: file.mime_type,
    md5: file.md5,
    source: file.blob_address ? { file: s.blobs.pathOf(file.blob_address) } : undefined,
  });
}

/** DriveFilesList: search with Drive's query language, sorted and paged. */
export async function filesList(state: DriveState, ctx: RequestContext<'DriveFilesList'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const page = listFiles(s, {
    q: ctx.params.q,
    orderBy: ctx.params.orderBy,
    pageSize: ctx.params.pageSize ?? 100,
    pageToken: ctx.params.pageToken,
    corpora: ctx.params.corpora ?? ctx.params.corpus,
    driveId: ctx.params.driveId ?? ctx.params.teamDriveId,
    spaces: ctx.params.spaces ?? 'drive',
  });
  const full = hasFields(ctx);
  const body: Record<string, unknown> = { kind: 'drive#fileList', incompleteSearch: false };
  if (page.nextPageToken) body.nextPageToken = page.nextPageToken;
  const want = wantsOf(ctx);
  await prepareChecksums(ctx, s, page.files);
  if (full) {
    const lookups = new PageLookups(s, page.files);
    body.files = page.files.map((file) => fileResource(s, file, lookups.rankOf(file.id), want, lookups));
  } else {
    body.files = page.files.map(minimalFile);
  }
  return { body };
}

/** DriveFilesGenerateIds: fresh ids for create or copy. */
export function filesGenerateIds(state: DriveState, ctx: RequestContext<'DriveFilesGenerateIds'>): HandlerResult {
  const count = ctx.params.count ?? 10;
  if (count < 1 || count > 1000) throw driveErrors.invalid('count', 'Invalid Value: count must be between 1 and 1000');
  const space = ctx.params.space ?? 'drive';
  if (space !== 'drive' && space !== 'appDataFolder') throw driveErrors.invalid('space');
  return { body: { kind: 'drive#generatedIds', space, ids: Array.from({ length: count }, newFileId) } };
}

/** DriveFilesExport: a native document converted to another format, at most 10 MB. */
export async function filesExport(state: DriveState, ctx: RequestContext<'DriveFilesExport'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const { file, rank } = s.requireFile(ctx.params.fileId);
  const target = ctx.params.mimeType;
  if (!isNativeDocument(file.mime_type))
    throw forbidden('Export only supports Docs Editors files.', 'fileNotExportable');
  if (!s.policyOf(file, rank).download)
    throw forbidden('The user does not have permission to download this file.', 'cannotDownloadFile');
  if (!(exportFormats[file.mime_type] ?? []).includes(target)) {
    throw badRequest(
      'badRequest',
      `The requested conversion is not supported: ${file.mime_type} to ${target}.`,
      'mimeType',
    );
  }
  if ((file.size ?? 0) > exportSizeLimit)
    throw new ApiError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
  const source = file.blob_address ? await s.blobs.readText(file.blob_address, exportSizeLimit + 1) : '';
  const output = exportDocument(source, file.content_type ?? 'text/plain', file.mime_type, target, file.name);
  if (output.length > exportSizeLimit)
    throw new ApiError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.');
  return sendContent(ctx, {
    size: output.length,
    contentType: target,
    source: { stream: (range) => Readable.from([range ? output.subarray(range.start, range.end + 1) : output]) },
  });
}

export const filesReadHandlers = defineHandlers<DriveState>({
  DriveFilesExport: (ctx, state) => filesExport(state, ctx),
  DriveFilesGenerateIds: (ctx, state) => filesGenerateIds(state, ctx),
  DriveFilesGet: (ctx, state) => filesGet(state, ctx),
  DriveFilesList: (ctx, state) => filesList(state, ctx),
});
