import { ApiError, badRequest, forbidden } from '../../http/api-error';
import { defineHandlers, type HandlerResult, type RequestContext } from '../../http/handler';
import { purgeRevisions } from '../domain/file-operations';
import type { FileRow } from '../domain/files-repository';
import { maxPinnedRevisions, type RevisionWithBlob } from '../domain/revisions-repository';
import { driveErrors } from '../domain/errors';
import { exportFormats, hasBinaryContent, isNativeDocument } from '../domain/mime';
import { decodePageToken, encodePageToken, fingerprintOf } from '../query/page-token';
import { userResource } from '../resources/user-resource';
import { DriveSession, type DriveState } from '../domain/session';
import { hasFields } from './common';
import { sendContent } from './media';

type RevisionResource = Record<string, unknown> & { kind: 'drive#revision'; id: string };

function revisionResource(s: DriveSession, file: FileRow, r: RevisionWithBlob): RevisionResource {
  const out: RevisionResource = {
    kind: 'drive#revision',
    id: r.id,
    mimeType: isNativeDocument(file.mime_type) ? file.mime_type : r.mime_type,
    modifiedTime: r.modified_time,
  };
  const user = userResource(s.data, r.last_modifying_user_id, s.user.id);
  if (user) out.lastModifyingUser = user;
  if (isNativeDocument(file.mime_type)) {
    out.published = r.published === 1;
    out.publishAuto = r.publish_auto === 1;
    out.publishedOutsideDomain = r.published_outside_domain === 1;
    out.exportLinks = Object.fromEntries(
      (exportFormats[file.mime_type] ?? []).map((m) => [
        m,
        `${s.service.baseUrl()}/drive/v3/files/${file.id}/export?mimeType=${encodeURIComponent(m)}`,
      ]),
    );
  } else {
    out.keepForever = r.keep_forever === 1;
    out.md5Checksum = r.md5;
    out.size = String(r.size);
    if (r.original_filename) out.originalFilename = r.original_filename;
  }
  return out;
}

const minimal = (r: RevisionResource) => ({
  kind: r.kind,
  id: r.id,
  mimeType: r.mimeType,
  modifiedTime: r.modifiedTime,
});

/** The file with its expired revisions purged, if the user may read revisions. */
function revisionsOf(s: DriveSession, ctx: { readonly params: { readonly fileId: string } }): FileRow {
  return s.write(() => {
    const { file, rank } = s.requireFile(ctx.params.fileId);
    if (!s.policyOf(file, rank).readRevisions)
      throw driveErrors.insufficientPermissions(
        'The user does not have sufficient permissions to read the revisions of this file.',
      );
    purgeRevisions(s, file.id);
    return file;
  });
}

function requireRevision(s: DriveSession, fileId: string, revisionId: string): RevisionWithBlob {
  const id = revisionId === 'head' ? (s.data.files.get(fileId)?.head_revision_id ?? '') : revisionId;
  const r = s.data.revisions.get(fileId, id);
  if (!r) throw driveErrors.revisionNotFound(revisionId);
  return r;
}

export async function revisionsGet(
  state: DriveState,
  ctx: RequestContext<'DriveRevisionsGet'>,
): Promise<HandlerResult> {
  const s = new DriveSession(state, ctx);
  const file = revisionsOf(s, ctx);
  const r = requireRevision(s, file.id, ctx.params.revisionId);
  if (ctx.params['alt'] !== 'media') {
    const full = revisionResource(s, file, r);
    return { body: hasFields(ctx) ? full : minimal(full) };
  }
  if (!hasBinaryContent(file.mime_type))
    throw forbidden('Only revisions of files with binary content can be downloaded.', 'revisionNotDownloadable');
  return sendContent(ctx, {
    size: r.size,
    contentType: r.mime_type,
    md5: r.md5,
    source: { file: s.blobs.pathOf(r.blob_address) },
  });
}

export function revisionsList(state: DriveState, ctx: RequestContext<'DriveRevisionsList'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const file = revisionsOf(s, ctx);
  const all = s.data.revisions.list(file.id);
  const pageSize = ctx.params.pageSize ?? 200;
  const fingerprint = fingerprintOf('revisions', file.id, pageSize);
  const offset = decodePageToken(ctx.params.pageToken, fingerprint);
  const page = all.slice(offset, offset + pageSize).map((r) => revisionResource(s, file, r));
  const out: Record<string, unknown> = { kind: 'drive#revisionList' };
  if (offset + pageSize < all.length) out.nextPageToken = encodePageToken(offset + pageSize, fingerprint);
  out.revisions = hasFields(ctx) ? page : page.map(minimal);
  return { body: out };
}

