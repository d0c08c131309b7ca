import { z } from 'zod';
import { inner, int64, kind, requestSchema, resourceSchema, stringMap } from './common';

// Drive v3 resources (docs/spec/drive.md §2) with Google's inner shapes.

export const PERMISSION_ROLES = ['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader'] as const;
export type PermissionRole = (typeof PERMISSION_ROLES)[number];
export const PERMISSION_TYPES = ['user', 'group', 'domain', 'anyone'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];
export const REPLY_ACTIONS = ['resolve', 'reopen'] as const;
export const DRIVE_SPACES = ['drive', 'appDataFolder', 'photos'] as const;
export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

/** An object whose listed fields are all optional booleans (capabilities, restrictions). */
function flags<const K extends string>(names: readonly K[]) {
  return inner(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<K, z.ZodBoolean>);
}

/** Key-value pairs of a file; in a request a null value removes the key. */
const properties = z.record(z.string(), z.string().nullable());

// ---------------------------------------------------------------- Users

/** `drive#user`. */
export const DriveUser = inner({
  displayName: z.string(),
  emailAddress: z.string(),
  kind,
  me: z.boolean(),
  permissionId: z.string(),
  photoLink: z.string(),
});
export type DriveUser = z.output<typeof DriveUser>;

// ---------------------------------------------------------------- Permissions

export const PermissionDetail = inner({
  inherited: z.boolean(),
  inheritedFrom: z.string(),
  /** `file` or `member`. */
  permissionType: z.string(),
  role: z.string(),
});

const permissionShape = {
  allowFileDiscovery: z.boolean(),
  deleted: z.boolean(),
  displayName: z.string(),
  /** Domain name of a `domain` permission (an object in the alternative body form of the spec). */
  domain: z.union([z.string(), inner({})]),
  emailAddress: z.string(),
  expirationTime: z.string(),
  id: z.string(),
  inheritedPermissionsDisabled: z.boolean(),
  kind,
  pendingOwner: z.boolean(),
  permissionDetails: z.array(PermissionDetail),
  photoLink: z.string(),
  role: z.enum(PERMISSION_ROLES),
  teamDrivePermissionDetails: z.array(
    inner({ inherited: z.boolean(), inheritedFrom: z.string(), role: z.string(), teamDrivePermissionType: z.string() }),
  ),
  type: z.enum(PERMISSION_TYPES),
  view: z.string(),
  // Alternative body form listed by the spec (§2.6).
  allowDiscovery: z.boolean(),
  user: inner({}),
  anyone: inner({}),
  group: inner({}),
} as const;
/** `drive#permission`. */
export const DrivePermission = resourceSchema(permissionShape);
export type DrivePermission = z.output<typeof DrivePermission>;
export const DrivePermissionInput = requestSchema(permissionShape);
export type DrivePermissionInput = z.input<typeof DrivePermissionInput>;

/** `drive#permissionList`. */
export const DrivePermissionList = resourceSchema({
  kind,
  nextPageToken: z.string(),
  permissions: z.array(DrivePermission),
});
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
export const FileCapabilities = flags(FILE_CAPABILITIES);
export type FileCapabilities = z.output<typeof FileCapabilities>;

export const ContentRestriction = inner({
  ownerRestricted: z.boolean(),
  readOnly: z.boolean(),
  reason: z.string(),
  restrictingUser: DriveUser,
  restrictionTime: z.string(),
  systemRestricted: z.boolean(),
  type: z.string(),
});

const DownloadRestriction = flags(['restrictedForReaders', 'restrictedForWriters']);

export const ImageMediaMetadata = inner({
  aperture: z.number(),
  cameraMake: z.string(),
  cameraModel: z.string(),
  colorSpace: z.string(),
  exposureBias: z.number(),
  exposureMode: z.string(),
  exposureTime: z.number(),
  flashUsed: z.boolean(),
  focalLength: z.number(),
  height: z.number().int(),
  isoSpeed: z.number().int(),
  lens: z.string(),
  location: inner({ altitude: z.number(), latitude: z.number(), longitude: z.number() }),
  maxApertureValue: z.number(),
  meteringMode: z.string(),
  rotation: z.number().int(),
  sensor: z.string(),
  subjectDistance: z.number().int(),
  time: z.string(),
  whiteBalance: z.string(),
  width: z.number().int(),
});

