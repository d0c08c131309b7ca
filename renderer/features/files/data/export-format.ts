/**
 * Which format a Google-native document downloads as: the first of the formats a person expects
 * (Office, then PDF) that the account's service offers for that kind (`about.exportFormats`), else the
 * first it offers. Google offers Office formats; the local service offers text, HTML, CSV and PDF.
 */

export interface ExportFormat {
  mimeType: string;
  extension: string;
}

const preferred: Record<string, readonly string[]> = {
  'application/vnd.google-apps.document': [
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/pdf',
  ],
  'application/vnd.google-apps.spreadsheet': [
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'text/csv',
    'application/pdf',
  ],
  'application/vnd.google-apps.presentation': [
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/pdf',
  ],
  'application/vnd.google-apps.drawing': ['image/png', 'image/svg+xml', 'application/pdf'],
};

/** File name extensions of the formats Drive exports to. */
const extensions: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/x-vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/pdf': 'pdf',
  'application/rtf': 'rtf',
  'application/epub+zip': 'epub',
  'application/zip': 'zip',
  'application/vnd.google-apps.script+json': 'json',
  'text/plain': 'txt',
  'text/html': 'html',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/tab-separated-values': 'tsv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

function formatOf(mimeType: string): ExportFormat {
  return { mimeType, extension: extensions[mimeType] ?? mimeType.split('/').pop()?.split('+')[0] ?? 'bin' };
}

/** The format to export a document of `documentType` as, or null when the service offers none. */
export function chooseExportFormat(
  documentType: string,
  offered: Readonly<Record<string, readonly string[] | undefined>> | undefined,
): ExportFormat | null {
  const available = offered?.[documentType] ?? [];
  const choice = (preferred[documentType] ?? []).find((mimeType) => available.includes(mimeType)) ?? available[0];
  return choice ? formatOf(choice) : null;
}
