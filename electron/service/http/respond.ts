import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ApiError } from './api-error';
import { toJsonText } from './raw-json';

const jsonType = 'application/json; charset=UTF-8';

/**
 * A whole answer, ready to send: what a thread other than the one holding the socket (see
 * `../read-worker`) hands back. `text` is the JSON body, absent for an empty one.
 */
export interface Answer {
  readonly status: number;
  /** With Content-Length when there is a body. */
  readonly headers: OutgoingHttpHeaders;
  readonly text?: string;
}

/** The JSON answer for `body`; `etag` (when the body has one) becomes the ETag header, as at Google. */
export function jsonAnswer(
  status: number,
  body: unknown,
  pretty: boolean,
  headers?: Readonly<Record<string, string>>,
): Answer {
  const text = toJsonText(body, pretty);
  // Only the length of the text is measured: it goes to the socket as is (encoded once, in the write).
  const out: OutgoingHttpHeaders = { 'Content-Type': jsonType, 'Content-Length': Buffer.byteLength(text, 'utf8') };
  const etag = etagOf(body);
  if (etag !== undefined) out['ETag'] = etag;
  if (headers) Object.assign(out, headers);
  return { status, headers: out, text };
}

export function sendAnswer(res: ServerResponse, answer: Answer): void {
  const { status, headers, text } = answer;
  res.writeHead(status, headers);
  if (text === undefined) res.end();
  else res.end(text, 'utf8');
}

/** Writes a JSON response; `etag` (when the body has one) becomes the ETag header, as at Google. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  pretty: boolean,
  headers?: Readonly<Record<string, string>>,
): void {
  sendAnswer(res, jsonAnswer(status, body, pretty, headers));
}

export function sendError(res: ServerResponse, error: ApiError, headers?: Readonly<Record<string, string>>): void {
  sendJson(res, error.code, error.toJSON(), false, headers);
}

export function etagOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const etag = (body as { etag?: unknown }).etag;
  return typeof etag === 'string' ? etag : undefined;
}
