import type { FileRow } from '../domain/files-repository';
import { copyRequiresWriter, policyFor } from '../domain/policy';
import { roleRank } from '../domain/roles';
import { exportFormats, hasBinaryContent, isNativeDocument } from '../domain/mime';
import type { DriveSession } from '../domain/session';
import { permissionResource } from './permission-resource';
import { singleFileLookups, type FileLookups } from './file-lookups';

export type FileResource = Record<string, unknown> & { kind: 'drive#file'; id: string; name: string; mimeType: string };

export function minimalFile(file: FileRow): FileResource {
  return { kind: 'drive#file', id: file.id, name: file.name, mimeType: file.mime_type };
}

const defaultFolderColor = '#8f8f8f';

/**
 * Which fields a `fields` expression could select (a word match: `files(id,owners(emailAddress))`
 * wants `owners`). Only used to skip work; the service trims the answer exactly.
 */
export type FieldWants = (field: string) => boolean;

export const everyField: FieldWants = () => true;

export function fieldWants(fields: string | undefined): FieldWants {
  if (fields === undefined || fields.includes('*')) return everyField;
  const words = new Set(fields.split(/[^A-Za-z0-9_]+/).filter(Boolean));
  return (field) => words.has(field);
}

/**
 * A file as the user sees it: shared state plus their own (starred, viewed, modified by me),
 * their capabilities, and ownership/sharing as far as they may know it. Parts the request did
 * not ask for are left out (they cost queries). A page of files passes `PageLookups` so each
 * part is read once for the whole page.
 */
export function fileResource(
  s: DriveSession,
  file: FileRow,
  rank: number,
  want: FieldWants = everyField,
  lookups: FileLookups = singleFileLookups(s),
): FileResource {
  const userId = s.user.id;
  const inSharedDrive = file.drive_id !== null;
  const restrictions = file.drive_id === null ? undefined : s.restrictionsOf(file.drive_id);
  const policy = policyFor(file, rank, userId, restrictions);
  const personal =
    want('starred') || want('viewedByMe') || want('viewedByMeTime') || want('modifiedByMe') || want('modifiedByMeTime');
  const state = personal ? lookups.userState(file.id) : undefined;
  const base = s.service.baseUrl();
  const out: FileResource = {
    kind: 'drive#file',
    id: file.id,
    name: file.name,
    mimeType: file.mime_type,
    starred: state?.starred === 1,
    trashed: file.trashed === 1,
    explicitlyTrashed: file.explicitly_trashed === 1,
    spaces: [file.space],
    version: String(file.version),
    webViewLink: `${base}/drive/v3/files/${file.id}?view=1`,
    iconLink: `${base}/drive/v3/icons/${encodeURIComponent(file.mime_type)}`,
    hasThumbnail: false,
    thumbnailVersion: '0',
    viewedByMe: Boolean(state?.viewed_time),
    createdTime: file.created_time,
    modifiedTime: file.modified_time,
    modifiedByMe: Boolean(state?.modified_by_me_time),
    isAppAuthorized: file.owner_id === userId,
    copyRequiresWriterPermission: copyRequiresWriter(file, restrictions),
    viewersCanCopyContent: !copyRequiresWriter(file, restrictions),
    quotaBytesUsed: String(file.quota_bytes),
    capabilities: capabilities(file, rank, policy, userId),
  };
  if (want('properties')) out.properties = lookups.properties(file.id, 'public');
  if (want('appProperties')) out.appProperties = lookups.properties(file.id, 'app');
  if (file.description !== null) out.description = file.description;
  if (state?.viewed_time) out.viewedByMeTime = state.viewed_time;
  if (state?.modified_by_me_time) out.modifiedByMeTime = state.modified_by_me_time;
  if (want('parents') && file.parent_id !== null && lookups.rankOf(file.parent_id) > 0) out.parents = [file.parent_id];
  const lastModifying = want('lastModifyingUser') ? lookups.user(file.last_modifying_user_id) : undefined;
  if (lastModifying) out.lastModifyingUser = lastModifying;
  if (file.is_folder) out.folderColorRgb = file.folder_color_rgb ?? defaultFolderColor;

  if (inSharedDrive) {
    out.driveId = file.drive_id;
    out.teamDriveId = file.drive_id;
    if (want('hasAugmentedPermissions'))
      out.hasAugmentedPermissions = lookups.hasDirectPermissions(file.id) && file.id !== file.drive_id;
    if (file.trashed_time) out.trashedTime = file.trashed_time;
    const trashing = file.explicitly_trashed ? lookups.user(file.trashing_user_id) : undefined;
    if (trashing) out.trashingUser = trashing;
  } else {
    if (want('owners')) {
      const owner = lookups.user(file.owner_id);
      out.owners = owner ? [owner] : [];
    }
    out.ownedByMe = file.owner_id === userId;
    out.writersCanShare = file.writers_can_share === 1;
    if (want('shared') || want('permissionIds') || want('permissions')) {
      // Whole permission rows cost more to read; only `permissions` shows them.
      const permissions = policy.share && want('permissions') ? lookups.effective(file.id) : undefined;
      const grantees = permissions ?? lookups.grantees(file.id);
      out.shared = grantees.some((p) => p.role !== 'owner');
      out.permissionIds = grantees.map((p) => p.id);
      if (permissions) out.permissions = permissions.map((p) => permissionResource(p, null));
    }
    if (file.owner_id !== userId && (want('sharedWithMeTime') || want('sharingUser'))) {
      const sharedTime = lookups.sharedWithMeTime(file.id);
      if (sharedTime) {
        out.sharedWithMeTime = sharedTime;
        const sharer = lookups.user(lookups.myDirectPermission(file.id)?.sharing_user_id ?? null);
        if (sharer) out.sharingUser = sharer;
      }
    }
  }

  if (hasBinaryContent(file.mime_type) && file.blob_address !== null) {
    out.size = String(file.size ?? 0);
    out.md5Checksum = file.md5;
    if (want('sha1Checksum') || want('sha256Checksum')) {
      const checksums = s.checksums.of(file.blob_address);
      if (checksums.sha1 !== undefined) out.sha1Checksum = checksums.sha1;
      if (checksums.sha256 !== undefined) out.sha256Checksum = checksums.sha256;
    }
    out.headRevisionId = file.head_revision_id;
    if (file.original_filename !== null) out.originalFilename = file.original_filename;
    if (file.full_file_extension !== null) out.fullFileExtension = file.full_file_extension;
    if (file.file_extension !== null) out.fileExtension = file.file_extension;
    out.webContentLink = `${base}/drive/v3/files/${file.id}?alt=media`;
  } else if (hasBinaryContent(file.mime_type) && file.is_folder === 0) {
    out.size = '0';
  }
  if (isNativeDocument(file.mime_type)) {
    out.exportLinks = Object.fromEntries(
      (exportFormats[file.mime_type] ?? []).map((m) => [
        m,
        `${base}/drive/v3/files/${file.id}/export?mimeType=${encodeURIComponent(m)}`,
      ]),
    );
  }
  return out;
}

