import { z } from 'zod';
import { lazySchema, once } from './lazy';
import { inner, int64, kind, requestSchema, resourceSchema } from './common';
import { boundedBytes, boundedMap, list, text } from './limits';

// Drive v3 resources (docs/spec/drive.md §2) with Google's inner shapes.

export const PERMISSION_ROLES = ['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader'] as const;
export const PERMISSION_TYPES = ['user', 'group', 'domain', 'anyone'] as const;
export const REPLY_ACTIONS = ['resolve', 'reopen'] as const;

/** An object whose listed fields are all optional booleans (capabilities, restrictions). */
function flags<const K extends string>(names: readonly K[]) {
  return inner(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<K, z.ZodBoolean>);
}

/** Properties of one kind on a file (Google documents 30 public, and 30 private per app). */
export const maxFileProperties = 30;
/** One property's key and value together, in UTF-8 bytes (Google documents 124). */
export const maxPropertyBytes = 124;
/** File names (chosen here: Google publishes none). */
export const maxFileNameBytes = 32_767;
/** File descriptions (chosen here: Google publishes none). */
export const maxFileDescriptionBytes = 32_767;
/** Text indexed for a file (Google documents 128 KB). */
export const maxIndexableTextLength = 128 * 1024;
/** A custom thumbnail, URL-safe base64 of at most 2 MB (Google documents 2 MB). */
export const maxThumbnailImageLength = Math.ceil((2 * 1024 * 1024) / 3) * 4;
/** Comment and reply text (chosen here). */
export const maxCommentLength = 32_768;

/** Key-value pairs of a file; in a request a null value removes the key. */
const properties = lazySchema(() =>
  boundedMap(text().nullable(), { maxEntries: maxFileProperties, maxEntryBytes: maxPropertyBytes }),
);
/** Links answered by the service (export formats); bounded like any map it might be sent back. */
const linkMap = lazySchema(() => boundedMap(text(), { maxEntries: 100, maxKeyLength: 1024 }));

// ---------------------------------------------------------------- Users

/** `drive#user`. */
export const DriveUser = inner(() => ({
  displayName: text(),
  emailAddress: text(),
  kind,
  me: z.boolean(),
  permissionId: text(),
  photoLink: text(),
}));
export type DriveUser = z.output<typeof DriveUser>;

// ---------------------------------------------------------------- Permissions

export const PermissionDetail = inner(() => ({
  inherited: z.boolean(),
  inheritedFrom: text(),
  /** `file` or `member`. */
  permissionType: text(),
  role: text(),
}));

const permissionShape = once(() => ({
  allowFileDiscovery: z.boolean(),
  deleted: z.boolean(),
  displayName: text(),
  /** Domain name of a `domain` permission (an object in the alternative body form of the spec). */
  domain: z.union([text(), inner({})]),
  emailAddress: text(),
  expirationTime: text(),
  id: text(),
  inheritedPermissionsDisabled: z.boolean(),
  kind,
  pendingOwner: z.boolean(),
  permissionDetails: list(PermissionDetail),
  photoLink: text(),
  role: z.enum(PERMISSION_ROLES),
  teamDrivePermissionDetails: list(
    inner({ inherited: z.boolean(), inheritedFrom: text(), role: text(), teamDrivePermissionType: text() }),
  ),
  type: z.enum(PERMISSION_TYPES),
  view: text(),
  // Alternative body form listed by the spec (§2.6).
  allowDiscovery: z.boolean(),
  user: inner({}),
  anyone: inner({}),
  group: inner({}),
}));
/** `drive#permission`. */
export const DrivePermission = resourceSchema(permissionShape);
export type DrivePermission = z.output<typeof DrivePermission>;
export const DrivePermissionInput = requestSchema(permissionShape);
export type DrivePermissionInput = z.input<typeof DrivePermissionInput>;

/** `drive#permissionList`. */
export const DrivePermissionList = resourceSchema(() => ({
  kind,
  nextPageToken: text(),
  permissions: list(DrivePermission),
}));
export type DrivePermissionList = z.output<typeof DrivePermissionList>;

// ---------------------------------------------------------------- Files

