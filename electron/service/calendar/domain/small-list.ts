import { latestChangeSeq } from './change-log';
import type { CalendarRepositories } from './repositories';
import type { SyncPosition } from './tokens';
import { decodePageToken, encodePageToken, encodeSyncToken } from './tokens';

/**
 * Paging for the small per-user or per-calendar collections (ACL rules, calendar list entries,
 * settings): a full listing in a stable key order, or an incremental one in change order.
 */
export interface SmallListRequest<Row, K extends string | number> {
  r: CalendarRepositories;
  nowMs: number;
  collection: string;
  fingerprint: string;
  maxResults: number;
  pageToken?: string;
  sync?: SyncPosition;
  /** Full listing: rows after `after` in key order. */
  page(after: K | undefined, limit: number): Row[];
  keyOf(row: Row): K;
  /** Incremental listing: rows changed after `seq`. */
  changed(seq: number, limit: number): Row[];
  seqOf(row: Row): number;
  /** Full listings drop rows the caller's filters exclude; incremental ones keep everything. */
  include(row: Row): boolean;
  isKey(value: unknown): value is K;
}

interface Cursor<K> {
  sync: boolean;
  key: K | number;
}

export interface SmallListPage<Row> {
  rows: Row[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

export function listSmall<Row, K extends string | number>(req: SmallListRequest<Row, K>): SmallListPage<Row> {
  const isCursor = (v: unknown): v is Cursor<K> => {
    if (typeof v !== 'object' || v === null) return false;
    const c = v as { sync?: unknown; key?: unknown };
    return typeof c.sync === 'boolean' && (c.sync ? typeof c.key === 'number' : req.isKey(c.key));
  };
  const cursor = req.pageToken ? decodePageToken(req.pageToken, req.fingerprint, isCursor) : undefined;
  const snapshot = cursor?.snapshot ?? { seq: latestChangeSeq(req.r.store), at: req.nowMs };
  const incremental = cursor ? cursor.after.sync : req.sync !== undefined;
  const out: Row[] = [];
  let lastKey: K | number | undefined = cursor?.after.key;
  let more = false;
  for (;;) {
    const batch = incremental
      ? req.changed(typeof lastKey === 'number' ? lastKey : (req.sync?.seq ?? 0), req.maxResults + 1)
      : req.page(lastKey as K | undefined, req.maxResults + 1);
    for (const row of batch) {
      if (out.length === req.maxResults) {
        more = true;
        break;
      }
      lastKey = incremental ? req.seqOf(row) : req.keyOf(row);
      if (incremental || req.include(row)) out.push(row);
    }
    if (more || batch.length < req.maxResults + 1) break;
  }
  if (more && lastKey !== undefined) {
    return {
      rows: out,
      nextPageToken: encodePageToken(req.fingerprint, { after: { sync: incremental, key: lastKey }, snapshot }),
    };
  }
  return { rows: out, nextSyncToken: encodeSyncToken(req.collection, snapshot) };
}
