import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { ApiError } from './api-error';
import { toJsonText } from './raw-json';

const jsonType = 'application/json; charset=UTF-8';

/** Writes a JSON response; `etag` (when the body has one) becomes the ETag header, as at Google. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  pretty: boolean,
  headers?: Readonly<Record<string, string>>,
): void {
  // The string goes to the socket as is (encoded once, straight into the write); only its length is measured here.
  const text = toJsonText(body, pretty);
  const out: OutgoingHttpHeaders = { 'Content-Type': jsonType, 'Content-Length': Buffer.byteLength(text, 'utf8') };
  const etag = etagOf(body);
  if (etag !== undefined) out['ETag'] = etag;
  if (headers) Object.assign(out, headers);
  res.writeHead(status, out);
  res.end(text, 'utf8');
}

export function sendEmpty(res: ServerResponse, status: number, headers?: Readonly<Record<string, string>>): void {
  res.writeHead(status, headers);
  res.end();
}

export function sendError(res: ServerResponse, error: ApiError, headers?: Readonly<Record<string, string>>): void {
  sendJson(res, error.code, error.toJSON(), false, headers);
}

export function etagOf(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const etag = (body as { etag?: unknown }).etag;
  return typeof etag === 'string' ? etag : undefined;
}
