import type { JSONContent } from '@tiptap/core';
import { isHtmlDescription } from '../../../lib/links';

/**
 * An event's description between what is stored and the editor's document. Google Calendar keeps a
 * description written in its editor as HTML of a few tags (`<b>`, `<i>`, `<u>`, `<ul>`/`<ol>` of
 * `<li>`, `<a href>`, lines apart by `<br>`), and one written elsewhere as plain text; the editor
 * reads both and writes plain text while nothing in it is formatted, so what other clients show
 * stays readable, and Google's tags once something is.
 */

/** The stored description as HTML for the editor to load: HTML as it is, plain text a paragraph per line. */
export function descriptionToEditorHtml(stored: string): string {
  if (isHtmlDescription(stored)) return stored;
  return stored
    .split(/\r\n|\r|\n/)
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}

/** Addresses a description may link to (what Google Calendar's editor makes links of). */
export function isDescriptionLink(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim()) && URL.canParse(href.trim());
}

type Mark = NonNullable<JSONContent['marks']>[number];

const markTags: Record<string, string> = { bold: 'b', italic: 'i', underline: 'u' };

/**
 * What to store for the editor's document: plain text (a line per paragraph) while nothing in it is
 * formatted — no bold, italic or underline, no list and no link other than an address written out
 * — else HTML as Google Calendar writes it. Empty when the document holds no text.
 */
export function storedDescription(doc: JSONContent): string {
  const blocks = doc.content ?? [];
  if (!blocks.some(formatted)) return trimLines(blocks.map(plainBlock).join('\n'));
  return trimBreaks(htmlBlocks(blocks));
}

function formatted(node: JSONContent): boolean {
  if (node.type === 'bulletList' || node.type === 'orderedList') return true;
  if (node.type === 'text') return (node.marks ?? []).some((mark) => !plainMark(mark, node.text ?? ''));
  return (node.content ?? []).some(formatted);
}

/** A link whose words are its address reads the same as text (an address typed out). */
function plainMark(mark: Mark, text: string): boolean {
  return mark.type === 'link' && String(mark.attrs?.href ?? '') === text;
}

function plainBlock(node: JSONContent): string {
  return (node.content ?? []).map((child) => (child.type === 'hardBreak' ? '\n' : (child.text ?? ''))).join('');
}

/** Paragraphs are lines apart by `<br>`; lists are blocks of their own. */
function htmlBlocks(blocks: readonly JSONContent[]): string {
  let out = '';
  let previous: string | undefined;
  for (const block of blocks) {
    const list = block.type === 'bulletList' || block.type === 'orderedList';
    if (!list && previous === 'paragraph') out += '<br>';
    out += list ? htmlList(block) : htmlInline(block.content ?? []);
    previous = list ? 'list' : 'paragraph';
  }
  return out;
}

function htmlList(list: JSONContent): string {
  const tag = list.type === 'orderedList' ? 'ol' : 'ul';
  const items = (list.content ?? []).map((item) => `<li>${htmlBlocks(item.content ?? [])}</li>`).join('');
  return `<${tag}>${items}</${tag}>`;
}

function htmlInline(nodes: readonly JSONContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'hardBreak') return '<br>';
      let html = escapeText(node.text ?? '');
      // Innermost first, so the first mark is the outermost tag.
      for (const mark of [...(node.marks ?? [])].reverse()) {
        const tag = markTags[mark.type];
        if (tag) html = `<${tag}>${html}</${tag}>`;
        else if (mark.type === 'link') {
          const href = String(mark.attrs?.href ?? '');
          if (isDescriptionLink(href)) html = `<a href="${escapeAttribute(href)}">${html}</a>`;
        }
      }
      return html;
    })
    .join('');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

/** Without empty lines at either end (an editor's empty last paragraph). */
function trimLines(text: string): string {
  return text.replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, '');
}

function trimBreaks(html: string): string {
  return html.replace(/^(?:<br>)+/, '').replace(/(?:<br>)+$/, '');
}
