import { badRequest } from '../../http/api-error';

interface PageCursor {
  /** What the token pages through, so a token is not reused on another collection. */
  scope: string;
  offset: number;
}

export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.scope, cursor.offset])).toString('base64url');
}

/** Offset a page token points at; 0 without one. */
export function pageOffset(token: string | undefined, scope: string): number {
  if (token === undefined) return 0;
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (Array.isArray(decoded) && decoded[0] === scope && Number.isInteger(decoded[1]) && (decoded[1] as number) >= 0) {
      return decoded[1] as number;
    }
  } catch {
    // fall through to the error below
  }
  throw badRequest('invalid', 'Invalid page token.', 'pageToken');
}
