import { describe, expect, it } from 'vitest';
import { chooseExportFormat } from './export-format';

const doc = 'application/vnd.google-apps.document';
const sheet = 'application/vnd.google-apps.spreadsheet';
const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('chooseExportFormat', () => {
  it('takes the Office format where the service offers it', () => {
    expect(chooseExportFormat(doc, { [doc]: ['text/plain', 'application/pdf', docx] })).toEqual({
      mimeType: docx,
      extension: 'docx',
    });
  });

  it('falls back to what the service offers, in the order people expect', () => {
    const local = { [doc]: ['text/plain', 'text/html', 'application/pdf'], [sheet]: ['text/html', 'text/csv'] };
    expect(chooseExportFormat(doc, local)).toEqual({ mimeType: 'application/pdf', extension: 'pdf' });
    expect(chooseExportFormat(sheet, local)).toEqual({ mimeType: 'text/csv', extension: 'csv' });
  });

  it('takes the first offered format of a kind it has no preference for', () => {
    const offered = { 'application/vnd.google-apps.script': ['application/vnd.google-apps.script+json'] };
    expect(chooseExportFormat('application/vnd.google-apps.script', offered)).toEqual({
      mimeType: 'application/vnd.google-apps.script+json',
      extension: 'json',
    });
  });

  it('answers null when the service offers nothing for the kind', () => {
    expect(chooseExportFormat(doc, {})).toBeNull();
    expect(chooseExportFormat(doc, undefined)).toBeNull();
  });
});
