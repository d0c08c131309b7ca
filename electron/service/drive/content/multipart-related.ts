import { badRequest } from '../../http/api-error';

/** One part's headers (lower-cased names) as sent in a `multipart/related` upload. */
export type PartHeaders = Record<string, string>;

export interface MultipartRelatedUpload {
  readonly metadata: { headers: PartHeaders; body: Buffer };
  readonly media: { headers: PartHeaders; content: AsyncIterable<Buffer> };
  /** Resolves once the closing delimiter was read; rejects if the body ended early. Await after consuming `content`. */
  finished(): Promise<void>;
}

const crlf = Buffer.from('\r\n');
const headerEnd = Buffer.from('\r\n\r\n');
const maxMetadataBytes = 5 * 1024 * 1024;

/**
 * Streaming parser for Drive's `multipart/related` uploads: a JSON metadata part followed by the
 * media part. The metadata is buffered (it is small); the media part is yielded chunk by chunk,
 * holding back only as many bytes as the delimiter is long.
 */
export async function parseMultipartRelated(
  body: AsyncIterable<Buffer>,
  boundary: string,
): Promise<MultipartRelatedUpload> {
  const reader = new DelimitedReader(body[Symbol.asyncIterator]());
  const opening = Buffer.from('--' + boundary);
  const delimiter = Buffer.from('\r\n--' + boundary);

  await reader.skipPast(opening);
  await reader.expect(crlf);
  const metadataHeaders = parseHeaders(await reader.readUntil(headerEnd, 64 * 1024));
  const metadataBody = await reader.readUntil(delimiter, maxMetadataBytes);
  await reader.expect(crlf);
  const mediaHeaders = parseHeaders(await reader.readUntil(headerEnd, 64 * 1024));

  let done: Promise<void> | undefined;
  const content = (async function* () {
    yield* reader.streamUntil(delimiter);
  })();
  return {
    metadata: { headers: metadataHeaders, body: metadataBody },
    media: { headers: mediaHeaders, content },
    finished() {
      done ??= reader.expect(Buffer.from('--'));
      return done;
    },
  };
}

function parseHeaders(block: Buffer): PartHeaders {
  const headers: PartHeaders = {};
  for (const line of block.toString('latin1').split('\r\n')) {
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) throw malformed('a part header has no name');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
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

  async skipPast(pattern: Buffer): Promise<void> {
    for (;;) {
      const at = this.buffer.indexOf(pattern);
      if (at >= 0) {
        this.buffer = this.buffer.subarray(at + pattern.length);
        return;
      }
      if (this.buffer.length >= pattern.length)
        this.buffer = this.buffer.subarray(this.buffer.length - pattern.length + 1);
      if (!(await this.pull())) throw malformed('the boundary never appears');
    }
  }

  async expect(pattern: Buffer): Promise<void> {
    while (this.buffer.length < pattern.length) {
      if (!(await this.pull())) throw malformed('the body ends early');
    }
    if (!this.buffer.subarray(0, pattern.length).equals(pattern)) throw malformed('unexpected bytes after a boundary');
    this.buffer = this.buffer.subarray(pattern.length);
  }

  async readUntil(pattern: Buffer, max: number): Promise<Buffer> {
    for (;;) {
      const at = this.buffer.indexOf(pattern);
      if (at >= 0) {
        const found = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + pattern.length);
        return found;
      }
      if (this.buffer.length > max) throw malformed('a part is too large');
      if (!(await this.pull())) throw malformed('the body ends inside a part');
    }
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
