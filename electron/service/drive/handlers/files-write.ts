import { badRequest, forbidden } from '../../http/api-error';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import { ingestContent, type IngestedContent } from '../content/ingest';
import { bodyBrokeOff, incompleteBody, readUploadRequest } from '../content/upload-request';
import { parseFileMetadata, type FileMetadataInput } from '../domain/file-metadata';
import {
  applyContent,
  checkContentAllowed,
  checkNewId,
  checkPinLimit,
  insertFile,
  placeNewFile,
  setTrashed,
} from '../domain/file-operations';
import { roleRank } from '../domain/roles';
import { driveErrors } from '../domain/errors';
import { folderMimeType, hasBinaryContent, isNativeDocument, mimeTypeForName } from '../domain/mime';
import { DriveSession, type DriveState } from '../domain/session';
import { fileBody, type FileWriteContext } from './common';
import { applyUpdate, checkUpdate, createWithContent, updateWithContent } from './file-updates';
import { continueResumableSession, startResumableSession } from './resumable';

/**
 * Reads an upload's metadata (checked by `check` before any content is stored), then stores its
 * content. A body that breaks off part way stores nothing and is refused as incomplete.
 */
async function receiveUpload(
  ctx: FileWriteContext,
  s: DriveSession,
  mode: 'create' | 'update',
  check: (meta: FileMetadataInput) => void,
): Promise<{ meta: FileMetadataInput; content: IngestedContent }> {
  try {
    const upload = await readUploadRequest(ctx);
    const meta = parseFileMetadata(upload.metadata, mode);
    s.write(() => check(meta));
    const content = await ingestContent(s.blobs, upload.content, upload.contentType);
    try {
      await upload.finished();
    } catch (error) {
      await s.settleBlob(content.blob.address);
      throw error;
    }
    return { meta, content };
  } catch (error) {
    throw bodyBrokeOff(ctx) ? incompleteBody() : error;
  }
}

/** DriveFilesCreate: metadata only, or with content through `/upload` (media, multipart, resumable). */
export async function filesCreate(state: DriveState, ctx: RequestContext<'DriveFilesCreate'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  if (!ctx.upload) {
    const meta = parseFileMetadata(ctx.body, 'create');
    const mimeType = meta.mimeType ?? mimeTypeForName(meta.name ?? '') ?? 'application/octet-stream';
    // A binary file made without content has empty content (size 0, the empty md5, a head revision).
    const empty = hasBinaryContent(mimeType) ? await s.blobs.emptyBlob() : undefined;
    const file = s.write(() => {
      const place = placeNewFile(s, meta.parents);
      const id = checkNewId(s, meta.id);
      let created = insertFile(s, meta, place, id, mimeType);
      if (empty) {
        const content = { blob: empty, declaredType: undefined, detectedType: undefined };
        created = applyContent(
          s,
          created,
          {
            content,
            mimeType,
            contentType: mimeType,
            keepForever: false,
            ...(meta.modifiedTime !== undefined ? { modifiedTime: meta.modifiedTime } : {}),
          },
          meta.indexableText,
        );
      }
      if (meta.trashed) setTrashed(s, created, true);
      return s.data.files.get(created.id)!;
    });
    return { body: await fileBody(ctx, s, file) };
  }
  if (ctx.req.method === 'PUT') return continueResumableSession(ctx, s);
  if (ctx.params.uploadType === 'resumable') return startResumableSession(ctx, s, undefined);

  // Everything that can be checked before the content arrives is checked first.
  const { meta, content } = await receiveUpload(ctx, s, 'create', (meta) => {
    placeNewFile(s, meta.parents);
    checkNewId(s, meta.id);
  });
  try {
    const file = await createWithContent(s, meta, content, ctx.params.keepRevisionForever);
    return { body: await fileBody(ctx, s, file) };
  } finally {
    await s.settleBlob(content.blob.address);
  }
}

