import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ApiError } from '../../http/api-error';
import type { HandlerResult, RequestContext } from '../../http/handler';

type ByteRange = { start: number; end: number };

/** Parses a single `Range: bytes=...` against a size; undefined for none (or several, which get the whole). */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | 'unsatisfiable' {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Streams content to the response (206 with Content-Range for a satisfiable Range request).
 * `open` is called with the byte range to read; nothing is buffered whole.
 */
export async function sendContent(
  ctx: RequestContext,
  opts: {
    size: number;
    contentType: string;
    md5?: string | null;
    open: (range?: ByteRange) => Readable | undefined;
    filename?: string;
  },
): Promise<HandlerResult> {
  const { res } = ctx;
  const range = parseRange(typeof ctx.headers.range === 'string' ? ctx.headers.range : undefined, opts.size);
  if (range === 'unsatisfiable') {
    throw Object.assign(new ApiError(416, 'requestedRangeNotSatisfiable', 'Request range not satisfiable'), {});
  }
  res.setHeader('Content-Type', opts.contentType);
  res.setHeader('Accept-Ranges', 'bytes');
  if (opts.md5) res.setHeader('X-Goog-Hash', `md5=${Buffer.from(opts.md5, 'hex').toString('base64')}`);
  if (opts.filename)
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(opts.filename)}`);
  if (range) {
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${opts.size}`);
    res.setHeader('Content-Length', range.end - range.start + 1);
  } else {
    res.statusCode = 200;
    res.setHeader('Content-Length', opts.size);
  }
  const stream = opts.size === 0 ? undefined : opts.open(range);
  if (!stream || ctx.req.method === 'HEAD') {
    res.end();
    return { sent: true };
  }
  await pipeline(stream, res);
  return { sent: true };
}
