import { badRequest } from '../../http/api-error';

/** One part's headers (lower-cased names) as sent in a `multipart/related` upload. */
export type PartHeaders = Record<string, string>;

export interface MultipartRelatedUpload {
  readonly metadata: { headers: PartHeaders; body: Buffer };
  readonly media: { headers: PartHeaders; content: AsyncIterable<Buffer> };
  /** Resolves once the closing delimiter was read; rejects if the body ended early. Await after consuming `content`. */
  finished(): Promise<void>;
}

const maxMetadataBytes = 5 * 1024 * 1024;
const maxHeaderBytes = 64 * 1024;
const cr = 0x0d;
const lf = 0x0a;

/**
 * Streaming parser for Drive's `multipart/related` uploads: a JSON metadata part followed by the
 * media part. The metadata is buffered (it is small); the media part is yielded chunk by chunk,
 * holding back only as many bytes as the delimiter is long.
 *
 * It is written here rather than taken from a library because the maintained streaming parsers
 * (busboy, @fastify/busboy, dicer, multipasta, @mjackson/multipart-parser) all look for the
 * delimiter as CRLF + `--boundary` only, while Google's Python client (the `email` package's
 * generator) writes the whole body with bare LF line breaks, and Drive accepts both. The line-break
 * style is taken from the line of the opening boundary and used for every delimiter after it, so a
 * CR at the end of LF-style media stays part of the media.
 */
export async function parseMultipartRelated(
  body: AsyncIterable<Buffer>,
  boundary: string,
): Promise<MultipartRelatedUpload> {
  const reader = new DelimitedReader(body[Symbol.asyncIterator]());
  const dashBoundary = Buffer.from('--' + boundary);

  await reader.skipPastLineStart(dashBoundary);
  const newline = await reader.finishBoundaryLine();
  if (newline === 'close') throw malformed('the body has no parts');
  const delimiter = Buffer.concat([newline, dashBoundary]);

  const metadataHeaders = await readPartHeaders(reader);
  const metadataBody = decodeWhole(metadataHeaders, await reader.readUntil(delimiter, maxMetadataBytes));
  if ((await reader.finishBoundaryLine()) === 'close') throw malformed('the media part is missing');
  const mediaHeaders = await readPartHeaders(reader);
  const encoding = transferEncodingOf(mediaHeaders);

  let done: Promise<void> | undefined;
  const raw = reader.streamUntil(delimiter);
  const content = encoding === 'base64' ? decodeBase64Stream(raw) : raw;
  return {
    metadata: { headers: metadataHeaders, body: metadataBody },
    media: { headers: mediaHeaders, content },
    finished() {
      done ??= (async () => {
        if ((await reader.finishBoundaryLine()) !== 'close') throw malformed('only two parts are expected');
        await reader.drain(); // The epilogue, if any, means nothing.
      })();
      return done;
    },
  };
}

