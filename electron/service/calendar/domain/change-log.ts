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

/** Highest sequence number given so far (0 before the first change). */
export function latestChangeSeq(store: Store): number {
  return changeCounter(store).current();
}

const changeCounter = (store: Store) => store.counter('calendar_change_counter', 'seq');

/**
 * Numbers changes from the monotonic change counter inside the caller's transaction (a change
 * rolled back gives its number back; see `StoredCounter`) and tells the unit of work which channel keys to notify once
 * that transaction has committed (none when there is no unit of work, as when a user is
 * provisioned: nobody watches their calendars yet).
 */
export class ChangeRecorder {
  constructor(
    private readonly store: Store,
    readonly nowMs: number,
    private readonly work?: UnitOfWork,
  ) {}

  /** Records a change in `collection` and returns its sequence number (the changed row's new change_seq). */
  record(collection: string): number {
    this.work?.notify(channelKey(collection), 'exists');
    return changeCounter(this.store).next();
  }
}