export const FILE_CAPABILITIES = [
  'canAcceptOwnership',
  'canAddChildren',
  'canAddFolderFromAnotherDrive',
  'canAddMyDriveParent',
  'canChangeCopyRequiresWriterPermission',
  'canChangeItemDownloadRestriction',
  'canChangeSecurityUpdateEnabled',
  'canChangeViewersCanCopyContent',
  'canComment',
  'canCopy',
  'canDelete',
  'canDeleteChildren',
  'canDisableInheritedPermissions',
  'canDownload',
  'canEdit',
  'canEnableInheritedPermissions',
  'canListChildren',
  'canModifyContent',
  'canModifyContentRestriction',
  'canModifyEditorContentRestriction',
  'canModifyLabels',
  'canModifyOwnerContentRestriction',
  'canMoveChildrenOutOfDrive',
  'canMoveChildrenOutOfTeamDrive',
  'canMoveChildrenWithinDrive',
  'canMoveChildrenWithinTeamDrive',
  'canMoveItemIntoTeamDrive',
  'canMoveItemOutOfDrive',
  'canMoveItemOutOfTeamDrive',
  'canMoveItemWithinDrive',
  'canMoveItemWithinTeamDrive',
  'canMoveTeamDriveItem',
  'canReadDrive',
  'canReadLabels',
  'canReadRevisions',
  'canReadTeamDrive',
  'canRemoveChildren',
  'canRemoveContentRestriction',
  'canRemoveMyDriveParent',
  'canRename',
  'canShare',
  'canTrash',
  'canTrashChildren',
  'canUntrash',
] as const;
export const FileCapabilities = lazySchema(() => flags(FILE_CAPABILITIES));
export type FileCapabilities = z.output<typeof FileCapabilities>;

export const ContentRestriction = inner(() => ({
  ownerRestricted: z.boolean(),
  readOnly: z.boolean(),
  reason: text(),
  restrictingUser: DriveUser,
  restrictionTime: text(),
  systemRestricted: z.boolean(),
  type: text(),
}));

const DownloadRestriction = lazySchema(() => flags(['restrictedForReaders', 'restrictedForWriters']));

export const ImageMediaMetadata = inner(() => ({
  aperture: z.number(),
  cameraMake: text(),
  cameraModel: text(),
  colorSpace: text(),
  exposureBias: z.number(),
  exposureMode: text(),
  exposureTime: z.number(),
  flashUsed: z.boolean(),
  focalLength: z.number(),
  height: z.number().int(),
  isoSpeed: z.number().int(),
  lens: text(),
  location: inner({ altitude: z.number(), latitude: z.number(), longitude: z.number() }),
  maxApertureValue: z.number(),
  meteringMode: text(),
  rotation: z.number().int(),
  sensor: text(),
  subjectDistance: z.number().int(),
  time: text(),
  whiteBalance: text(),
  width: z.number().int(),
}));

