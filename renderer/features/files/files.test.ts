import { describe, expect, it } from 'vitest';
import { describeActivityEntry } from './details/activity';
import { folderMimeType, quoteQueryValue, sortForDisplay, unquoteQueryValue } from './drive-file';
import { fileKind, fileKindLabel, formatFileSize, formatModified, formatOwner } from './file-format';

describe('quoteQueryValue', () => {
  it('escapes quotes and backslashes, and unquoteQueryValue reads it back', () => {
    expect(quoteQueryValue("a'b\\c")).toBe("'a\\'b\\\\c'");
    for (const value of ["it's", 'back\\slash', "\\'", 'plain', ''])
      expect(unquoteQueryValue(quoteQueryValue(value))).toBe(value);
  });
});

describe('sortForDisplay', () => {
  it('puts folders first and orders names naturally, case-insensitively', () => {
    const sorted = sortForDisplay([
      { name: 'b.txt', mimeType: 'text/plain' },
      { name: 'Zeta', mimeType: folderMimeType },
      { name: 'file10.txt', mimeType: 'text/plain' },
      { name: 'alpha', mimeType: folderMimeType },
      { name: 'file2.txt', mimeType: 'text/plain' },
      { name: 'A.txt', mimeType: 'text/plain' },
    ]);
    expect(sorted.map((f) => f.name)).toEqual(['alpha', 'Zeta', 'A.txt', 'b.txt', 'file2.txt', 'file10.txt']);
  });
});

describe('formatFileSize', () => {
  it('formats bytes in binary units', () => {
    expect(formatFileSize('0')).toBe('0 B');
    expect(formatFileSize('1023')).toBe('1023 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(String(10 * 1024 * 1024))).toBe('10 MB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5 GB');
  });

  it('shows a dash for missing or invalid sizes', () => {
    expect(formatFileSize(undefined)).toBe('—');
    expect(formatFileSize('')).toBe('—');
    expect(formatFileSize('abc')).toBe('—');
  });
});

describe('formatModified', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it('shows a time for today, a day this year, a full date otherwise', () => {
    expect(formatModified(new Date(2026, 10, 24, 9, 5).toISOString(), now, 'en-US')).toMatch(/^9:05\sAM$/);
    expect(formatModified(new Date(2026, 2, 3).toISOString(), now, 'en-US')).toBe('Mar 3');
    expect(formatModified(new Date(2024, 2, 3).toISOString(), now, 'en-US')).toBe('Mar 3, 2024');
    expect(formatModified('not a date', now)).toBe('—');
    expect(formatModified(undefined, now)).toBe('—');
  });
});

describe('formatOwner', () => {
  it('says me for the user’s own files, else the owner’s name or email', () => {
    expect(formatOwner({ owners: [{ displayName: 'Me', me: true }] })).toBe('me');
    expect(formatOwner({ owners: [{ displayName: 'Bob' }] })).toBe('Bob');
    expect(formatOwner({ owners: [{ emailAddress: 'bob@atrium.local' }] })).toBe('bob@atrium.local');
    expect(formatOwner({})).toBe('—');
  });
});

describe('fileKind', () => {
  it('recognises folders, Google and common formats', () => {
    expect(fileKind(folderMimeType)).toBe('folder');
    expect(fileKind('application/vnd.google-apps.document')).toBe('document');
    expect(fileKind('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('spreadsheet');
    expect(fileKind('image/png')).toBe('image');
    expect(fileKind('application/pdf')).toBe('pdf');
    expect(fileKind('application/zip')).toBe('archive');
    expect(fileKind('text/plain')).toBe('text');
    expect(fileKind('application/octet-stream')).toBe('file');
    expect(fileKindLabel(undefined)).toBe('File');
  });
});

describe('describeActivityEntry', () => {
  const at = { id: 'e', time: '2026-01-01T10:00:00Z' };
  it('says what happened, with names, folders and roles as the share dialog calls them', () => {
    expect(describeActivityEntry({ ...at, kind: 'renamed', from: 'Draft.txt', to: 'Report.txt' })).toBe(
      'Renamed from “Draft.txt” to “Report.txt”',
    );
    expect(describeActivityEntry({ ...at, kind: 'moved', from: 'Inbox', to: 'Projects' })).toBe(
      'Moved from Inbox to Projects',
    );
    expect(describeActivityEntry({ ...at, kind: 'moved', to: 'Projects' })).toBe('Added to Projects');
    expect(describeActivityEntry({ ...at, kind: 'shared', subject: 'bob@example.com', to: 'reader' })).toBe(
      'Shared with bob@example.com as Viewer',
    );
    expect(
      describeActivityEntry({ ...at, kind: 'roleChanged', subject: 'bob@example.com', from: 'reader', to: 'writer' }),
    ).toBe('Changed bob@example.com from Viewer to Editor');
    expect(describeActivityEntry({ ...at, kind: 'linkShared', to: 'reader' })).toBe(
      'Link sharing turned on: anyone with the link can view',
    );
    expect(describeActivityEntry({ ...at, kind: 'linkChanged', from: 'reader', to: 'commenter' })).toBe(
      'Link sharing changed: anyone with the link can comment (was view)',
    );
    expect(describeActivityEntry({ ...at, kind: 'commented', subject: 'Are   these\nfinal?' })).toBe(
      'Commented: “Are these final?”',
    );
    expect(describeActivityEntry({ ...at, kind: 'commented', subject: 'x'.repeat(200) })).toHaveLength(
      'Commented: “”'.length + 80,
    );
  });
});
