import { createHash } from 'node:crypto';
import { driveErrors } from '../domain/errors';

/**
 * Opaque page tokens: the position in the result plus a fingerprint of the request that produced
 * it, so a token replayed with different parameters is refused instead of paging something else.
 */
export function encodePageToken(offset: number, fingerprint: string): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint })).toString('base64url');
}

export function decodePageToken(token: string | undefined, fingerprint: string): number {
  if (token === undefined || token === '') return 0;
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown; f?: unknown };
    if (typeof parsed.o === 'number' && Number.isSafeInteger(parsed.o) && parsed.o >= 0 && parsed.f === fingerprint)
      return parsed.o;
  } catch {
    // fall through to the error below
  }
  throw driveErrors.invalid('pageToken', 'Invalid Value: the page token does not belong to this request');
}

export function fingerprintOf(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}