const fileShape = {
  appProperties: properties,
  capabilities: FileCapabilities,
  /** Accepted on writes, never returned. */
  contentHints: inner({
    indexableText: z.string(),
    thumbnail: inner({ image: z.string(), mimeType: z.string() }),
  }),
  contentRestrictions: z.array(ContentRestriction),
  copyRequiresWriterPermission: z.boolean(),
  createdTime: z.string(),
  description: z.string(),
  downloadRestrictions: inner({
    itemDownloadRestriction: DownloadRestriction,
    effectiveDownloadRestrictionWithContext: DownloadRestriction,
  }),
  driveId: z.string(),
  explicitlyTrashed: z.boolean(),
  exportLinks: stringMap,
  fileExtension: z.string(),
  folderColorRgb: z.string(),
  fullFileExtension: z.string(),
  hasAugmentedPermissions: z.boolean(),
  hasThumbnail: z.boolean(),
  headRevisionId: z.string(),
  iconLink: z.string(),
  id: z.string(),
  imageMediaMetadata: ImageMediaMetadata,
  inheritedPermissionsDisabled: z.boolean(),
  isAppAuthorized: z.boolean(),
  kind,
  labelInfo: inner({ labels: z.array(inner({ id: z.string() })) }),
  lastModifyingUser: DriveUser,
  linkShareMetadata: flags(['securityUpdateEligible', 'securityUpdateEnabled']),
  md5Checksum: z.string(),
  mimeType: z.string(),
  modifiedByMe: z.boolean(),
  modifiedByMeTime: z.string(),
  modifiedTime: z.string(),
  name: z.string(),
  originalFilename: z.string(),
  ownedByMe: z.boolean(),
  owners: z.array(DriveUser),
  parents: z.array(z.string()),
  permissionIds: z.array(z.string()),
  permissions: z.array(DrivePermission),
  properties,
  quotaBytesUsed: int64,
  resourceKey: z.string(),
  sha1Checksum: z.string(),
  sha256Checksum: z.string(),
  shared: z.boolean(),
  sharedWithMeTime: z.string(),
  sharingUser: DriveUser,
  shortcutDetails: inner({ targetId: z.string(), targetMimeType: z.string(), targetResourceKey: z.string() }),
  size: int64,
  spaces: z.array(z.string()),
  starred: z.boolean(),
  teamDriveId: z.string(),
  thumbnailLink: z.string(),
  thumbnailVersion: int64,
  trashed: z.boolean(),
  trashedTime: z.string(),
  trashingUser: DriveUser,
  version: int64,
  videoMediaMetadata: inner({ durationMillis: int64, height: z.number().int(), width: z.number().int() }),
  viewedByMe: z.boolean(),
  viewedByMeTime: z.string(),
  viewersCanCopyContent: z.boolean(),
  webContentLink: z.string(),
  webViewLink: z.string(),
  writersCanShare: z.boolean(),
} as const;
/** `drive#file` (files and folders). */
export const DriveFile = resourceSchema(fileShape);
export type DriveFile = z.output<typeof DriveFile>;
export const DriveFileInput = requestSchema(fileShape);
export type DriveFileInput = z.input<typeof DriveFileInput>;

/** `drive#fileList`. */
export const DriveFileList = resourceSchema({
  files: z.array(DriveFile),
  /** Not every corpus was searched; results may be incomplete. */
  incompleteSearch: z.boolean(),
  kind,
  nextPageToken: z.string(),
});
export type DriveFileList = z.output<typeof DriveFileList>;

