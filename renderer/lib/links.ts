/** A run of plain text, or a web address to show as a link to `href`. */
export interface TextPart {
  text: string;
  href?: string;
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
  const trimmed = text.trim();
  const parts = linkParts(trimmed);
  if (trimmed.length <= length) return parts;
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
