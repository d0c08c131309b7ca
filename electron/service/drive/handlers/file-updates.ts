import { badRequest } from '../../http/api-error';
import {
  contentTypeOf,
  indexableText,
  isIndexableText,
  resolveMimeType,
  type IngestedContent,
} from '../content/ingest';
import type { FileMetadataInput } from '../domain/file-metadata';
import {
  applyContent,
  checkContentAllowed,
  checkNewId,
  insertFile,
  placeNewFile,
  setTrashed,
  type ContentPlan,
} from '../domain/file-operations';
import type { FileRow } from '../domain/files-repository';
import { moveFile, planMove } from '../domain/moves';
import { driveErrors } from '../domain/errors';
import { extensionsOf, hasBinaryContent, isNativeDocument } from '../domain/mime';
import type { DriveSession } from '../domain/session';
import { listOf, type FileWriteContext, parentParams } from './common';

/** Plans the content of a new head revision: the file's type and the bytes' type, checked against each other. */
export function planContent(
  meta: FileMetadataInput,
  content: IngestedContent,
  name: string,
  keepForever: boolean,
  currentType?: string,
): ContentPlan {
  const mimeType = resolveMimeType(
    meta.mimeType ?? (currentType && isNativeDocument(currentType) ? currentType : undefined),
    content,
    name,
  );
  const contentType = contentTypeOf(content, name);
  checkContentAllowed(mimeType, contentType);
  return {
    content,
    mimeType,
    contentType,
    keepForever: keepForever && hasBinaryContent(mimeType),
    ...(meta.modifiedTime !== undefined ? { modifiedTime: meta.modifiedTime } : {}),
  };
}

async function textFor(s: DriveSession, plan: ContentPlan): Promise<string | undefined> {
  return isIndexableText(plan.contentType) || isIndexableText(plan.mimeType)
    ? indexableText(s.blobs, plan.content.blob)
    : undefined;
}

export async function createWithContent(
  s: DriveSession,
  meta: FileMetadataInput,
  content: IngestedContent,
  keepForever: boolean,
  /** Runs in the transaction that creates the file (what must commit with it or not at all). */
  inCommit?: (file: FileRow) => void,
): Promise<FileRow> {
  const name = meta.name ?? 'Untitled';
  const plan = planContent(meta, content, name, keepForever);
  const text = await textFor(s, plan);
  return s.write(() => {
    const place = placeNewFile(s, meta.parents);
    const id = checkNewId(s, meta.id);
    const file = insertFile(s, { ...meta, name }, place, id, plan.mimeType);
    const withContent = applyContent(s, file, plan, meta.indexableText ?? text);
    if (meta.trashed) setTrashed(s, withContent, true);
    inCommit?.(withContent);
    return s.data.files.get(file.id)!;
  });
}

export async function updateWithContent(
  s: DriveSession,
  ctx: FileWriteContext,
  fileId: string,
  meta: FileMetadataInput,
  content: IngestedContent,
  keepForever: boolean,
  /** Runs in the transaction that updates the file. */
  inCommit?: (file: FileRow) => void,
): Promise<FileRow> {
  const current = s.requireFile(fileId).file;
  const plan = planContent(meta, content, meta.name ?? current.name, keepForever, current.mime_type);
  const text = await textFor(s, plan);
  return s.write(() => {
    const { file, rank } = s.requireFile(fileId);
    checkUpdate(s, ctx, file, rank, meta, true);
    const updated = applyUpdate(s, ctx, file, { ...meta, mimeType: undefined });
    const after = applyContent(s, updated, plan, meta.indexableText ?? text);
    s.fileChanged(after, { state: 'update', changed: ['content'] });
    inCommit?.(after);
    return s.data.files.get(file.id)!;
  });
}

const perUserFields = new Set<keyof FileMetadataInput>(['starred', 'viewedByMeTime']);

/** The parents a request adds and removes, with `root` and `appDataFolder` resolved. */
function parentChanges(s: DriveSession, ctx: FileWriteContext): { add: string[]; remove: string[] } {
  return {
    add: listOf(parentParams(ctx).addParents).map((p) => s.resolveId(p)),
    remove: listOf(parentParams(ctx).removeParents).map((p) => s.resolveId(p)),
  };
}