/** `drive#generatedIds`. */
export const DriveGeneratedIds = resourceSchema({ ids: z.array(z.string()), kind, space: z.string() });
export type DriveGeneratedIds = z.output<typeof DriveGeneratedIds>;

// ---------------------------------------------------------------- Comments and replies

const replyShape = {
  action: z.enum(REPLY_ACTIONS),
  assigneeEmailAddress: z.string(),
  author: DriveUser,
  content: z.string(),
  createdTime: z.string(),
  deleted: z.boolean(),
  htmlContent: z.string(),
  id: z.string(),
  kind,
  mentionedEmailAddresses: z.array(z.string()),
  modifiedTime: z.string(),
} as const;
/** `drive#reply`. */
export const DriveReply = resourceSchema(replyShape);
export type DriveReply = z.output<typeof DriveReply>;
export const DriveReplyInput = requestSchema(replyShape);
export type DriveReplyInput = z.input<typeof DriveReplyInput>;

/** `drive#replyList`. */
export const DriveReplyList = resourceSchema({ kind, nextPageToken: z.string(), replies: z.array(DriveReply) });
export type DriveReplyList = z.output<typeof DriveReplyList>;

const commentShape = {
  /** JSON region of the document the comment refers to. */
  anchor: z.string(),
  assigneeEmailAddress: z.string(),
  assignment: inner({}),
  author: DriveUser,
  content: z.string(),
  createdTime: z.string(),
  deleted: z.boolean(),
  htmlContent: z.string(),
  id: z.string(),
  kind,
  mentionedEmailAddresses: z.array(z.string()),
  mentionedUsers: z.array(inner({})),
  modifiedTime: z.string(),
  post: inner({}),
  quotedFileContent: inner({ mimeType: z.string(), value: z.string() }),
  replies: z.array(DriveReply),
  resolved: z.boolean(),
  suggestion: inner({}),
  // Fields of the other comment type the spec lists on the comment body (§2.2).
  blog: inner({}),
  inReplyTo: inner({}),
  published: z.string(),
  selfLink: z.string(),
  status: z.string(),
  updated: z.string(),
} as const;
/** `drive#comment`. */
export const DriveComment = resourceSchema(commentShape);
export type DriveComment = z.output<typeof DriveComment>;
export const DriveCommentInput = requestSchema(commentShape);
export type DriveCommentInput = z.input<typeof DriveCommentInput>;

/** `drive#commentList`. */
export const DriveCommentList = resourceSchema({ comments: z.array(DriveComment), kind, nextPageToken: z.string() });
export type DriveCommentList = z.output<typeof DriveCommentList>;

// ---------------------------------------------------------------- Revisions

const revisionShape = {
  exportLinks: stringMap,
  id: z.string(),
  keepForever: z.boolean(),
  kind,
  lastModifyingUser: DriveUser,
  md5Checksum: z.string(),
  mimeType: z.string(),
  modifiedTime: z.string(),
  originalFilename: z.string(),
  publishAuto: z.boolean(),
  published: z.boolean(),
  publishedLink: z.string(),
  publishedOutsideDomain: z.boolean(),
  size: int64,
} as const;
/** `drive#revision`. */
export const DriveRevision = resourceSchema(revisionShape);
export type DriveRevision = z.output<typeof DriveRevision>;
export const DriveRevisionInput = requestSchema(revisionShape);
export type DriveRevisionInput = z.input<typeof DriveRevisionInput>;

/** `drive#revisionList`. */
export const DriveRevisionList = resourceSchema({ kind, nextPageToken: z.string(), revisions: z.array(DriveRevision) });
export type DriveRevisionList = z.output<typeof DriveRevisionList>;

// ---------------------------------------------------------------- Shared drives and team drives

