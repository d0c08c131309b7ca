import { nativeDocumentTypes } from '../domain/mime';

/** Drive refuses to export documents larger than this. */
export const exportSizeLimit = 10 * 1024 * 1024;

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#?\w+);/g, (m, name: string) => (Object.hasOwn(entities, name) ? entities[name]! : m))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textToHtml(text: string, title: string): string {
  const paragraphs = text
    .split(/\n/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('\n');
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>\n${paragraphs}\n</body></html>\n`;
}

/** Splits one CSV line, honouring quotes. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && csv[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A minimal PDF (Helvetica, one text line per source line, 50 lines per page). */
export function textToPdf(text: string): Buffer {
  const lines = text.split(/\r?\n/).map((l) => l.replace(/[^\x20-\x7e\xa0-\xff]/g, '?'));
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += 50) pages.push(lines.slice(i, i + 50));
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  pages.forEach((pageLines, i) => {
    const pageId = pageIds[i]!;
    const body = pageLines.map((l) => `(${l.replace(/[\\()]/g, (c) => '\\' + c)}) Tj T*`).join('\n');
    const stream = `BT /F1 11 Tf 14 TL 56 780 Td\n${body}\nET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Converts a native document's stored content (what it was imported from) to an export format. */
export function exportDocument(
  source: string,
  sourceType: string,
  nativeType: string,
  target: string,
  title: string,
): Buffer {
  const isHtml = sourceType === 'text/html';
  const asText = () => (isHtml ? htmlToText(source) : source);
  if (nativeType === nativeDocumentTypes.spreadsheet) {
    const rows = csvRows(sourceType === 'text/tab-separated-values' ? source.replace(/\t/g, ',') : source);
    switch (target) {
      case 'text/csv':
        return Buffer.from(source);
      case 'text/tab-separated-values':
        return Buffer.from(rows.map((r) => r.join('\t')).join('\n') + '\n');
      case 'text/html':
        return Buffer.from(
          `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><table>\n` +
            rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('\n') +
            '\n</table></body></html>\n',
        );
      default:
        return textToPdf(rows.map((r) => r.join('  ')).join('\n'));
    }
  }
  switch (target) {
    case 'text/plain':
    case 'text/markdown':
      return Buffer.from(asText());
    case 'text/html':
      return Buffer.from(isHtml ? source : textToHtml(source, title));
    default:
      return textToPdf(asText());
  }
}
