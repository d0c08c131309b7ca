import { ApiError, badRequest, conflict } from '../../http/api-error';
import type { IngestedContent } from '../content/ingest';
import { driveErrors } from './errors';
import { newFileId, newRevisionId, permissionIdForEmail } from './ids';
import {
  extensionsOf,
  folderMimeType,
  hasBinaryContent,
  importFormats,
  isGoogleAppsType,
  isNativeDocument,
} from './mime';
import type { DriveSession } from './session';
import type { FileMetadataInput } from './file-metadata';
import type { FileRow } from './files-repository';
import { maxPinnedRevisions, revisionRetentionMs } from './revisions-repository';
import { roleRank } from './roles';

export const cannotAddParent = () =>
  new ApiError(
    403,
    'cannotAddParent',
    'Increasing the number of parents is not allowed. A file can only be in one folder.',
  );

/** Where a new file goes: its folder, and the drive and space that folder belongs to. */
export interface Placement {
  parent: FileRow;
  driveId: string | null;
  space: string;
}

/** The user's application data folder, created the first time it is asked for. */
export function appDataFolder(s: DriveSession): FileRow {
  const me = s.me;
  if (me.app_data_id) {
    const existing = s.data.files.get(me.app_data_id);
    if (existing) return existing;
  }
  const folder = s.data.files.insert({
    id: newFileId(),
    name: 'Application Data',
    mime_type: folderMimeType,
    owner_id: s.user.id,
    space: 'appDataFolder',
    root_kind: 'appData',
    created_time: s.nowIso,
    modified_time: s.nowIso,
  });
  grantOwner(s, folder.id);
  s.data.users.setAppDataFolder(s.user.id, folder.id);
  return folder;
}

export function grantOwner(s: DriveSession, fileId: string, userId = s.user.id): void {
  const owner = s.data.users.byId(userId);
  if (!owner) throw new Error(`Unknown owner ${userId}`);
  const id = permissionIdForEmail(owner.email);
  s.data.permissions.insert({
    file_id: fileId,
    id,
    type: 'user',
    role: 'owner',
    email: owner.email,
    domain: null,
    display_name: owner.display_name,
    allow_file_discovery: null,
    expiration_time: null,
    created_time: s.nowIso,
    sharing_user_id: null,
  });
  s.data.access.grant(fileId, id, {
    principal: `user:${owner.email.toLowerCase()}`,
    rank: roleRank.owner,
    expires: null,
    discoverable: true,
  });
}

/** Checks where a new file would go (parents given or the root), and that the user may add to it. */
export function placeNewFile(s: DriveSession, parents: readonly string[] | undefined): Placement {
  if (parents && parents.length > 1) throw cannotAddParent();
  const requested = parents?.[0] ?? 'root';
  const parent = requested === 'appDataFolder' ? appDataFolder(s) : s.requireFile(requested, roleRank.reader).file;
  if (!parent.is_folder) throw badRequest('badRequest', `The parent ${requested} is not a folder.`, 'parents');
  if (s.rankOf(parent.id) < roleRank.writer)
    throw driveErrors.insufficientPermissions(
      'The user does not have sufficient permissions to add files to this folder.',
    );
  return { parent, driveId: parent.drive_id, space: parent.space };
}

export function checkNewId(s: DriveSession, id: string | undefined): string {
  if (id === undefined) return newFileId();
  if (s.data.files.get(id)) throw conflict('A file already exists with the provided ID.', 'duplicate');
  return id;
}

/** The content-related columns for a new head revision, validated against the file's type. */
export interface ContentPlan {
  content: IngestedContent;
  /** The type recorded for the file. */
  mimeType: string;
  /** The stored bytes' own type (differs from mimeType for native documents). */
  contentType: string;
  keepForever: boolean;
  /** The modification time the request gave the file (else now). */
  modifiedTime?: string;
}

export function checkContentAllowed(mimeType: string, contentType: string): void {
  if (mimeType === folderMimeType) throw badRequest('badContent', 'A folder cannot have content.');
  if (isNativeDocument(mimeType)) {
    const accepted = importFormats[mimeType] ?? [];
    if (!accepted.includes(contentType) && !contentType.startsWith('text/')) {
      throw badRequest('badContent', `Content of type ${contentType} cannot be imported as ${mimeType}.`);
    }
    return;
  }
  if (isGoogleAppsType(mimeType)) throw badRequest('badContent', `Files of type ${mimeType} cannot have content.`);
}

