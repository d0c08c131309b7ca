/**
 * A value that is already JSON text, spliced into a response as is. A handler that keeps
 * serialized resources (e.g. one text per stored event) answers a page of them without parsing
 * and re-serializing each: `{ kind, items: rows.map((r) => new RawJson(r.json)) }`.
 * The text must be one complete JSON value; it is not checked on the hot path.
 */
export class RawJson {
  constructor(readonly text: string) {}

  /** Inside `toJsonText`: a placeholder to splice; anywhere else (plain JSON.stringify): the parsed value. */
  toJSON(): unknown {
    if (collecting === null) return JSON.parse(this.text);
    if (collectingNonce === '') collectingNonce = nextNonce();
    collecting.push(this.text);
    return `\u0000${collectingNonce}:${collecting.length - 1}`;
  }
}

let collecting: string[] | null = null;
/** Made when the first RawJson is met: most answers hold none and need no nonce. */
let collectingNonce = '';
let serial = 0;

const nextNonce = (): string =>
  `${(serial = (serial + 1) % 0x7fffffff).toString(36)}.${Math.random().toString(36).slice(2, 10)}`;

/**
 * JSON.stringify that splices RawJson texts in place. Placeholders carry a per-call nonce, so a
 * string in the data that happens to look like one is left alone.
 */
export function toJsonText(value: unknown, pretty = false): string {
  // Pretty printing (rare) indents kept texts too: they are parsed again (toJSON outside collection).
  if (pretty) return JSON.stringify(value, null, 2);
  // A resource kept as JSON text (a cached event) is the answer as it is.
  if (value instanceof RawJson) return value.text;
  const outer = collecting;
  const outerNonce = collectingNonce;
  const raws: string[] = [];
  collecting = raws;
  collectingNonce = '';
  try {
    const text = JSON.stringify(value);
    if (raws.length === 0) return text;
    // JSON.stringify writes the NUL of the placeholder as the six characters \u0000.
    const placeholder = new RegExp(`"\\\\u0000${collectingNonce.replace('.', '\\.')}:(\\d+)"`, 'g');
    return text.replace(placeholder, (_match, index: string) => raws[Number(index)]!);
  } finally {
    collecting = outer;
    collectingNonce = outerNonce;
  }
}