/** Who may change what: per-user fields need only read access; the rest follow the file's policy. */
export function checkUpdate(
  s: DriveSession,
  ctx: FileWriteContext,
  file: FileRow,
  rank: number,
  meta: FileMetadataInput,
  withContent: boolean,
): void {
  const policy = s.policyOf(file, rank);
  const changes = Object.keys(meta) as (keyof FileMetadataInput)[];
  const sharedChanges = changes.filter((k) => !perUserFields.has(k) && k !== 'trashed');
  const parents = parentChanges(s, ctx);
  const moving = parents.add.length > 0 || parents.remove.length > 0;
  if ((sharedChanges.length > 0 || withContent || moving) && !policy.edit) throw driveErrors.insufficientPermissions();
  if (meta.name !== undefined && meta.name !== file.name && !policy.rename)
    throw driveErrors.insufficientPermissions('The name of this item cannot be changed.');
  if (meta.trashed !== undefined && Boolean(file.explicitly_trashed) !== meta.trashed && !policy.trash) {
    throw driveErrors.insufficientPermissions(
      file.drive_id
        ? 'The user does not have sufficient permissions to trash this item.'
        : 'Only the owner can trash this file.',
    );
  }
  if (
    meta.copyRequiresWriterPermission !== undefined &&
    Boolean(file.copy_requires_writer_permission) !== meta.copyRequiresWriterPermission &&
    !policy.changeCopyRequiresWriterPermission
  ) {
    throw driveErrors.insufficientPermissions();
  }
  if (meta.writersCanShare !== undefined && file.owner_id !== s.user.id) throw driveErrors.insufficientPermissions();
  if (meta.folderColorRgb !== undefined && !file.is_folder)
    throw badRequest('invalid', 'folderColorRgb applies to folders only.', 'folderColorRgb');
  if (!withContent && meta.mimeType !== undefined && meta.mimeType !== file.mime_type) {
    throw badRequest('invalid', 'The MIME type can change only with new content.', 'mimeType');
  }
  if (moving && !policy.move) throw driveErrors.insufficientPermissions('The user cannot move this item.');
  if (moving) planMove(s, file, rank, parents.add, parents.remove);
}

export function applyUpdate(s: DriveSession, ctx: FileWriteContext, file: FileRow, meta: FileMetadataInput): FileRow {
  const changes: Partial<FileRow> = {};
  const changed = new Set<string>();
  if (meta.name !== undefined && meta.name !== file.name) {
    changes.name = meta.name;
    if (hasBinaryContent(file.mime_type) && !file.is_folder) {
      // The extension follows the name, but a name without one keeps the old extension.
      const ext = extensionsOf(meta.name);
      if (ext) {
        changes.full_file_extension = ext.full;
        changes.file_extension = ext.last;
      }
    }
  }
  if (meta.description !== undefined) changes.description = meta.description;
  if (meta.folderColorRgb !== undefined) changes.folder_color_rgb = meta.folderColorRgb;
  if (meta.copyRequiresWriterPermission !== undefined)
    changes.copy_requires_writer_permission = meta.copyRequiresWriterPermission ? 1 : 0;
  if (meta.writersCanShare !== undefined) changes.writers_can_share = meta.writersCanShare ? 1 : 0;
  if (meta.originalFilename !== undefined) changes.original_filename = meta.originalFilename;
  if (meta.modifiedTime !== undefined) changes.modified_time = meta.modifiedTime;
  const sharedEdit =
    Object.keys(changes).length > 0 || meta.properties !== undefined || meta.appProperties !== undefined;
  if (sharedEdit) {
    if (meta.modifiedTime === undefined) changes.modified_time = s.nowIso;
    changes.last_modifying_user_id = s.user.id;
    s.data.files.update(file.id, changes);
    changed.add('properties');
  }
  if (meta.properties) s.data.files.patchProperties(file.id, 'public', meta.properties);
  if (meta.appProperties) s.data.files.patchProperties(file.id, 'app', meta.appProperties);
  if (meta.starred !== undefined || meta.viewedByMeTime !== undefined || sharedEdit) {
    s.data.files.setUserState(file.id, s.user.id, {
      ...(meta.starred !== undefined ? { starred: meta.starred } : {}),
      ...(meta.viewedByMeTime !== undefined ? { viewed_time: meta.viewedByMeTime } : {}),
      // Setting modifiedTime also sets modifiedByMeTime.
      ...(sharedEdit ? { modified_by_me_time: meta.modifiedTime ?? s.nowIso } : {}),
    });
    if (!sharedEdit) s.data.files.bumpVersion(file.id);
  }
  if (changed.size > 0 || meta.starred !== undefined) s.fileChanged(file, { state: 'update', changed: [...changed] });

  const { add, remove } = parentChanges(s, ctx);
  const move = planMove(s, file, s.rankOf(file.id), add, remove);
  if (move) moveFile(s, s.data.files.get(file.id)!, move.parent);
  if (meta.trashed !== undefined) setTrashed(s, s.data.files.get(file.id)!, meta.trashed);
  return s.data.files.get(file.id)!;
}