/** Reads header lines up to the blank line that ends them; continuation lines are unfolded. */
async function readPartHeaders(reader: DelimitedReader): Promise<PartHeaders> {
  const headers: PartHeaders = {};
  let last: string | undefined;
  let total = 0;
  for (;;) {
    const line = (await reader.readLine(maxHeaderBytes)).toString('latin1');
    total += line.length;
    if (total > maxHeaderBytes) throw malformed('the part headers are too large');
    if (line === '') return headers;
    if ((line.startsWith(' ') || line.startsWith('\t')) && last !== undefined) {
      headers[last] += ' ' + line.trim();
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed('a part header has no name');
    last = line.slice(0, colon).trim().toLowerCase();
    headers[last] = line.slice(colon + 1).trim();
  }
}

function transferEncodingOf(headers: PartHeaders): 'identity' | 'base64' {
  const encoding = (headers['content-transfer-encoding'] ?? 'binary').toLowerCase();
  if (encoding === 'base64') return 'base64';
  if (encoding === 'binary' || encoding === '8bit' || encoding === '7bit') return 'identity';
  throw malformed(`Content-Transfer-Encoding ${encoding} is not supported`);
}

function decodeWhole(headers: PartHeaders, body: Buffer): Buffer {
  return transferEncodingOf(headers) === 'base64' ? Buffer.from(body.toString('latin1'), 'base64') : body;
}

/** Decodes base64 as it streams, in whole 4-character groups; line breaks and spaces are skipped. */
async function* decodeBase64Stream(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carry = '';
  for await (const chunk of source) {
    const text = carry + chunk.toString('latin1').replace(/[\s]/g, '');
    if (/[^A-Za-z0-9+/=_-]/.test(text)) throw malformed('the base64 media part holds other characters');
    const whole = text.length - (text.length % 4);
    carry = text.slice(whole);
    if (whole > 0) yield Buffer.from(text.slice(0, whole), 'base64');
  }
  if (carry.length > 0) yield Buffer.from(carry, 'base64');
}

function malformed(why: string) {
  return badRequest('badContent', `Malformed multipart body: ${why}.`);
}

class DelimitedReader {
  private buffer: Buffer = Buffer.alloc(0);
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** The next chunk of the body as it came, or undefined at its end. */
  private async next(): Promise<Buffer | undefined> {
    if (this.ended) return undefined;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return undefined;
    }
    return Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value as Uint8Array);
  }

  /** Appends the next chunk to what is buffered (for the small parts read whole). */
  private async pull(): Promise<boolean> {
    const chunk = await this.next();
    if (!chunk) return false;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /** Skips the preamble up to and past `pattern` found at the start of the body or of a line. */
  async skipPastLineStart(pattern: Buffer): Promise<void> {
    let lineStart = true;
    for (;;) {
      let from = 0;
      for (;;) {
        const at = this.buffer.indexOf(pattern, from);
        if (at < 0) break;
        if ((at === 0 && lineStart) || (at > 0 && this.buffer[at - 1] === lf)) {
          this.buffer = this.buffer.subarray(at + pattern.length);
          return;
        }
        from = at + 1;
      }
      if (this.buffer.length >= pattern.length) {
        const keep = this.buffer.length - pattern.length;
        if (keep > 0) {
          lineStart = this.buffer[keep - 1] === lf;
          this.buffer = this.buffer.subarray(keep);
        }
      }
      if (!(await this.pull())) throw malformed('the boundary never appears');
    }
  }

  /**
   * Reads what follows a boundary up to the end of its line: `--` for the closing one, else the
   * line break that ends it (LF or CRLF), after optional transport padding (spaces and tabs).
   */
  async finishBoundaryLine(): Promise<Buffer | 'close'> {
    for (;;) {
      if (this.buffer.length >= 1 && this.buffer[0] === 0x2d) {
        if (this.buffer.length >= 2) {
          if (this.buffer[1] !== 0x2d) throw malformed('unexpected bytes after a boundary');
          this.buffer = this.buffer.subarray(2);
          return 'close';
        }
      } else {
        let i = 0;
        while (i < this.buffer.length && (this.buffer[i] === 0x20 || this.buffer[i] === 0x09)) i++;
        if (i > 1024) throw malformed('unexpected bytes after a boundary');
        if (i < this.buffer.length) {
          if (this.buffer[i] === lf) {
            this.buffer = this.buffer.subarray(i + 1);
            return Buffer.from('\n');
          }
          if (this.buffer[i] !== cr) throw malformed('unexpected bytes after a boundary');
          if (i + 1 < this.buffer.length) {
            if (this.buffer[i + 1] !== lf) throw malformed('unexpected bytes after a boundary');
            this.buffer = this.buffer.subarray(i + 2);
            return Buffer.from('\r\n');
          }
        }
      }
      if (!(await this.pull())) throw malformed('the body ends early');
    }
  }

  /** One line without its line break (LF, or CRLF). */
  async readLine(max: number): Promise<Buffer> {
    const line = await this.readUntil(Buffer.from('\n'), max);
    return line.length > 0 && line[line.length - 1] === cr ? line.subarray(0, -1) : line;
  }

  async readUntil(pattern: Buffer, max: number): Promise<Buffer> {
    let from = 0;
    for (;;) {
      const at = this.buffer.indexOf(pattern, from);
      if (at >= 0) {
        const found = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + pattern.length);
        return found;
      }
      if (this.buffer.length > max) throw malformed('a part is too large');
      from = Math.max(0, this.buffer.length - pattern.length + 1);
      if (!(await this.pull())) throw malformed('the body ends inside a part');
    }
  }

  /** Reads and discards the rest of the body. */
  async drain(): Promise<void> {
    this.buffer = Buffer.alloc(0);
    while (await this.next());
  }

  /**
   * Yields the body up to `pattern` without copying it: only the few bytes at the end of a chunk that
   * could begin the delimiter are held back, and joined with the start of the next chunk to look for
   * a delimiter across the seam.
   */
  async *streamUntil(pattern: Buffer): AsyncGenerator<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(pattern);
      if (at >= 0) {
        if (at > 0) yield this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + pattern.length);
        return;
      }
      const safe = this.buffer.length - Math.min(this.buffer.length, pattern.length - 1);
      if (safe > 0) {
        const out = this.buffer.subarray(0, safe);
        this.buffer = this.buffer.subarray(safe);
        yield out;
      }
      const chunk = await this.next();
      if (!chunk) throw malformed('the body ends inside the media part');
      if (chunk.length < pattern.length - 1) {
        // A chunk too short to finish a delimiter begun in the held-back bytes: join them (few bytes).
        this.buffer = Buffer.concat([this.buffer, chunk]);
        continue;
      }
      if (this.buffer.length > 0) {
        // Any delimiter here starts in the held-back bytes (the chunk's part is shorter than it).
        const seam = Buffer.concat([this.buffer, chunk.subarray(0, pattern.length - 1)]);
        const found = seam.indexOf(pattern);
        if (found >= 0) {
          if (found > 0) yield this.buffer.subarray(0, found);
          this.buffer = chunk.subarray(found + pattern.length - this.buffer.length);
          return;
        }
        yield this.buffer;
      }
      this.buffer = chunk;
    }
  }
}