export function checkPinLimit(s: DriveSession, fileId: string | undefined, keepForever: boolean): void {
  if (!keepForever || fileId === undefined) return;
  if (s.data.revisions.pinnedCount(fileId) >= maxPinnedRevisions) {
    throw new ApiError(
      403,
      'revisionsKeptForeverLimitExceeded',
      `A file can have at most ${maxPinnedRevisions} revisions kept forever. Delete or unpin kept revisions first.`,
    );
  }
}

export function insertFile(
  s: DriveSession,
  meta: FileMetadataInput,
  place: Placement,
  id: string,
  mimeType: string,
  copyOf?: FileRow,
): FileRow {
  const name = meta.name ?? (copyOf ? `Copy of ${copyOf.name}` : 'Untitled');
  const ext = hasBinaryContent(mimeType) ? extensionsOf(name) : undefined;
  const created = meta.createdTime ?? s.nowIso;
  const file = s.data.files.insert({
    id,
    name,
    mime_type: mimeType,
    parent_id: place.parent.id,
    owner_id: place.driveId === null ? s.user.id : null,
    drive_id: place.driveId,
    space: place.space,
    description: meta.description ?? copyOf?.description ?? null,
    trashed: place.parent.trashed,
    created_time: created,
    modified_time: meta.modifiedTime ?? s.nowIso,
    last_modifying_user_id: s.user.id,
    folder_color_rgb: mimeType === folderMimeType ? (meta.folderColorRgb ?? null) : null,
    copy_requires_writer_permission:
      (meta.copyRequiresWriterPermission ?? copyOf?.copy_requires_writer_permission === 1) ? 1 : 0,
    writers_can_share: (meta.writersCanShare ?? (copyOf ? copyOf.writers_can_share === 1 : true)) ? 1 : 0,
    full_file_extension: ext?.full ?? null,
    file_extension: ext?.last ?? null,
    original_filename:
      meta.originalFilename ?? (hasBinaryContent(mimeType) && mimeType !== folderMimeType ? name : null),
  });
  s.data.access.inherit(file.id, place.parent.id);
  if (place.driveId === null) grantOwner(s, file.id);
  if (copyOf) {
    s.data.files.patchProperties(file.id, 'public', s.data.files.properties(copyOf.id, 'public'));
    s.data.files.patchProperties(file.id, 'app', s.data.files.properties(copyOf.id, 'app'));
  }
  if (meta.properties) s.data.files.patchProperties(file.id, 'public', meta.properties);
  if (meta.appProperties) s.data.files.patchProperties(file.id, 'app', meta.appProperties);
  s.data.files.setUserState(file.id, s.user.id, {
    // Setting modifiedTime also sets modifiedByMeTime.
    modified_by_me_time: meta.modifiedTime ?? s.nowIso,
    viewed_time: meta.viewedByMeTime ?? s.nowIso,
    ...(meta.starred !== undefined ? { starred: meta.starred } : {}),
  });
  if (meta.indexableText) s.data.files.setIndexedContent(file.id, meta.indexableText);
  s.fileChanged(file, { state: 'add' });
  s.notifyFile(place.parent.id, 'update', ['children']);
  return s.data.files.get(file.id)!;
}

/** Makes `content` the file's new head revision; older unpinned revisions past retention are purged. */
export function applyContent(
  s: DriveSession,
  file: FileRow,
  plan: ContentPlan,
  indexText: string | undefined,
): FileRow {
  checkPinLimit(s, file.id, plan.keepForever);
  const { blob } = plan.content;
  const revisions = s.data.revisions;
  revisions.recordBlob(blob);
  const modified = plan.modifiedTime ?? s.nowIso;
  const revisionId = newRevisionId();
  revisions.addHead({
    file_id: file.id,
    id: revisionId,
    blob_address: blob.address,
    mime_type: isNativeDocument(plan.mimeType) ? plan.contentType : plan.mimeType,
    original_filename: file.original_filename ?? file.name,
    // The revision is dated when it was made: the time it supersedes the old head counts for retention.
    modified_time: s.nowIso,
    keep_forever: plan.keepForever ? 1 : 0,
    last_modifying_user_id: s.user.id,
  });
  const native = isNativeDocument(plan.mimeType);
  s.data.files.update(file.id, {
    mime_type: plan.mimeType,
    head_revision_id: revisionId,
    size: blob.size,
    md5: blob.md5,
    blob_address: blob.address,
    content_type: plan.contentType,
    modified_time: modified,
    last_modifying_user_id: s.user.id,
  });
  purgeRevisions(s, file.id);
  s.data.files.update(file.id, { quota_bytes: native ? 0 : revisions.quotaBytes(file.id, revisionId) });
  // Setting modifiedTime also sets modifiedByMeTime.
  s.data.files.setUserState(file.id, s.user.id, { modified_by_me_time: modified });
  if (indexText !== undefined) s.data.files.setIndexedContent(file.id, indexText);
  return s.data.files.get(file.id)!;
}

