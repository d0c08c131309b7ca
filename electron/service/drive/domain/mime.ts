import { lookup } from 'mime-types';

export const folderMimeType = 'application/vnd.google-apps.folder';
export const googleAppsPrefix = 'application/vnd.google-apps.';

/** Native editor documents: stored as imported content, exported to other formats, no size or md5. */
export const nativeDocumentTypes = {
  document: 'application/vnd.google-apps.document',
  spreadsheet: 'application/vnd.google-apps.spreadsheet',
  presentation: 'application/vnd.google-apps.presentation',
  drawing: 'application/vnd.google-apps.drawing',
} as const;

const nativeTypes = new Set<string>(Object.values(nativeDocumentTypes));

export function isNativeDocument(mimeType: string): boolean {
  return nativeTypes.has(mimeType);
}

/** Google Apps types other than native documents (folders, shortcuts, forms...) carry no content. */
export function isGoogleAppsType(mimeType: string): boolean {
  return mimeType.startsWith(googleAppsPrefix);
}

/** Binary content: anything that is not a Google Apps type. */
export function hasBinaryContent(mimeType: string): boolean {
  return !isGoogleAppsType(mimeType);
}

/** Formats each native type exports to (what this service can produce). */
export const exportFormats: Record<string, readonly string[]> = {
  [nativeDocumentTypes.document]: ['text/plain', 'text/html', 'application/pdf', 'text/markdown'],
  [nativeDocumentTypes.spreadsheet]: ['text/csv', 'text/tab-separated-values', 'text/html', 'application/pdf'],
  [nativeDocumentTypes.presentation]: ['text/plain', 'application/pdf'],
  [nativeDocumentTypes.drawing]: ['application/pdf'],
};

/** Content types a native type can be imported from. */
export const importFormats: Record<string, readonly string[]> = {
  [nativeDocumentTypes.document]: [
    'text/plain',
    'text/html',
    'text/markdown',
    'application/rtf',
    'application/octet-stream',
  ],
  [nativeDocumentTypes.spreadsheet]: [
    'text/csv',
    'text/tab-separated-values',
    'text/plain',
    'application/octet-stream',
  ],
  [nativeDocumentTypes.presentation]: ['text/plain', 'application/octet-stream'],
  [nativeDocumentTypes.drawing]: ['image/svg+xml', 'application/octet-stream'],
};

/**
 * fullFileExtension: everything after the first dot of the base name when each part looks like an
 * extension (so `archive.tar.gz` gives `tar.gz`); undefined when the name has none.
 */
export function extensionsOf(name: string): { full: string; last: string } | undefined {
  const parts = name.split('.');
  if (parts.length < 2 || parts[0] === '') return undefined;
  const exts: string[] = [];
  for (let i = parts.length - 1; i >= 1; i--) {
    const part = parts[i]!;
    if (!/^[A-Za-z0-9]{1,10}$/.test(part)) break;
    exts.unshift(part);
    if (exts.length === 2) break;
  }
  if (exts.length === 0) return undefined;
  // A first extension that is not a known type (e.g. `report.final.pdf`) is part of the name.
  if (exts.length === 2 && !lookup(exts[0]!) && !['tar'].includes(exts[0]!.toLowerCase())) exts.shift();
  return { full: exts.join('.'), last: exts[exts.length - 1]! };
}

/** MIME type for a name by extension, if any is known. */
export function mimeTypeForName(name: string): string | undefined {
  const found = lookup(name);
  return found === false ? undefined : found;
}