const fileShape = once(() => ({
  appProperties: properties,
  capabilities: FileCapabilities,
  /** Accepted on writes, never returned. */
  contentHints: inner({
    indexableText: text(maxIndexableTextLength),
    thumbnail: inner({ image: text(maxThumbnailImageLength), mimeType: text() }),
  }),
  contentRestrictions: list(ContentRestriction),
  copyRequiresWriterPermission: z.boolean(),
  createdTime: text(),
  description: boundedBytes(maxFileDescriptionBytes),
  downloadRestrictions: inner({
    itemDownloadRestriction: DownloadRestriction,
    effectiveDownloadRestrictionWithContext: DownloadRestriction,
  }),
  driveId: text(),
  explicitlyTrashed: z.boolean(),
  exportLinks: linkMap,
  fileExtension: text(),
  folderColorRgb: text(),
  fullFileExtension: text(),
  hasAugmentedPermissions: z.boolean(),
  hasThumbnail: z.boolean(),
  headRevisionId: text(),
  iconLink: text(),
  id: text(),
  imageMediaMetadata: ImageMediaMetadata,
  inheritedPermissionsDisabled: z.boolean(),
  isAppAuthorized: z.boolean(),
  kind,
  labelInfo: inner({ labels: list(inner({ id: text() })) }),
  lastModifyingUser: DriveUser,
  linkShareMetadata: flags(['securityUpdateEligible', 'securityUpdateEnabled']),
  md5Checksum: text(),
  mimeType: text(),
  modifiedByMe: z.boolean(),
  modifiedByMeTime: text(),
  modifiedTime: text(),
  name: boundedBytes(maxFileNameBytes),
  originalFilename: boundedBytes(maxFileNameBytes),
  ownedByMe: z.boolean(),
  owners: list(DriveUser),
  parents: list(text()),
  permissionIds: list(text()),
  permissions: list(DrivePermission),
  properties,
  quotaBytesUsed: int64,
  resourceKey: text(),
  sha1Checksum: text(),
  sha256Checksum: text(),
  shared: z.boolean(),
  sharedWithMeTime: text(),
  sharingUser: DriveUser,
  shortcutDetails: inner({ targetId: text(), targetMimeType: text(), targetResourceKey: text() }),
  size: int64,
  spaces: list(text()),
  starred: z.boolean(),
  teamDriveId: text(),
  thumbnailLink: text(),
  thumbnailVersion: int64,
  trashed: z.boolean(),
  trashedTime: text(),
  trashingUser: DriveUser,
  version: int64,
  videoMediaMetadata: inner({ durationMillis: int64, height: z.number().int(), width: z.number().int() }),
  viewedByMe: z.boolean(),
  viewedByMeTime: text(),
  viewersCanCopyContent: z.boolean(),
  webContentLink: text(),
  webViewLink: text(),
  writersCanShare: z.boolean(),
}));
/** `drive#file` (files and folders). */
export const DriveFile = resourceSchema(fileShape);
export type DriveFile = z.output<typeof DriveFile>;
export const DriveFileInput = requestSchema(fileShape);
export type DriveFileInput = z.input<typeof DriveFileInput>;

/** `drive#fileList`. */
export const DriveFileList = resourceSchema(() => ({
  files: list(DriveFile),
  /** Not every corpus was searched; results may be incomplete. */
  incompleteSearch: z.boolean(),
  kind,
  nextPageToken: text(),
}));
export type DriveFileList = z.output<typeof DriveFileList>;

/** `drive#generatedIds`. */
export const DriveGeneratedIds = resourceSchema(() => ({ ids: list(text()), kind, space: text() }));
export type DriveGeneratedIds = z.output<typeof DriveGeneratedIds>;

// ---------------------------------------------------------------- Comments and replies

const replyShape = once(() => ({
  action: z.enum(REPLY_ACTIONS),
  assigneeEmailAddress: text(),
  author: DriveUser,
  content: text(maxCommentLength),
  createdTime: text(),
  deleted: z.boolean(),
  htmlContent: text(4 * maxCommentLength),
  id: text(),
  kind,
  mentionedEmailAddresses: list(text()),
  modifiedTime: text(),
}));
/** `drive#reply`. */
export const DriveReply = resourceSchema(replyShape);
export type DriveReply = z.output<typeof DriveReply>;
export const DriveReplyInput = requestSchema(replyShape);
export type DriveReplyInput = z.input<typeof DriveReplyInput>;

/** `drive#replyList`. */
export const DriveReplyList = resourceSchema(() => ({ kind, nextPageToken: text(), replies: list(DriveReply) }));
export type DriveReplyList = z.output<typeof DriveReplyList>;

const commentShape = once(() => ({
  /** JSON region of the document the comment refers to. */
  anchor: text(),
  assigneeEmailAddress: text(),
  assignment: inner({}),
  author: DriveUser,
  content: text(maxCommentLength),
  createdTime: text(),
  deleted: z.boolean(),
  htmlContent: text(4 * maxCommentLength),
  id: text(),
  kind,
  mentionedEmailAddresses: list(text()),
  mentionedUsers: list(inner({})),
  modifiedTime: text(),
  post: inner({}),
  quotedFileContent: inner({ mimeType: text(), value: text(maxCommentLength) }),
  replies: list(DriveReply),
  resolved: z.boolean(),
  suggestion: inner({}),
  // Fields of the other comment type the spec lists on the comment body (§2.2).
  blog: inner({}),
  inReplyTo: inner({}),
  published: text(),
  selfLink: text(),
  status: text(),
  updated: text(),
}));
/** `drive#comment`. */
export const DriveComment = resourceSchema(commentShape);
export type DriveComment = z.output<typeof DriveComment>;
export const DriveCommentInput = requestSchema(commentShape);
export type DriveCommentInput = z.input<typeof DriveCommentInput>;

