import { badRequest } from '../http/api-error';
import { formatMillis, parseInstant } from './time-formats';

/**
 * Reading request parameters. The router has already validated them against the registry; these
 * accessors also accept the raw query-string forms so the handlers never depend on coercion details.
 */
type Params = Readonly<Record<string, unknown>>;

export function optionalString(params: Params, name: string): string | undefined {
  const v = params[name];
  if (Array.isArray(v)) return optionalString({ [name]: v[0] }, name);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
}

export function requiredString(params: Params, name: string): string {
  const v = optionalString(params, name);
  if (v === undefined) throw badRequest('required', `Required parameter: ${name}`, name);
  return v;
}

export function booleanParam(params: Params, name: string, fallback: boolean): boolean {
  const v = params[name];
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === undefined || v === null || v === '') return fallback;
  throw badRequest('invalid', `Invalid boolean value for parameter ${name}: ${String(v)}`, name);
}

export const defaultPageSize = 20;
export const maxPageSize = 100;

export function pageSizeParam(params: Params): number {
  const v = params.maxResults;
  if (v === undefined || v === null || v === '') return defaultPageSize;
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw badRequest('invalid', `Invalid value for parameter maxResults: ${String(v)}`, 'maxResults');
  if (n === 0) return defaultPageSize;
  return Math.min(n, maxPageSize);
}

/** RFC 3339 bound parameter, normalised to the stored `...000Z` form for string comparison. */
export function instantParam(params: Params, name: string): string | undefined {
  const v = optionalString(params, name);
  if (v === undefined) return undefined;
  const at = parseInstant(v);
  if (!at)
    throw badRequest('invalid', `Invalid value for parameter ${name}: '${v}' is not an RFC 3339 timestamp.`, name);
  return formatMillis(at);
}

interface PageCursor {
  /** What the token pages through, so a token is not reused on another collection. */
  scope: string;
  offset: number;
}

export function encodePageToken(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([cursor.scope, cursor.offset])).toString('base64url');
}

/** Offset a page token points at; 0 without one. */
export function pageOffset(params: Params, scope: string): number {
  const token = optionalString(params, 'pageToken');
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