/** DriveFilesUpdate: metadata patch, parents moves, and/or new content. */
export async function filesUpdate(state: DriveState, ctx: RequestContext<'DriveFilesUpdate'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const fileId = ctx.params.fileId;
  if (!ctx.upload) {
    const meta = parseFileMetadata(ctx.body, 'update');
    const file = s.write(() => {
      const { file, rank } = s.requireFile(fileId);
      checkUpdate(s, ctx, file, rank, meta, false);
      return applyUpdate(s, ctx, file, meta);
    });
    return { body: await fileBody(ctx, s, file) };
  }
  if (ctx.req.method === 'PUT') return continueResumableSession(ctx, s);
  if (ctx.params.uploadType === 'resumable') return startResumableSession(ctx, s, fileId);

  const keepForever = ctx.params.keepRevisionForever;
  const { meta, content } = await receiveUpload(ctx, s, 'update', (meta) => {
    const { file, rank } = s.requireFile(fileId);
    checkUpdate(s, ctx, file, rank, meta, true);
    checkPinLimit(s, file.id, keepForever);
  });
  try {
    const file = await updateWithContent(s, ctx, fileId, meta, content, keepForever);
    return { body: await fileBody(ctx, s, file) };
  } finally {
    await s.settleBlob(content.blob.address);
  }
}

/** DriveFilesCopy: a new file with the source's content; the body patches the copy's metadata. */
export async function filesCopy(state: DriveState, ctx: RequestContext<'DriveFilesCopy'>): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const fileId = ctx.params.fileId;
  const meta = parseFileMetadata(ctx.body, 'copy');
  const keepForever = ctx.params.keepRevisionForever;
  const copy = s.write(() => {
    const { file: source, rank } = s.requireFile(fileId);
    if (source.is_folder || source.mime_type === folderMimeType)
      throw forbidden('Folders cannot be copied.', 'cannotCopyFile');
    if (!s.policyOf(source, rank).copy)
      throw driveErrors.insufficientPermissions('The user does not have sufficient permissions to copy this file.');
    // A copy converts the way an upload imports: binary content into a native document type that
    // accepts it (its bytes are kept, as with an import). Nothing else changes type on copy.
    const mimeType = meta.mimeType ?? source.mime_type;
    const contentType = source.content_type ?? source.mime_type;
    if (mimeType !== source.mime_type) {
      if (!isNativeDocument(mimeType) || !hasBinaryContent(source.mime_type) || source.blob_address === null) {
        throw badRequest('badRequest', `A copy of a ${source.mime_type} file cannot be a ${mimeType}.`, 'mimeType');
      }
      checkContentAllowed(mimeType, contentType);
    }
    // The copy goes where the source is when the user may add there, otherwise to their root.
    const parents =
      meta.parents ??
      (source.parent_id !== null && s.rankOf(source.parent_id) >= roleRank.writer ? [source.parent_id] : undefined);
    const place = placeNewFile(s, parents);
    const id = checkNewId(s, meta.id);
    const file = insertFile(s, meta, place, id, mimeType, source);
    const head = source.head_revision_id ? s.data.revisions.get(source.id, source.head_revision_id) : undefined;
    if (head && source.blob_address) {
      applyContent(
        s,
        file,
        {
          content: {
            blob: { address: source.blob_address, md5: head.md5, size: head.size },
            declaredType: undefined,
            detectedType: undefined,
          },
          mimeType,
          contentType,
          keepForever: keepForever && hasBinaryContent(mimeType),
        },
        undefined,
      );
      s.data.files.copyIndexedContent(source.id, file.id);
    }
    return s.data.files.get(file.id)!;
  });
  return { body: await fileBody(ctx, s, copy) };
}

export const filesWriteHandlers = defineHandlers<DriveState>({
  DriveFilesCopy: (ctx, state) => filesCopy(state, ctx),
  DriveFilesCreate: (ctx, state) => filesCreate(state, ctx),
  DriveFilesUpdate: (ctx, state) => filesUpdate(state, ctx),
});
