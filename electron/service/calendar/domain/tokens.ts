import { createHash } from 'node:crypto';
import { badRequest, fullSyncRequired } from '../../http/api-error';

/**
 * Sync and page tokens are opaque to clients. A sync token names the collection it belongs to, the
 * change-log position it was taken at and when; a page token carries the position to resume from
 * and the snapshot the whole listing started at, so the last page can hand out a sync token that
 * covers everything changed while the pages were being read.
 */
export interface SyncPosition {
  /** Change-log sequence the listing is complete up to. */
  readonly seq: number;
  /** Service time (ms) the position was taken at; retention is counted from it. */
  readonly at: number;
}

interface SyncTokenBody {
  v: 1;
  c: string;
  s: number;
  t: number;
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

function decode(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function encodeSyncToken(collection: string, position: SyncPosition): string {
  const body: SyncTokenBody = { v: 1, c: collectionDigest(collection), s: position.seq, t: position.at };
  return encode(body);
}

/**
 * Reads a sync token for `collection`. A token that is malformed, belongs to another collection or
 * is older than the retention window answers 410, telling the client to sync from scratch.
 */
export function decodeSyncToken(token: string, collection: string, nowMs: number, retentionMs: number): SyncPosition {
  const body = decode(token);
  const fullSync = (): never => {
    throw fullSyncRequired();
  };
  if (!isRecord(body) || body.v !== 1 || body.c !== collectionDigest(collection)) return fullSync();
  const { s, t } = body;
  if (typeof s !== 'number' || typeof t !== 'number' || !Number.isSafeInteger(s) || s < 0) return fullSync();
  if (t > nowMs + 60_000 || nowMs - t > retentionMs) return fullSync();
  return { seq: s, at: t };
}

export interface PageCursor<K> {
  /** Key of the last item returned; the next page starts after it. */
  readonly after: K;
  readonly snapshot: SyncPosition;
}

/** `fingerprint` binds a page token to the query that produced it. */
export function encodePageToken<K>(fingerprint: string, cursor: PageCursor<K>): string {
  return encode({ f: fingerprint, a: cursor.after, s: cursor.snapshot.seq, t: cursor.snapshot.at });
}

export function decodePageToken<K>(
  token: string,
  fingerprint: string,
  isKey: (value: unknown) => value is K,
): PageCursor<K> {
  const body = decode(token);
  if (
    !isRecord(body) ||
    body.f !== fingerprint ||
    !isKey(body.a) ||
    typeof body.s !== 'number' ||
    typeof body.t !== 'number'
  ) {
    throw badRequest('invalid', 'Invalid page token value, or the query changed between pages.', 'pageToken');
  }
  return { after: body.a, snapshot: { seq: body.s, at: body.t } };
}

/** Short digest of the parameters that shape a listing. */
export function queryFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

function collectionDigest(collection: string): string {
  return createHash('sha256').update(collection).digest('base64url').slice(0, 12);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isNumberKey = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isStringKey = (value: unknown): value is string => typeof value === 'string';
export const isNumberStringKey = (value: unknown): value is [number, string] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'string';
