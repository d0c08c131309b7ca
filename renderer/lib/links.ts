/** A run of plain text, or a web address to show as a link to `href`; in bold, italic or underlined where its markup says so. */
export interface TextPart {
  text: string;
  href?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

type Emphasis = Pick<TextPart, 'bold' | 'italic' | 'underline'>;

const emphasisOfTag: Record<string, keyof Emphasis> = {
  B: 'bold',
  STRONG: 'bold',
  I: 'italic',
  EM: 'italic',
  U: 'underline',
};

function sameEmphasis(a: Emphasis, b: Emphasis): boolean {
  return (
    Boolean(a.bold) === Boolean(b.bold) &&
    Boolean(a.italic) === Boolean(b.italic) &&
    Boolean(a.underline) === Boolean(b.underline)
  );
}

/** An http(s) address as written in text: it runs to the next space, quote or angle bracket. */
const addressPattern = /\bhttps?:\/\/[^\s<>"]+/gi;

/** Marks that end a sentence or close a bracket around an address rather than belong to it. */
const trailing = /[.,;:!?'’”)\]}…]$/;

/** Takes off what the sentence around an address put at its end: "(see https://a.b/c)." → "https://a.b/c". */
function trimAddress(address: string): string {
  let trimmed = address;
  while (trailing.test(trimmed)) {
    const last = trimmed.at(-1);
    // A closing bracket opened inside the address is its own ("…/Mercury_(planet)").
    if (last === ')' && countOf(trimmed, '(') >= countOf(trimmed, ')')) break;
    trimmed = trimmed.slice(0, -1);
  }
  return trimmed;
}

function countOf(text: string, mark: string): number {
  return text.split(mark).length - 1;
}

/**
 * Text with its http(s) addresses apart, so they can be shown as links. Only http and https: any
 * other scheme (javascript:, file:, data:) stays plain text. The parts' texts joined are the text.
 */
export function linkParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(addressPattern)) {
    const address = trimAddress(match[0]);
    if (!URL.canParse(address)) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: address, href: address });
    from = match.index + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}

/**
 * The first `length` characters of a text, in parts, ending in "…" where it was cut. An address cut
 * short still links to the whole address.
 */
export function excerptParts(text: string, length: number): TextPart[] {
  return excerptOfParts(linkParts(text.trim()), length);
}

/** The first `length` characters of text already in parts (see `excerptParts`). */
export function excerptOfParts(parts: readonly TextPart[], length: number): TextPart[] {
  const total = parts.reduce((sum, part) => sum + part.text.length, 0);
  if (total <= length) return [...parts];
  const kept: TextPart[] = [];
  let left = length;
  for (const part of parts) {
    if (part.text.length < left) {
      kept.push(part);
      left -= part.text.length;
      continue;
    }
    kept.push({ ...part, text: `${part.text.slice(0, left).trimEnd()}…` });
    break;
  }
  return kept;
}

/** Tags that mark a description as HTML, as Google Calendar's editor writes it ("<b>Agenda</b><br>…"). */
const htmlTag = /<\/?(?:a|b|br|div|em|i|li|ol|p|span|strong|u|ul)\b[^>]*>/i;
const blockTags = new Set(['P', 'DIV', 'UL', 'OL', 'LI', 'TR', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE']);
const skippedTags = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'HEAD', 'TITLE']);

/**
 * A description as text in parts: its web addresses as links and, when it is HTML (Google Calendar
 * keeps descriptions written in its editor so), its text with the line breaks, list items and links
 * the markup means. The markup is read by the browser's parser into a document that is never shown
 * (nothing in it runs or loads), and only its text and its http(s) links come out: the description
 * can never add elements of its own.
 */
export function descriptionParts(text: string): TextPart[] {
  if (!htmlTag.test(text) || typeof DOMParser === 'undefined') return linkParts(text.trim());
  const body = new DOMParser().parseFromString(text, 'text/html').body;
  const parts: TextPart[] = [];
  let line = '';
  // The emphasis of the text in `line`: a change of it starts a new part.
  let lineEmphasis: Emphasis = {};
  const flush = () => {
    if (line) parts.push(...linkParts(line).map((part) => ({ ...part, ...lineEmphasis })));
    line = '';
  };
  // Line breaks and bullets are the layout's, never part of a bold or italic run.
  const unemphasized = () => {
    if (lineEmphasis.bold || lineEmphasis.italic || lineEmphasis.underline) {
      flush();
      lineEmphasis = {};
    }
  };
  // A block starts and ends on a line of its own; a <br> is a line break wherever it is.
  const newline = () => {
    unemphasized();
    const before = line || parts.at(-1)?.text || '';
    if (before !== '' && !before.endsWith('\n')) line += '\n';
  };
  const walk = (node: Node, listDepth: number, emphasis: Emphasis) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const words = (node.textContent ?? '').replace(/\s+/g, ' ');
      if (words.trim() !== '' && !sameEmphasis(emphasis, lineEmphasis)) {
        flush();
        lineEmphasis = emphasis;
      }
      line += /\n$/.test(line) || (!line && /\n$/.test(parts.at(-1)?.text ?? '\n')) ? words.trimStart() : words;
      return;
    }
    if (!(node instanceof Element) || skippedTags.has(node.tagName)) return;
    if (node.tagName === 'BR') {
      unemphasized();
      line += '\n';
      return;
    }
    const block = blockTags.has(node.tagName);
    if (block) newline();
    if (node.tagName === 'LI') unemphasized();
    if (node.tagName === 'LI') line += `${'  '.repeat(Math.max(0, listDepth - 1))}• `;
    const href = node.tagName === 'A' ? node.getAttribute('href')?.trim() : undefined;
    if (href && /^https?:\/\//i.test(href) && URL.canParse(href)) {
      flush();
      const label = (node.textContent ?? '').replace(/\s+/g, ' ').trim() || href;
      parts.push({ text: label, href, ...emphasis });
      return;
    }
    const depth = node.tagName === 'UL' || node.tagName === 'OL' ? listDepth + 1 : listDepth;
    const mark = emphasisOfTag[node.tagName];
    const inner = mark ? { ...emphasis, [mark]: true } : emphasis;
    node.childNodes.forEach((child) => walk(child, depth, inner));
    if (block) newline();
  };
  body.childNodes.forEach((child) => walk(child, 0, {}));
  flush();
  // Without the white space the markup left at either end.
  const first = parts[0];
  if (first) first.text = first.text.trimStart();
  const last = parts.at(-1);
  if (last) last.text = last.text.trimEnd();
  return parts.filter((part) => part.text !== '');
}

/** Whether a description is HTML (as Google Calendar keeps what its editor wrote) rather than plain text. */
export function isHtmlDescription(text: string): boolean {
  return htmlTag.test(text);
}
