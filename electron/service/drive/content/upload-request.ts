import type { RawRequest } from '../../http/handler';
import { badRequest, type ApiError } from '../../http/api-error';
import { parseMultipartRelated } from './multipart-related';

/** The largest upload Drive takes (its `maxUploadSize`, 5 TiB). */
export const maxUploadBytes = 5 * 1024 ** 4;

/** The content half of an upload request, and the metadata half when it has one. */
export interface UploadRequest {
  readonly metadata: unknown;
  readonly contentType: string | undefined;
  readonly content: AsyncIterable<Buffer>;
  /** Resolves when the whole request body has been read and was well formed. */
  finished(): Promise<void>;
}

/** Whether the request's body ended before it was complete (the connection closed or broke off). */
export function bodyBrokeOff(ctx: RawRequest): boolean {
  return ctx.req.destroyed && !ctx.req.complete;
}

/** What a request whose body broke off is refused with (when the client is still there to hear it). */
export function incompleteBody(): ApiError {
  return badRequest('badRequest', 'The request body ended before it was complete.');
}

/** Reads a `media` or `multipart` upload; the content is left as a stream for the caller to store. */
export async function readUploadRequest(ctx: RawRequest): Promise<UploadRequest> {
  const uploadType = ctx.params.uploadType;
  const contentType = ctx.headers['content-type'];
  if (uploadType === 'media') {
    return { metadata: undefined, contentType, content: ctx.req, finished: () => Promise.resolve() };
  }
  if (uploadType !== 'multipart')
    throw badRequest('badRequest', `Unsupported uploadType ${String(uploadType)} here.`, 'uploadType');
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  if (!contentType?.toLowerCase().startsWith('multipart/') || !boundary) {
    throw badRequest('badContent', 'A multipart upload needs Content-Type multipart/related with a boundary.');
  }
  const parsed = await parseMultipartRelated(ctx.req, (boundary[1] ?? boundary[2])!);
  return {
    metadata: parseJson(parsed.metadata.body),
    contentType: parsed.media.headers['content-type'],
    content: parsed.media.content,
    finished: () => parsed.finished(),
  };
}

export function parseJson(body: Buffer): unknown {
  const text = body.toString('utf8').trim();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('parseError', 'Parse Error: the metadata part is not valid JSON.');
  }
}

/** Reads a small JSON body the pipeline left unread (resumable session starts on upload paths). */
export async function readSmallJson(ctx: RawRequest, limit = 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw badRequest('badRequest', 'The metadata body is too large.');
    chunks.push(chunk);
  }
  return parseJson(Buffer.concat(chunks));
}
