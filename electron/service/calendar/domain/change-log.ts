import type { UnitOfWork } from '../../area/unit-of-work';
import type { Store } from '../../store/store';

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

/** Highest sequence number written so far (0 on an empty log). */
export function latestChangeSeq(store: Store): number {
  return store.prepare<[], { seq: number | null }>('SELECT MAX(seq) AS seq FROM calendar_change_log').get()?.seq ?? 0;
}

/**
 * Appends to the monotonic change log inside the caller's transaction and tells the unit of work
 * which channel keys to notify once that transaction has committed (none when there is no unit of
 * work, as when a user is provisioned: nobody watches their calendars yet).
 */
export class ChangeRecorder {
  constructor(
    private readonly store: Store,
    readonly nowMs: number,
    private readonly work?: UnitOfWork,
  ) {}

  /** Records a change to `itemId` in `collection` and returns its sequence number (the row's new change_seq). */
  record(collection: string, itemId: string): number {
    this.work?.notify(channelKey(collection), 'exists');
    return Number(
      this.store
        .prepare<[string, string, number]>(
          'INSERT INTO calendar_change_log (collection, item_id, changed_at) VALUES (?, ?, ?)',
        )
        .run(collection, itemId, this.nowMs).lastInsertRowid,
    );
  }
}
