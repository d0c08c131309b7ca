import type { DriveFile } from '../../../shared/api/schemas/drive';

/** A Drive v3 `drive#file` as the file manager reads it (the shared schema's answer type). */
export type { DriveFile };

/** A listed file: one with an id. */
export type DriveItem = DriveFile & { id: string };

export function hasId<T extends { id?: string }>(file: T): file is T & { id: string } {
  return typeof file.id === 'string' && file.id !== '';
}

export const folderMimeType = 'application/vnd.google-apps.folder';

const capabilityFields =
  'capabilities(canAddChildren,canComment,canCopy,canDelete,canDownload,canEdit,canModifyContent,canMoveItemWithinDrive,canReadRevisions,canRename,canShare,canTrash,canUntrash)';

/** Fields of one file as the listings and the details panel show it. */
export const fileFields = [
  'id',
  'name',
  'mimeType',
  'modifiedTime',
  'createdTime',
  'size',
  'quotaBytesUsed',
  'owners(displayName,emailAddress,me,permissionId)',
  'lastModifyingUser(displayName,emailAddress,me)',
  'parents',
  'starred',
  'trashed',
  'shared',
  'hasAugmentedPermissions',
  'folderColorRgb',
  'hasThumbnail',
  'thumbnailLink',
  'driveId',
  'webViewLink',
  'description',
  'headRevisionId',
  capabilityFields,
].join(',');

/**
 * Fields of each entry of a listing: what a row, a tile and the actions on a selection read. The
 * details panel reads the rest for the one file it shows; keeping pages small keeps scrolling smooth.
 */
export const listEntryFields = [
  'id',
  'name',
  'mimeType',
  'modifiedTime',
  'size',
  'owners(displayName,emailAddress,me)',
  'parents',
  'starred',
  'trashed',
  'trashedTime',
  'shared',
  'hasAugmentedPermissions',
  'folderColorRgb',
  'driveId',
  'hasThumbnail',
  'thumbnailVersion',
].join(',');

export const listFields = `nextPageToken,files(${listEntryFields})`;

/**
 * Whether anyone besides its owner can open the item. Drive leaves `shared` unset in shared drives,
 * where the members always can; there an item counts as shared when it is also shared on its own.
 */
export function isSharedItem(file: DriveFile): boolean {
  return file.shared === true || file.hasAugmentedPermissions === true;
}

export function isFolder(file: DriveFile): boolean {
  return file.mimeType === folderMimeType;
}

/** Google-native documents have no bytes of their own: they are exported to download. */
export function isGoogleNative(file: DriveFile): boolean {
  return (file.mimeType ?? '').startsWith('application/vnd.google-apps.') && !isFolder(file);
}

/** Quotes a value for a Drive `q` string literal: backslash and single quote are escaped. */
export function quoteQueryValue(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Reads back a literal written by `quoteQueryValue` (the inverse, for ids found in a q). */
export function unquoteQueryValue(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** Folders first, then by name as people read it (case-insensitive, numbers in order). */
export function sortForDisplay<T extends DriveFile>(files: readonly T[]): T[] {
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
  return [...files].sort(
    (a, b) => Number(isFolder(b)) - Number(isFolder(a)) || collator.compare(a.name ?? '', b.name ?? ''),
  );
}

/** Drive's folder color palette (an unsupported color is replaced by the closest of these). */
export const folderColors: readonly { rgb: string; name: string }[] = [
  { rgb: '#8f8f8f', name: 'Gray' },
  { rgb: '#ac725e', name: 'Chocolate' },
  { rgb: '#d06b64', name: 'Old brick red' },
  { rgb: '#f83a22', name: 'Cardinal' },
  { rgb: '#fa573c', name: 'Wild strawberry' },
  { rgb: '#ff7537', name: 'Mars orange' },
  { rgb: '#ffad46', name: 'Yellow cab' },
  { rgb: '#42d692', name: 'Spearmint' },
  { rgb: '#16a765', name: 'Vern fern' },
  { rgb: '#7bd148', name: 'Asparagus' },
  { rgb: '#b3dc6c', name: 'Slime green' },
  { rgb: '#fbe983', name: 'Desert sand' },
  { rgb: '#fad165', name: 'Macaroni' },
  { rgb: '#92e1c0', name: 'Sea foam' },
  { rgb: '#9fe1e7', name: 'Pool' },
  { rgb: '#9fc6e7', name: 'Denim' },
  { rgb: '#4986e7', name: 'Rainy sky' },
  { rgb: '#9a9cff', name: 'Blue velvet' },
  { rgb: '#b99aff', name: 'Purple dino' },
  { rgb: '#cabdbf', name: 'Mountain gray' },
  { rgb: '#cca6ac', name: 'Earthworm' },
  { rgb: '#f691b2', name: 'Bubble gum' },
  { rgb: '#cd74e6', name: 'Purple rain' },
  { rgb: '#a47ae2', name: 'Toy eggplant' },
];