function capabilities(
  file: FileRow,
  rank: number,
  p: ReturnType<typeof policyFor>,
  userId: string,
): Record<string, boolean> {
  const inSharedDrive = file.drive_id !== null;
  return {
    canAddChildren: p.addChildren,
    canChangeCopyRequiresWriterPermission: p.changeCopyRequiresWriterPermission,
    canChangeViewersCanCopyContent: p.changeCopyRequiresWriterPermission,
    canComment: p.comment,
    canCopy: p.copy,
    canDelete: p.delete,
    canDeleteChildren: inSharedDrive && file.is_folder === 1 && rank >= roleRank.organizer,
    canDownload: p.download,
    canEdit: p.edit,
    canListChildren: p.listChildren,
    canModifyContent: p.edit,
    canMoveItemWithinDrive: p.move,
    // Out of a shared drive takes an organizer; out of My Drive (into a shared drive), the owner of a file.
    canMoveItemOutOfDrive:
      p.move && (inSharedDrive ? rank >= roleRank.organizer : file.owner_id === userId && file.is_folder === 0),
    canReadDrive: inSharedDrive,
    canReadTeamDrive: inSharedDrive,
    canReadRevisions: p.readRevisions,
    canRemoveChildren: p.removeChildren,
    canRename: p.rename,
    canShare: p.share,
    canTrash: p.trash,
    canTrashChildren: inSharedDrive && file.is_folder === 1 && rank >= roleRank.fileOrganizer,
    canUntrash: p.trash,
    canAcceptOwnership: false,
  };
}
