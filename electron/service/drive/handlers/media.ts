import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { ApiError } from '../../http/api-error';
import type { HandlerResult, RawRequest } from '../../http/handler';
import { sendFileRange } from '../content/file-sender';

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

/** Where content comes from: a stored file (read in place), or a stream of the requested range. */
export type ContentSource = { readonly file: string } | { readonly stream: (range?: ByteRange) => Readable };

/**
 * Streams content to the response (206 with Content-Range for a satisfiable Range request); nothing
 * is buffered whole.
 */
export async function sendContent(
  ctx: RawRequest,
  opts: {
    size: number;
    contentType: string;
    md5?: string | null;
    source: ContentSource | undefined;
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
  const source = opts.size === 0 ? undefined : opts.source;
  if (!source || ctx.req.method === 'HEAD') {
    res.end();
    return { sent: true };
  }
  try {
    if ('file' in source) {
      await sendFileRange(res, source.file, range?.start ?? 0, range?.end ?? opts.size - 1);
      res.end();
    } else await pipeline(source.stream(range), res);
  } catch (error) {
    // The client went away part way: nothing failed here, and there is no one left to tell.
    if (res.destroyed) return { sent: true };
    throw error;
  }
  return { sent: true };
}
