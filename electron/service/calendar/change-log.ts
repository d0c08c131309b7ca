import type { Database, Statement } from 'better-sqlite3';
import type { ChannelHub } from '../channels/channel-hub';

/**
 * The collections a sync token or a watch channel can follow. The same string names the change-log
 * collection and, prefixed with `calendar:`, the channel key notified after the change commits.
 */
export const collections = {
  events: (calendarId: string) => `events:${calendarId}`,
  acl: (calendarId: string) => `acl:${calendarId}`,
  calendarList: (email: string) => `calendarList:${email}`,
  settings: (email: string) => `settings:${email}`,
  calendar: (calendarId: string) => `calendar:${calendarId}`,
} as const;

export const channelKey = (collection: string): string => `calendar:${collection}`;

const appendStatements = new WeakMap<Database, Statement<[string, string, number]>>();
const latestStatements = new WeakMap<Database, Statement<[], { seq: number | null }>>();

/** Highest sequence number written so far (0 on an empty log). */
export function latestChangeSeq(db: Database): number {
  let stmt = latestStatements.get(db);
  if (!stmt) {
    stmt = db.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM calendar_change_log');
    latestStatements.set(db, stmt);
  }
  return stmt.get()?.seq ?? 0;
}

/**
 * Appends to the monotonic change log inside the caller's transaction and remembers which channel
 * keys to notify once that transaction has committed.
 */
export class ChangeRecorder {
  private readonly touched = new Set<string>();
  private readonly append: Statement<[string, string, number]>;

  constructor(
    private readonly db: Database,
    readonly nowMs: number,
  ) {
    let stmt = appendStatements.get(db);
    if (!stmt) {
      stmt = db.prepare<[string, string, number]>(
        'INSERT INTO calendar_change_log (collection, item_id, changed_at) VALUES (?, ?, ?)',
      );
      appendStatements.set(db, stmt);
    }
    this.append = stmt;
  }

  /** Records a change to `itemId` in `collection` and returns its sequence number (the row's new change_seq). */
  record(collection: string, itemId: string): number {
    this.touched.add(collection);
    return Number(this.append.run(collection, itemId, this.nowMs).lastInsertRowid);
  }

  /** Tells every channel watching a changed collection; call after commit. */
  notify(channels: ChannelHub): void {
    for (const collection of this.touched) channels.notify(channelKey(collection), 'exists');
  }
}