/** `drive#commentList`. */
export const DriveCommentList = resourceSchema(() => ({ comments: list(DriveComment), kind, nextPageToken: text() }));
export type DriveCommentList = z.output<typeof DriveCommentList>;

// ---------------------------------------------------------------- Revisions

const revisionShape = once(() => ({
  exportLinks: linkMap,
  id: text(),
  keepForever: z.boolean(),
  kind,
  lastModifyingUser: DriveUser,
  md5Checksum: text(),
  mimeType: text(),
  modifiedTime: text(),
  originalFilename: boundedBytes(maxFileNameBytes),
  publishAuto: z.boolean(),
  published: z.boolean(),
  publishedLink: text(),
  publishedOutsideDomain: z.boolean(),
  size: int64,
}));
/** `drive#revision`. */
export const DriveRevision = resourceSchema(revisionShape);
export type DriveRevision = z.output<typeof DriveRevision>;
export const DriveRevisionInput = requestSchema(revisionShape);
export type DriveRevisionInput = z.input<typeof DriveRevisionInput>;

/** `drive#revisionList`. */
export const DriveRevisionList = resourceSchema(() => ({
  kind,
  nextPageToken: text(),
  revisions: list(DriveRevision),
}));
export type DriveRevisionList = z.output<typeof DriveRevisionList>;

// ---------------------------------------------------------------- Shared drives and team drives

export const BackgroundImageFile = inner(() => ({
  id: text(),
  width: z.number(),
  xCoordinate: z.number(),
  yCoordinate: z.number(),
}));

const commonRestrictions = [
  'adminManagedRestrictions',
  'copyRequiresWriterPermission',
  'domainUsersOnly',
  'sharingFoldersRequiresOrganizerPermission',
] as const;

export const SHARED_DRIVE_CAPABILITIES = [
  'canAddChildren',
  'canChangeCopyRequiresWriterPermissionRestriction',
  'canChangeDomainUsersOnlyRestriction',
  'canChangeDownloadRestriction',
  'canChangeDriveBackground',
  'canChangeDriveMembersOnlyRestriction',
  'canChangeSharingFoldersRequiresOrganizerPermissionRestriction',
  'canComment',
  'canCopy',
  'canDeleteChildren',
  'canDeleteDrive',
  'canDownload',
  'canEdit',
  'canListChildren',
  'canManageMembers',
  'canReadRevisions',
  'canRename',
  'canRenameDrive',
  'canResetDriveRestrictions',
  'canShare',
  'canTrashChildren',
] as const;

/**
 * The fields a shared drive and its legacy form, the team drive, have in common; the two differ in their
 * capabilities and in the name of the members-only restriction.
 */
function driveShape<const C extends string, const M extends string>(capabilities: readonly C[], membersOnly: M) {
  return {
    backgroundImageFile: BackgroundImageFile,
    backgroundImageLink: text(),
    capabilities: flags(capabilities),
    colorRgb: text(),
    createdTime: text(),
    id: text(),
    kind,
    /** Name of the drive (the spec's second `name`, `<collection_id>/<drive_id>`, is the same string field). */
    name: text(),
    orgUnitId: text(),
    restrictions: inner({
      ...flags([...commonRestrictions, membersOnly]).shape,
      downloadRestriction: DownloadRestriction,
    }),
    /** Deprecated. */
    root: inner({}),
    themeId: text(),
    /** Deprecated. */
    title: text(),
  } as const;
}

