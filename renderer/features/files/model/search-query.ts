import { folderMimeType, quoteQueryValue } from '../drive-file';

export type TypeFilter =
  'folder' | 'document' | 'spreadsheet' | 'presentation' | 'pdf' | 'image' | 'video' | 'audio' | 'archive';
export type OwnerFilter = { kind: 'me' } | { kind: 'notMe' } | { kind: 'person'; email: string };
export type ModifiedFilter =
  | { kind: 'today' }
  | { kind: 'days'; days: 7 | 30 }
  | { kind: 'thisYear' }
  | { kind: 'range'; after?: string; before?: string };

/** What the search box and its filter chips ask for. */
export interface SearchFilters {
  text: string;
  type?: TypeFilter;
  owner?: OwnerFilter;
  modified?: ModifiedFilter;
  starred?: boolean;
}

export const typeFilterLabels: Record<TypeFilter, string> = {
  folder: 'Folders',
  document: 'Documents',
  spreadsheet: 'Spreadsheets',
  presentation: 'Presentations',
  pdf: 'PDFs',
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  archive: 'Archives',
};

const q = quoteQueryValue;

function anyOf(terms: string[]): string {
  return terms.length === 1 ? terms[0]! : `(${terms.join(' or ')})`;
}

const typeTerms: Record<TypeFilter, string> = {
  folder: `mimeType = ${q(folderMimeType)}`,
  document: anyOf([
    `mimeType = ${q('application/vnd.google-apps.document')}`,
    `mimeType = ${q('application/vnd.openxmlformats-officedocument.wordprocessingml.document')}`,
    `mimeType = ${q('application/msword')}`,
    `mimeType = ${q('text/plain')}`,
  ]),
  spreadsheet: anyOf([
    `mimeType = ${q('application/vnd.google-apps.spreadsheet')}`,
    `mimeType = ${q('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')}`,
    `mimeType = ${q('text/csv')}`,
  ]),
  presentation: anyOf([
    `mimeType = ${q('application/vnd.google-apps.presentation')}`,
    `mimeType = ${q('application/vnd.openxmlformats-officedocument.presentationml.presentation')}`,
  ]),
  pdf: `mimeType = ${q('application/pdf')}`,
  image: `mimeType contains ${q('image/')}`,
  video: `mimeType contains ${q('video/')}`,
  audio: `mimeType contains ${q('audio/')}`,
  archive: anyOf([
    `mimeType = ${q('application/zip')}`,
    `mimeType = ${q('application/x-tar')}`,
    `mimeType = ${q('application/gzip')}`,
    `mimeType = ${q('application/x-7z-compressed')}`,
  ]),
};

/** An instant in RFC 3339 without fractions of a second, the form Drive's examples use. */
function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Local midnight of a `YYYY-MM-DD` date, as an RFC 3339 instant. */
function startOfLocalDay(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? null : rfc3339(day);
}

function nextLocalDay(date: string): string | null {
  const start = startOfLocalDay(date);
  if (!start) return null;
  const day = new Date(start);
  day.setDate(day.getDate() + 1);
  return rfc3339(day);
}

function modifiedTerms(filter: ModifiedFilter, now: Date): string[] {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  switch (filter.kind) {
    case 'today':
      return [`modifiedTime >= ${q(rfc3339(midnight))}`];
    case 'days': {
      const since = new Date(midnight);
      since.setDate(since.getDate() - filter.days);
      return [`modifiedTime >= ${q(rfc3339(since))}`];
    }
    case 'thisYear':
      return [`modifiedTime >= ${q(rfc3339(new Date(now.getFullYear(), 0, 1)))}`];
    case 'range': {
      const terms: string[] = [];
      const after = filter.after ? startOfLocalDay(filter.after) : null;
      const before = filter.before ? nextLocalDay(filter.before) : null;
      if (after) terms.push(`modifiedTime >= ${q(after)}`);
      if (before) terms.push(`modifiedTime < ${q(before)}`);
      return terms;
    }
  }
}

/**
 * Drive `q` for a search: every filter is one term, joined with `and`, trashed items left out. The
 * text matches a name or the content (`fullText`).
 * Values are quoted with quotes and backslashes escaped, so any text is searched as typed.
 */
export function buildSearchQuery(filters: SearchFilters, context: { myEmail: string; now?: Date }): string {
  const terms: string[] = [];
  const text = filters.text.trim();
  // Drive's search box matches names and what is inside files (text, documents, spreadsheets).
  if (text) terms.push(`(name contains ${q(text)} or fullText contains ${q(text)})`);
  if (filters.type) terms.push(typeTerms[filters.type]);
  if (filters.owner) {
    if (filters.owner.kind === 'me') terms.push(`${q(context.myEmail)} in owners`);
    else if (filters.owner.kind === 'notMe') terms.push(`not ${q(context.myEmail)} in owners`);
    else if (filters.owner.email.trim()) terms.push(`${q(filters.owner.email.trim())} in owners`);
  }
  if (filters.modified) terms.push(...modifiedTerms(filters.modified, context.now ?? new Date()));
  if (filters.starred) terms.push('starred = true');
  terms.push('trashed = false');
  return terms.join(' and ');
}

/** Whether the filters ask for anything at all (an empty search shows nothing to run). */
export function hasSearch(filters: SearchFilters): boolean {
  return Boolean(filters.text.trim() || filters.type || filters.owner || filters.modified || filters.starred);
}

export function describeModified(filter: ModifiedFilter): string {
  switch (filter.kind) {
    case 'today':
      return 'Today';
    case 'days':
      return `Last ${filter.days} days`;
    case 'thisYear':
      return 'This year';
    case 'range':
      return (
        [filter.after ? `after ${filter.after}` : '', filter.before ? `before ${filter.before}` : '']
          .filter(Boolean)
          .join(', ') || 'Any time'
      );
  }
}

export function describeOwner(filter: OwnerFilter): string {
  return filter.kind === 'me' ? 'Owned by me' : filter.kind === 'notMe' ? 'Not owned by me' : `Owner: ${filter.email}`;
}