export const BackgroundImageFile = inner({
  id: z.string(),
  width: z.number(),
  xCoordinate: z.number(),
  yCoordinate: z.number(),
});

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
    backgroundImageLink: z.string(),
    capabilities: flags(capabilities),
    colorRgb: z.string(),
    createdTime: z.string(),
    id: z.string(),
    kind,
    /** Name of the drive (the spec's second `name`, `<collection_id>/<drive_id>`, is the same string field). */
    name: z.string(),
    orgUnitId: z.string(),
    restrictions: inner({
      ...flags([...commonRestrictions, membersOnly]).shape,
      downloadRestriction: DownloadRestriction,
    }),
    /** Deprecated. */
    root: inner({}),
    themeId: z.string(),
    /** Deprecated. */
    title: z.string(),
  } as const;
}

const sharedDriveShape = { ...driveShape(SHARED_DRIVE_CAPABILITIES, 'driveMembersOnly'), hidden: z.boolean() } as const;
/** `drive#drive`: a shared drive. */
export const SharedDrive = resourceSchema(sharedDriveShape);
export type SharedDrive = z.output<typeof SharedDrive>;
export const SharedDriveInput = requestSchema(sharedDriveShape);
export type SharedDriveInput = z.input<typeof SharedDriveInput>;

/** `drive#driveList`. */
export const SharedDriveList = resourceSchema({ drives: z.array(SharedDrive), kind, nextPageToken: z.string() });
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

const teamDriveShape = driveShape(TEAM_DRIVE_CAPABILITIES, 'teamMembersOnly');
/** `drive#teamDrive`: the legacy form of a shared drive. */
export const TeamDrive = resourceSchema(teamDriveShape);
export type TeamDrive = z.output<typeof TeamDrive>;
export const TeamDriveInput = requestSchema(teamDriveShape);
export type TeamDriveInput = z.input<typeof TeamDriveInput>;

/** `drive#teamDriveList`. */
export const TeamDriveList = resourceSchema({ kind, nextPageToken: z.string(), teamDrives: z.array(TeamDrive) });
export type TeamDriveList = z.output<typeof TeamDriveList>;

// ---------------------------------------------------------------- Changes

/** `drive#change`: one entry of the changes feed. */
export const DriveChange = resourceSchema({
  /** `file` or `drive`. */
  changeType: z.string(),
  drive: SharedDrive,
  driveId: z.string(),
  file: DriveFile,
  fileId: z.string(),
  kind,
  /** The file or drive was removed from this list (deleted, or access lost). */
  removed: z.boolean(),
  teamDrive: TeamDrive,
  teamDriveId: z.string(),
  time: z.string(),
  /** Deprecated, use changeType. */
  type: z.string(),
});
export type DriveChange = z.output<typeof DriveChange>;

/** `drive#changeList`: nextPageToken while more pages exist, newStartPageToken on the last page. */
export const DriveChangeList = resourceSchema({
  changes: z.array(DriveChange),
  kind,
  newStartPageToken: z.string(),
  nextPageToken: z.string(),
});
export type DriveChangeList = z.output<typeof DriveChangeList>;

/** `drive#startPageToken`. */
export const DriveStartPageToken = resourceSchema({ kind, startPageToken: z.string() });
export type DriveStartPageToken = z.output<typeof DriveStartPageToken>;

// ---------------------------------------------------------------- About

const DriveTheme = inner({ backgroundImageLink: z.string(), colorRgb: z.string(), id: z.string() });

/** `drive#about`: the user, their storage quota and the system's capabilities. */
export const DriveAbout = resourceSchema({
  appInstalled: z.boolean(),
  canCreateDrives: z.boolean(),
  canCreateTeamDrives: z.boolean(),
  driveThemes: z.array(DriveTheme),
  exportFormats: z.record(z.string(), z.array(z.string())),
  folderColorPalette: z.array(z.string()),
  importFormats: z.record(z.string(), z.array(z.string())),
  kind,
  maxImportSizes: z.record(z.string(), int64),
  maxUploadSize: int64,
  storageQuota: inner({ limit: int64, usage: int64, usageInDrive: int64, usageInDriveTrash: int64 }),
  teamDriveThemes: z.array(DriveTheme),
  user: DriveUser,
});
export type DriveAbout = z.output<typeof DriveAbout>;