function parseRevisionPatch(raw: unknown): {
  keepForever?: boolean;
  published?: boolean;
  publishAuto?: boolean;
  publishedOutsideDomain?: boolean;
} {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw badRequest('parseError', 'The request body must be a revision object.');
  const out: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (key === 'kind' || key === 'id') continue;
    // Clearing a field nobody writes changes nothing.
    if (value === null && !['keepForever', 'published', 'publishAuto', 'publishedOutsideDomain'].includes(key))
      continue;
    if (!['keepForever', 'published', 'publishAuto', 'publishedOutsideDomain'].includes(key)) {
      throw new ApiError(
        403,
        'fieldNotWritable',
        `The resource body includes fields which are not directly writable: ${key}.`,
      );
    }
    if (typeof value !== 'boolean') throw badRequest('invalid', `${key} must be true or false.`, key);
    out[key] = value;
  }
  return out;
}

export function revisionsUpdate(state: DriveState, ctx: RequestContext<'DriveRevisionsUpdate'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  const patch = parseRevisionPatch(ctx.body);
  const result = s.write(() => {
    const { file, rank } = s.requireFile(ctx.params.fileId);
    if (!s.policyOf(file, rank).edit) throw driveErrors.insufficientPermissions();
    purgeRevisions(s, file.id);
    const r = requireRevision(s, file.id, ctx.params.revisionId);
    const native = isNativeDocument(file.mime_type);
    if (patch.keepForever !== undefined) {
      if (native) throw badRequest('invalid', 'keepForever applies to files with binary content only.', 'keepForever');
      if (r.keep_forever === 1 && !patch.keepForever) {
        throw badRequest(
          'illegalKeepForeverModification',
          'Bad Request. Cannot update a revision to false that is marked as keepForever.',
        );
      }
      if (r.keep_forever === 0 && patch.keepForever && s.data.revisions.pinnedCount(file.id) >= maxPinnedRevisions) {
        throw new ApiError(
          403,
          'revisionsKeptForeverLimitExceeded',
          `A file can have at most ${maxPinnedRevisions} revisions kept forever. Delete kept revisions first.`,
        );
      }
    }
    if (
      !native &&
      (patch.published !== undefined || patch.publishAuto !== undefined || patch.publishedOutsideDomain !== undefined)
    ) {
      throw badRequest('invalid', 'Publishing applies to native documents only.', 'published');
    }
    s.data.revisions.update(file.id, r.id, {
      ...(patch.keepForever !== undefined ? { keep_forever: patch.keepForever ? 1 : 0 } : {}),
      ...(patch.published !== undefined ? { published: patch.published ? 1 : 0 } : {}),
      ...(patch.publishAuto !== undefined ? { publish_auto: patch.publishAuto ? 1 : 0 } : {}),
      ...(patch.publishedOutsideDomain !== undefined
        ? { published_outside_domain: patch.publishedOutsideDomain ? 1 : 0 }
        : {}),
    });
    if (!native)
      s.data.files.update(file.id, { quota_bytes: s.data.revisions.quotaBytes(file.id, file.head_revision_id) });
    s.fileChanged(file, { state: 'update', changed: ['content'] });
    return { file: s.data.files.get(file.id)!, revision: s.data.revisions.get(file.id, r.id)! };
  });
  const full = revisionResource(s, result.file, result.revision);
  return { body: hasFields(ctx) ? full : minimal(full) };
}

export function revisionsDelete(state: DriveState, ctx: RequestContext<'DriveRevisionsDelete'>): HandlerResult {
  const s = new DriveSession(state, ctx);
  s.write(() => {
    const { file, rank } = s.requireFile(ctx.params.fileId);
    if (!s.policyOf(file, rank).edit) throw driveErrors.insufficientPermissions();
    if (!hasBinaryContent(file.mime_type))
      throw forbidden('Revisions of native documents cannot be deleted.', 'revisionDeletionNotSupported');
    purgeRevisions(s, file.id);
    const r = requireRevision(s, file.id, ctx.params.revisionId);
    if (s.data.revisions.count(file.id) <= 1)
      throw forbidden('The last remaining revision of a file cannot be deleted.', 'cannotDeleteOnlyRevision');
    const address = s.data.revisions.delete(file.id, r.id);
    if (r.id === file.head_revision_id) {
      // The newest remaining revision becomes the content.
      const remaining = s.data.revisions.list(file.id);
      const head = remaining[remaining.length - 1]!;
      s.data.revisions.unsupersede(file.id, head.id);
      s.data.files.update(file.id, {
        head_revision_id: head.id,
        size: head.size,
        md5: head.md5,
        blob_address: head.blob_address,
        mime_type: head.mime_type,
      });
    }
    const current = s.data.files.get(file.id)!;
    s.data.files.update(file.id, { quota_bytes: s.data.revisions.quotaBytes(file.id, current.head_revision_id) });
    if (address) s.releaseBlobs([address]);
    s.fileChanged(current, { state: 'update', changed: ['content'] });
  });
  return { status: 204 };
}

export const revisionsHandlers = defineHandlers<DriveState>({
  DriveRevisionsGet: (ctx, state) => revisionsGet(state, ctx),
  DriveRevisionsList: (ctx, state) => revisionsList(state, ctx),
  DriveRevisionsUpdate: (ctx, state) => revisionsUpdate(state, ctx),
  DriveRevisionsDelete: (ctx, state) => revisionsDelete(state, ctx),
});
