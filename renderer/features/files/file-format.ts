import { folderMimeType, type DriveFile } from './drive-file';
import { dateTimeFormat } from '../../lib/intl-format';

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** "1.5 MB"-style size; an em dash for folders and Google-native files, which have no size. */
export function formatFileSize(size: string | number | null | undefined): string {
  if (size === null || size === undefined || size === '') return '—';
  let value = typeof size === 'number' ? size : Number(size);
  if (!Number.isFinite(value) || value < 0) return '—';
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${units[unit]}`;
}

/** Time today, "Mon D" this year, "Mon D, YYYY" otherwise. */
export function formatModified(
  modifiedTime: string | null | undefined,
  now: Date = new Date(),
  locale?: string,
): string {
  if (!modifiedTime) return '—';
  const date = new Date(modifiedTime);
  if (Number.isNaN(date.getTime())) return '—';
  const sameDay =
    date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  if (sameDay) return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
  const sameYear = date.getFullYear() === now.getFullYear();
  return dateTimeFormat(
    locale,
    sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' },
  ).format(date);
}

export function formatOwner(file: DriveFile): string {
  const owner = file.owners?.[0];
  if (!owner) return '—';
  if (owner.me) return 'me';
  return owner.displayName || owner.emailAddress || '—';
}

export type FileKind =
  | 'folder'
  | 'document'
  | 'spreadsheet'
  | 'presentation'
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'archive'
  | 'text'
  | 'file';

const kindLabels: Record<FileKind, string> = {
  folder: 'Folder',
  document: 'Document',
  spreadsheet: 'Spreadsheet',
  presentation: 'Presentation',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  archive: 'Archive',
  text: 'Text',
  file: 'File',
};

export function fileKind(mimeType: string | null | undefined): FileKind {
  const type = (mimeType ?? '').toLowerCase();
  if (type === folderMimeType) return 'folder';
  if (
    type === 'application/vnd.google-apps.document' ||
    type.includes('wordprocessingml') ||
    type === 'application/msword'
  )
    return 'document';
  if (type === 'application/vnd.google-apps.spreadsheet' || type.includes('spreadsheetml') || type === 'text/csv')
    return 'spreadsheet';
  if (type === 'application/vnd.google-apps.presentation' || type.includes('presentationml')) return 'presentation';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (/zip|tar|gzip|compressed|7z|rar/.test(type)) return 'archive';
  if (type.startsWith('text/') || type === 'application/json') return 'text';
  return 'file';
}

export function fileKindLabel(mimeType: string | null | undefined): string {
  return kindLabels[fileKind(mimeType)];
}
