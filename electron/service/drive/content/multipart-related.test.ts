import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMultipartRelated } from './multipart-related';

const boundary = 'bound_ary';

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

async function parse(bytes: Buffer, cuts: number[]): Promise<{ metadata: string; media: Buffer }> {
  const upload = await parseMultipartRelated(chunked(bytes, cuts), boundary);
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
});
