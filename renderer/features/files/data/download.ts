import { callApi } from '../../../lib/api';
import { isGoogleNative, type DriveFileEntry } from '../drive-file';

/** A non-JSON answer (`alt=media`, exports) as the core carries it over IPC. */
interface MediaContent {
  contentType: string;
  contentBase64: string;
}

function isMediaContent(value: unknown): value is MediaContent {
  return typeof value === 'object' && value !== null && typeof (value as MediaContent).contentBase64 === 'string';
}

/** Google-native documents download as the matching Office format (or PDF). */
const exportFormats: Record<string, { mimeType: string; extension: string }> = {
  'application/vnd.google-apps.document': {
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  },
  'application/vnd.google-apps.spreadsheet': {
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
  },
  'application/vnd.google-apps.presentation': {
    mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
  },
  'application/vnd.google-apps.drawing': { mimeType: 'image/png', extension: 'png' },
};
const pdfExport = { mimeType: 'application/pdf', extension: 'pdf' };

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Hands content to the host as a download: the browser saves it to its downloads, Electron asks
 * where to save it with the system's save dialog.
 */
function saveContent(name: string, media: MediaContent): void {
  const blob = new Blob([decodeBase64(media.contentBase64)], { type: media.contentType || 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy by the next turn; give slow hosts a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadFile(file: DriveFileEntry & { id: string }): Promise<void> {
  const name = file.name || 'download';
  if (isGoogleNative(file)) {
    const format = exportFormats[file.mimeType ?? ''] ?? pdfExport;
    const media = await callApi('DriveFilesExport', { fileId: file.id, mimeType: format.mimeType });
    if (!isMediaContent(media)) throw new Error('The export answered no content.');
    saveContent(`${name}.${format.extension}`, media);
    return;
  }
  const media: unknown = await callApi('DriveFilesGet', { fileId: file.id, alt: 'media', supportsAllDrives: true });
  if (!isMediaContent(media)) throw new Error('The download answered no content.');
  saveContent(name, media);
}

export async function downloadRevision(
  file: DriveFileEntry & { id: string },
  revision: { id: string; originalFilename?: string | null },
): Promise<void> {
  const media: unknown = await callApi('DriveRevisionsGet', { fileId: file.id, revisionId: revision.id, alt: 'media' });
  if (!isMediaContent(media)) throw new Error('The revision answered no content.');
  saveContent(revision.originalFilename || file.name || 'revision', media);
}
