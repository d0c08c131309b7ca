import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMultipartRelated } from './multipart-related';

const boundary = 'bound_ary';

/** The shape Python's `email` generator writes (google-api-python-client): LF line breaks, MIME-Version in each part. */
function pythonBody(media: Buffer, pythonBoundary: string, metadata = '{"name": "x"}'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${pythonBoundary}\nContent-Type: application/json\nMIME-Version: 1.0\n\n${metadata}\n` +
        `--${pythonBoundary}\nContent-Type: application/octet-stream\nMIME-Version: 1.0\nContent-Transfer-Encoding: binary\n\n`,
    ),
    media,
    Buffer.from(`\n--${pythonBoundary}--\n`),
  ]);
}

function body(media: Buffer, metadata = '{"name":"x"}'): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Type: application/octet-stream\r\n\r\n`),
    media,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/** The body cut at the given offsets, as a network would deliver it. */
async function* chunked(bytes: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const cut of [...new Set(cuts)].sort((a, b) => a - b)) {
    if (cut <= from || cut >= bytes.length) continue;
    yield bytes.subarray(from, cut);
    from = cut;
  }
  yield bytes.subarray(from);
}

async function parse(bytes: Buffer, cuts: number[], bound = boundary): Promise<{ metadata: string; media: Buffer }> {
  const upload = await parseMultipartRelated(chunked(bytes, cuts), bound);
  const parts: Buffer[] = [];
  for await (const part of upload.media.content) parts.push(part);
  await upload.finished();
  return { metadata: upload.metadata.body.toString(), media: Buffer.concat(parts) };
}

// Media that holds the start of a delimiter without the rest of it, so it is easily taken for one.
const nearDelimiter = fc
  .array(fc.constantFrom('\r', '\n', '-', '--', `--${boundary.slice(0, 4)}`, `\r\n--${boundary.slice(0, -1)}`, 'x'), {
    maxLength: 40,
  })
  .map((pieces) => Buffer.from(pieces.join('')));

describe('multipart/related parsing', () => {
  it('yields exactly the media part however the body is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          nearDelimiter,
          fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
        ),
        fc.array(fc.nat({ max: 500 }), { maxLength: 30 }),
        async (media, cuts) => {
          const parsed = await parse(body(media), cuts);
          expect(parsed.metadata).toBe('{"name":"x"}');
          expect(parsed.media.equals(media)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cut at every offset around the closing delimiter', async () => {
    const media = Buffer.from(`abc\r\n--${boundary.slice(0, 3)}def\r`);
    const bytes = body(media);
    for (let cut = 0; cut < bytes.length; cut++) {
      const parsed = await parse(bytes, [cut, cut + 1, cut + 7]);
      expect(parsed.media.equals(media)).toBe(true);
    }
  });

  it('a body that ends inside the media part is refused', async () => {
    const bytes = body(Buffer.from('complete media'));
    const truncated = bytes.subarray(0, bytes.length - `\r\n--${boundary}--\r\n`.length + 3);
    await expect(parse(truncated, [60, 90])).rejects.toMatchObject({ code: 400, reason: 'badContent' });
  });

  it("reads LF-only bodies as Python's email generator writes them, however they are cut", async () => {
    const pyBoundary = '===============5507128427487004487==';
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          nearDelimiter,
          fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)),
          fc.constantFrom(Buffer.from('ends with CR\r'), Buffer.from(`\n--${pyBoundary.slice(0, 9)}\r\n`)),
        ),
        fc.array(fc.nat({ max: 500 }), { maxLength: 30 }),
        async (media, cuts) => {
          const parsed = await parse(pythonBody(media, pyBoundary), cuts, pyBoundary);
          expect(parsed.metadata).toBe('{"name": "x"}');
          expect(parsed.media.equals(media)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('skips a preamble and an epilogue, unfolds headers and takes them in any case and order', async () => {
    const bytes = Buffer.from(
      'This is a multi-part message in MIME format.\r\n' +
        `--${boundary}  \r\nMIME-Version: 1.0\r\ncontent-type: application/json;\r\n charset=UTF-8\r\n\r\n{"name":"p"}\r\n` +
        `--${boundary}\r\ncontent-transfer-encoding: 8bit\r\nCONTENT-TYPE: text/plain\r\n\r\nhello\r\n` +
        `--${boundary}--\r\nan epilogue that means nothing\r\n`,
    );
    const upload = await parseMultipartRelated(chunked(bytes, [5, 70]), boundary);
    expect(upload.metadata.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(upload.media.headers['content-type']).toBe('text/plain');
    const parts: Buffer[] = [];
    for await (const part of upload.media.content) parts.push(part);
    await upload.finished();
    expect(Buffer.concat(parts).toString()).toBe('hello');
  });

  it('decodes a base64 media part as it streams', async () => {
    const media = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const encoded = media.toString('base64').replace(/(.{76})/g, '$1\n');
    const bytes = Buffer.from(
      `--${boundary}\nContent-Type: application/json\n\n{}\n` +
        `--${boundary}\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n${encoded}\n--${boundary}--`,
    );
    for (const cuts of [[], [97, 98, 99, 300, 301, 302, 777]]) {
      const parsed = await parse(bytes, cuts);
      expect(parsed.media.equals(media)).toBe(true);
    }
  });

  it('refuses an unknown transfer encoding, junk after a boundary and a missing media part', async () => {
    const qp = Buffer.from(
      `--${boundary}\r\n\r\n{}\r\n--${boundary}\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nx\r\n--${boundary}--`,
    );
    await expect(parse(qp, [])).rejects.toMatchObject({ code: 400, reason: 'badContent' });
    const junk = Buffer.from(`--${boundary}xyz\r\n\r\n{}\r\n--${boundary}--`);
    await expect(parse(junk, [])).rejects.toMatchObject({ code: 400, reason: 'badContent' });
    const onePart = Buffer.from(`--${boundary}\r\n\r\n{}\r\n--${boundary}--`);
    await expect(parse(onePart, [])).rejects.toMatchObject({ code: 400, reason: 'badContent' });
  });
});