const sharedDriveShape = once(() => ({
  ...driveShape(SHARED_DRIVE_CAPABILITIES, 'driveMembersOnly'),
  hidden: z.boolean(),
}));
/** `drive#drive`: a shared drive. */
export const SharedDrive = resourceSchema(sharedDriveShape);
export type SharedDrive = z.output<typeof SharedDrive>;
export const SharedDriveInput = requestSchema(sharedDriveShape);
export type SharedDriveInput = z.input<typeof SharedDriveInput>;

/** `drive#driveList`. */
export const SharedDriveList = resourceSchema(() => ({ drives: list(SharedDrive), kind, nextPageToken: text() }));
export type SharedDriveList = z.output<typeof SharedDriveList>;

export const TEAM_DRIVE_CAPABILITIES = [
  'canAddChildren',
  'canChangeCopyRequiresWriterPermissionRestriction',
  'canChangeDomainUsersOnlyRestriction',
  'canChangeDownloadRestriction',
  'canChangeSharingFoldersRequiresOrganizerPermissionRestriction',
  'canChangeTeamDriveBackground',
  'canChangeTeamMembersOnlyRestriction',
  'canComment',
  'canCopy',
  'canDeleteChildren',
  'canDeleteTeamDrive',
  'canDownload',
  'canEdit',
  'canListChildren',
  'canManageMembers',
  'canReadRevisions',
  'canRemoveChildren',
  'canRename',
  'canRenameTeamDrive',
  'canResetTeamDriveRestrictions',
  'canShare',
  'canTrashChildren',
] as const;

const teamDriveShape = once(() => driveShape(TEAM_DRIVE_CAPABILITIES, 'teamMembersOnly'));
/** `drive#teamDrive`: the legacy form of a shared drive. */
export const TeamDrive = resourceSchema(teamDriveShape);
export type TeamDrive = z.output<typeof TeamDrive>;
export const TeamDriveInput = requestSchema(teamDriveShape);
export type TeamDriveInput = z.input<typeof TeamDriveInput>;

/** `drive#teamDriveList`. */
export const TeamDriveList = resourceSchema(() => ({ kind, nextPageToken: text(), teamDrives: list(TeamDrive) }));
export type TeamDriveList = z.output<typeof TeamDriveList>;

// ---------------------------------------------------------------- Changes

/** `drive#change`: one entry of the changes feed. */
export const DriveChange = resourceSchema(() => ({
  /** `file` or `drive`. */
  changeType: text(),
  drive: SharedDrive,
  driveId: text(),
  file: DriveFile,
  fileId: text(),
  kind,
  /** The file or drive was removed from this list (deleted, or access lost). */
  removed: z.boolean(),
  teamDrive: TeamDrive,
  teamDriveId: text(),
  time: text(),
  /** Deprecated, use changeType. */
  type: text(),
}));
export type DriveChange = z.output<typeof DriveChange>;

/** `drive#changeList`: nextPageToken while more pages exist, newStartPageToken on the last page. */
export const DriveChangeList = resourceSchema(() => ({
  changes: list(DriveChange),
  kind,
  newStartPageToken: text(),
  nextPageToken: text(),
}));
export type DriveChangeList = z.output<typeof DriveChangeList>;

/** `drive#startPageToken`. */
export const DriveStartPageToken = resourceSchema(() => ({ kind, startPageToken: text() }));
export type DriveStartPageToken = z.output<typeof DriveStartPageToken>;

// ---------------------------------------------------------------- About

const DriveTheme = inner(() => ({ backgroundImageLink: text(), colorRgb: text(), id: text() }));

/** `drive#about`: the user, their storage quota and the system's capabilities. */
export const DriveAbout = resourceSchema(() => ({
  appInstalled: z.boolean(),
  canCreateDrives: z.boolean(),
  canCreateTeamDrives: z.boolean(),
  driveThemes: list(DriveTheme),
  exportFormats: z.record(text(), list(text())),
  folderColorPalette: list(text()),
  importFormats: z.record(text(), list(text())),
  kind,
  maxImportSizes: z.record(text(), int64),
  maxUploadSize: int64,
  storageQuota: inner({ limit: int64, usage: int64, usageInDrive: int64, usageInDriveTrash: int64 }),
  teamDriveThemes: list(DriveTheme),
  user: DriveUser,
}));
export type DriveAbout = z.output<typeof DriveAbout>;