/** Unpinned revisions replaced more than 30 days ago are gone. */
export function purgeRevisions(s: DriveSession, fileId: string): void {
  const cutoff = new Date(s.now.getTime() - revisionRetentionMs).toISOString();
  const released = s.data.revisions.purgeSuperseded(fileId, cutoff);
  if (released.length > 0) s.releaseBlobs(released);
}

/** Calls `fn` for the item and everything below it, the item first. */
export function forEachInSubtree(s: DriveSession, rootId: string, fn: (id: string, row: FileRow) => void): void {
  for (const id of s.data.files.subtreeIds(rootId)) {
    const row = s.data.files.get(id);
    if (row) fn(id, row);
  }
}

/** Trashes (explicitly) or restores a file; what lies below follows unless trashed on its own. */
export function setTrashed(s: DriveSession, file: FileRow, trashed: boolean): void {
  if (Boolean(file.trashed) === trashed && Boolean(file.explicitly_trashed) === trashed) return;
  const store = s.service.store;
  if (trashed) {
    s.data.files.update(file.id, {
      trashed: 1,
      explicitly_trashed: 1,
      trashed_time: file.drive_id ? s.nowIso : null,
      trashing_user_id: file.drive_id ? s.user.id : null,
    });
    store
      .prepare(
        `WITH RECURSIVE sub(id) AS (SELECT id FROM drive_files WHERE parent_id = ? UNION ALL SELECT f.id FROM drive_files f JOIN sub ON f.parent_id = sub.id)
         UPDATE drive_files SET trashed = 1, version = version + 1 WHERE id IN (SELECT id FROM sub) AND trashed = 0`,
      )
      .run(file.id);
  } else {
    s.data.files.update(file.id, { trashed: 0, explicitly_trashed: 0, trashed_time: null, trashing_user_id: null });
    store
      .prepare(
        `WITH RECURSIVE sub(id) AS (
           SELECT id FROM drive_files WHERE parent_id = ? AND explicitly_trashed = 0
           UNION ALL SELECT f.id FROM drive_files f JOIN sub ON f.parent_id = sub.id WHERE f.explicitly_trashed = 0)
         UPDATE drive_files SET trashed = 0, version = version + 1 WHERE id IN (SELECT id FROM sub)`,
      )
      .run(file.id);
  }
  forEachInSubtree(s, file.id, (id, row) =>
    s.fileChanged(row, id === file.id ? { state: trashed ? 'trash' : 'untrash' } : {}),
  );
  if (file.parent_id) s.notifyFile(file.parent_id, 'update', ['children']);
}

/**
 * Deletes a file for good. A folder takes with it what below it the user owns (everything, in a
 * shared drive); items owned by others are detached and stay with their owners.
 */
export function deletePermanently(s: DriveSession, file: FileRow): void {
  const doomed: string[] = [];
  const detached: string[] = [];
  const visit = (row: FileRow) => {
    if (row.id !== file.id && row.drive_id === null && row.owner_id !== s.user.id) {
      detached.push(row.id);
      return;
    }
    doomed.push(row.id);
    for (const child of s.service.store
      .prepare<[string], FileRow>('SELECT * FROM drive_files WHERE parent_id = ?')
      .all(row.id))
      visit(child);
  };
  visit(file);
  const reached = new Map<string, Set<string>>();
  for (const id of doomed) reached.set(id, s.usersWithAccess(id));
  for (const id of detached) {
    const row = s.data.files.get(id)!;
    const before = s.usersWithAccess(id, true);
    s.data.files.update(id, { parent_id: null });
    s.data.access.reparent(id, null);
    forEachInSubtree(s, id, (_sid, r) => s.fileChanged(r, { alsoUsers: before }));
    s.notifyFile(row.id, 'update', ['parents']);
  }
  const addresses = s.data.revisions.blobsOfFiles(doomed);
  // Children first, so no row ever points at a missing parent.
  s.data.files.deleteMany([...doomed].reverse());
  for (const id of doomed) {
    s.data.changes.append(reached.get(id) ?? [], {
      change_type: 'file',
      file_id: id,
      drive_id: file.drive_id,
      time: s.nowIso,
    });
    s.notifyFile(id, 'remove');
  }
  for (const users of reached.values()) for (const u of users) s.notifyChanges(u);
  if (file.parent_id) s.notifyFile(file.parent_id, 'update', ['children']);
  s.releaseBlobs(addresses);
}
