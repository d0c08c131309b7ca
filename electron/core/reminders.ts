import type { AppRoute } from '../../shared/ipc/contract';
import type { AccountConnection } from './accounts';
import { eventsBetween } from './agenda';
import type { AgendaItem } from './agenda';

/** A reminder due now: what the desktop notification says and where clicking it leads. */
export interface DueReminder {
  readonly title: string;
  readonly body: string;
  readonly route: AppRoute;
  /** When it was due (ms since the epoch). */
  readonly at: number;
}

export interface ReminderSchedulerOptions {
  /** The accounts whose calendars remind (the active one and those overlaid). */
  readonly connections: () => readonly AccountConnection[];
  readonly onReminder: (reminder: DueReminder) => void;
  /** How far ahead events are read. */
  readonly lookaheadMs?: number;
  /** How often they are read again even when nothing announced a change. */
  readonly rescanMs?: number;
  readonly log?: (message: string) => void;
}

function describeStart(item: AgendaItem): string {
  if (item.allDay) return 'All day';
  const time = new Date(item.start).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return item.start <= Date.now() ? `Started at ${time}` : `Starts at ${time}`;
}

/**
 * Event reminders as desktop notifications: reads upcoming events with their popup reminders and
 * sets a timer for each. Reading again (on a change, and from time to time) replaces the timers,
 * and a reminder that has been shown is never shown twice.
 */
export class ReminderScheduler {
  private timers = new Map<string, NodeJS.Timeout>();
  private readonly shown = new Set<string>();
  private rescanTimer: NodeJS.Timeout | undefined;
  private scanning: Promise<void> | undefined;
  private again = false;
  private closed = false;

  constructor(private readonly options: ReminderSchedulerOptions) {}

  start(): void {
    void this.rescan();
  }

  /** Reads upcoming events again (call after a calendar change); overlapping requests make one more read. */
  rescan(): Promise<void> {
    if (this.scanning) {
      this.again = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      do {
        this.again = false;
        await this.scan();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  /** Reminders waiting to be shown (for tests). */
  get pending(): number {
    return this.timers.size;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.rescanTimer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async scan(): Promise<void> {
    if (this.closed) return;
    const now = Date.now();
    const lookahead = this.options.lookaheadMs ?? 24 * 3600 * 1000;
    // Events that started up to a day ago may still have reminders due (an all-day event's at 9:00).
    const from = new Date(now - 24 * 3600 * 1000);
    const to = new Date(now + lookahead + 24 * 3600 * 1000);
    const answers = await Promise.allSettled(
      this.options.connections().map((connection) => eventsBetween(connection, from, to)),
    );
    if (this.closed) return;
    const next = new Map<string, NodeJS.Timeout>();
    for (const answer of answers) {
      if (answer.status === 'rejected') {
        this.options.log?.(
          `Could not read upcoming events for reminders: ${answer.reason instanceof Error ? answer.reason.message : String(answer.reason)}`,
        );
        continue;
      }
      for (const item of answer.value) {
        for (const minutes of item.reminderMinutes) {
          const at = item.start - minutes * 60_000;
          const key = `${item.account}|${item.calendarId}|${item.eventId}|${item.start}|${minutes}`;
          // Due within the window, and not older than a minute (a reminder missed while asleep is not worth showing late).
          if (at > now + lookahead || at < now - 60_000 || this.shown.has(key) || next.has(key)) continue;
          const existing = this.timers.get(key);
          if (existing) {
            this.timers.delete(key);
            next.set(key, existing);
            continue;
          }
          const timer = setTimeout(() => this.fire(key, item, at), Math.max(0, at - Date.now()));
          timer.unref();
          next.set(key, timer);
        }
      }
    }
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers = next;
    clearTimeout(this.rescanTimer);
    this.rescanTimer = setTimeout(() => void this.rescan(), this.options.rescanMs ?? 15 * 60_000);
    this.rescanTimer.unref();
  }

  private fire(key: string, item: AgendaItem, at: number): void {
    this.timers.delete(key);
    if (this.closed || this.shown.has(key)) return;
    this.shown.add(key);
    this.options.onReminder({ title: item.title, body: describeStart(item), route: item.route, at });
  }
}
