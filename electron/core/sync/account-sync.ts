import { collectionRefId, type CollectionRef } from '../../../shared/api/collections';
import { ApiCallError } from '../api-call-error';
import type { ApiClient } from '../api-client';
import {
  ChannelWatcher,
  calendarAclTarget,
  calendarEventsTarget,
  calendarListTarget,
  calendarSettingsTarget,
  driveChangesTarget,
} from '../channel-watcher';
import type { WatchTarget } from '../channel-watcher';
import type { EventFeed } from '../event-feed';
import type { RelayServer } from '../relay-server';
import { backoffDelay } from '../retry-policy';
import type { RetryPolicy } from '../retry-policy';
import { TasksPoller } from '../tasks-poller';
import type { TasksSink } from '../tasks-poller';
import type { PollCadence } from './poll-cadence';
import { ResourceSync } from './resource-sync';
import type { ResourceSink } from './resource-sync';
import { aclSource, calendarListSource, driveChangesSource, eventsSource, settingsSource } from './sync-sources';
import type { SyncPass, SyncSource } from './sync-sources';

export type Connectivity = 'online' | 'offline';

export interface AccountSyncOptions {
  readonly account: string;
  readonly api: ApiClient;
  readonly feed: EventFeed;
  /**
   * Push: channels deliver to the relay (directly, or through a public address that forwards to
   * it). Without it, the account is polled with sync tokens.
   */
  readonly push?: { readonly relay: RelayServer; readonly address?: string; readonly watchRetryMs: number };
  /** In push mode, also poll at the slow interval, in case notifications get lost on their way. */
  readonly safetyPoll?: boolean;
  readonly cadence: PollCadence;
  /** Told when the service stops or starts answering. */
  readonly onConnectivity?: (state: Connectivity) => void;
  /** Waits between reachability probes while offline. */
  readonly reconnect?: RetryPolicy;
  /** Passed to each collection's sync. */
  readonly gatherMs?: number;
  readonly backoff?: RetryPolicy;
  readonly random?: () => number;
  readonly log?: (message: string) => void;
  /** A Google account's mirror: keeps what each pass found, and Tasks' listings. */
  readonly mirror?: SyncMirror;
}

/** What the sync of an account hands its mirror. */
export interface SyncMirror {
  sinkFor(target: CollectionRef): ResourceSink | undefined;
  readonly tasks?: TasksSink;
}

const defaultReconnect: RetryPolicy = { maxAttempts: Number.POSITIVE_INFINITY, baseDelayMs: 1_000, maxDelayMs: 60_000 };

interface Followed {
  readonly sync: ResourceSync;
  readonly watcher?: ChannelWatcher;
}

/**
 * Keeps one account's collections in step: the calendar list, the events (and, for calendars the
 * person owns, the sharing rules) of every calendar on it, calendar settings and the Drive change
 * feed, each through sync tokens; Tasks by polling with updatedMin. Calendars are followed as they
 * appear on and leave the calendar list. Notices when the service stops answering, says so, and
 * catches up once it answers again.
 */
export class AccountSync {
  private readonly followed = new Map<string, Followed>();
  private readonly tasks: TasksPoller;
  private pollTimer: NodeJS.Timeout | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private probes = 0;
  private lastPoll = 0;
  private connectivity: Connectivity = 'online';
  private closed = false;
  private started: Promise<void> | undefined;
  /** Whether the calendar list has been read once (calendars found later are news). */
  private calendarsKnown = false;
  private readonly stopCadence: () => void;
  /** When the latest poll rounds started (benchmarks measure the cadence from them); the last few hundred are kept. */
  readonly pollTimes: number[] = [];

  constructor(private readonly options: AccountSyncOptions) {
    this.tasks = new TasksPoller({
      api: options.api,
      account: options.account,
      feed: options.feed,
      intervalMs: () => options.cadence.tasksInterval(),
      onUnreachable: () => this.unreachable(),
      onReached: () => this.reached(),
      ...(options.mirror?.tasks ? { sink: options.mirror.tasks } : {}),
      ...(options.log ? { log: options.log } : {}),
    });
    this.stopCadence = options.cadence.onChange((focused) => this.focusChanged(focused));
  }

  get mode(): 'push' | 'poll' {
    return this.options.push ? 'push' : 'poll';
  }

  get state(): Connectivity {
    return this.connectivity;
  }

  /** Starts following; resolves once every collection has its first cursor (or could not get one). */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.tasks.start();
      const list = this.follow(calendarListSource(), calendarListTarget, (pass, full) =>
        this.calendarListPassed(pass, full),
      );
      this.follow(settingsSource(), calendarSettingsTarget);
      this.follow(driveChangesSource({ listFiles: this.options.mirror !== undefined }), driveChangesTarget);
      await list.sync.prime();
      await Promise.all([...this.followed.values()].map((entry) => entry.sync.prime()));
      this.lastPoll = Date.now();
      this.schedulePoll();
    })();
    return this.started;
  }

  /** The collections followed now, by `collectionRefId` (tests and benchmarks look inside). */
  resources(): ReadonlyMap<string, ResourceSync> {
    return new Map([...this.followed].map(([id, entry]) => [id, entry.sync]));
  }

  watchers(): ChannelWatcher[] {
    return [...this.followed.values()].flatMap((entry) => (entry.watcher ? [entry.watcher] : []));
  }

  /** One poll round: every collection asks for what changed, Tasks included. Resolves when done. */
  async pollNow(): Promise<void> {
    this.lastPoll = Date.now();
    this.pollTimes.push(this.lastPoll);
    if (this.pollTimes.length > 500) this.pollTimes.splice(0, this.pollTimes.length - 500);
    const list = this.followed.get('calendarList');
    list?.sync.trigger();
    await list?.sync.idle();
    const others = [...this.followed.values()].filter((entry) => entry !== list);
    for (const entry of others) entry.sync.trigger();
    await Promise.all([...others.map((entry) => entry.sync.idle()), this.tasks.pollOnce()]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopCadence();
    clearTimeout(this.pollTimer);
    clearTimeout(this.probeTimer);
    this.tasks.close();
    const entries = [...this.followed.values()];
    this.followed.clear();
    for (const entry of entries) entry.sync.close();
    // Channels are stopped at the service, so it stops delivering to an address nobody answers.
    await Promise.all(entries.map((entry) => entry.watcher?.close()));
  }

  private follow(source: SyncSource, target: WatchTarget, onPass?: (pass: SyncPass, full: boolean) => void): Followed {
    const id = collectionRefId(source.target);
    const existing = this.followed.get(id);
    if (existing) return existing;
    const { api, account, feed, push, log } = this.options;
    const sink = this.options.mirror?.sinkFor(source.target);
    const sync = new ResourceSync({
      api,
      account,
      source,
      feed,
      onUnreachable: () => this.unreachable(),
      onReached: () => this.reached(),
      ...(onPass ? { onPass } : {}),
      ...(sink ? { sink } : {}),
      ...(this.options.gatherMs !== undefined ? { gatherMs: this.options.gatherMs } : {}),
      ...(this.options.backoff ? { backoff: this.options.backoff } : {}),
      ...(this.options.random ? { random: this.options.random } : {}),
      ...(log ? { log } : {}),
    });
    let watcher: ChannelWatcher | undefined;
    if (push) {
      watcher = new ChannelWatcher({
        api,
        relay: push.relay,
        ...(push.address ? { address: push.address } : {}),
        target,
        onChange: () => sync.trigger(),
        retryMs: push.watchRetryMs,
        ...(log ? { log } : {}),
      });
      // The channel opens before the first listing, so nothing changed in between goes unnoticed.
      watcher.start();
    }
    const entry: Followed = watcher ? { sync, watcher } : { sync };
    this.followed.set(id, entry);
    return entry;
  }

  private unfollow(target: CollectionRef): void {
    const id = collectionRefId(target);
    const entry = this.followed.get(id);
    if (!entry) return;
    this.followed.delete(id);
    entry.sync.close();
    void entry.watcher?.close();
  }

  /** Follows the calendars on the list: new ones are listed and watched, removed ones let go. */
  private calendarListPassed(pass: SyncPass, full: boolean): void {
    if (this.closed) return;
    const present = new Map<string, boolean>();
    for (const item of pass.items) {
      if (typeof item.id !== 'string') continue;
      present.set(item.id, item.deleted !== true);
    }
    const calendarsNow = new Set(
      [...this.followed.values()].flatMap(({ sync: { target } }) =>
        target.collection === 'events' && target.key !== undefined ? [target.key] : [],
      ),
    );
    for (const [calendarId, alive] of present) {
      if (!alive) {
        this.unfollow({ collection: 'events', key: calendarId });
        this.unfollow({ collection: 'acl', key: calendarId });
        continue;
      }
      const owner = pass.items.find((item) => item.id === calendarId)?.accessRole === 'owner';
      const events = this.follow(eventsSource(calendarId), calendarEventsTarget(calendarId));
      const acl = owner ? this.follow(aclSource(calendarId), calendarAclTarget(calendarId)) : undefined;
      if (!owner) this.unfollow({ collection: 'acl', key: calendarId });
      // A calendar that appears later is news to the renderer too: its first listing is announced.
      if (!calendarsNow.has(calendarId) && this.calendarsKnown) {
        events.sync.trigger();
        acl?.sync.trigger();
      }
    }
    if (full) {
      for (const calendarId of calendarsNow) {
        if (!present.has(calendarId)) {
          this.unfollow({ collection: 'events', key: calendarId });
          this.unfollow({ collection: 'acl', key: calendarId });
        }
      }
    }
    this.calendarsKnown = true;
  }

  private schedulePoll(): void {
    if (this.closed) return;
    clearTimeout(this.pollTimer);
    const { push, safetyPoll, cadence } = this.options;
    if (push && !safetyPoll) return;
    const interval = push ? cadence.intervals.unfocusedPollMs : cadence.apiInterval();
    const wait = Math.max(0, this.lastPoll + interval - Date.now());
    this.pollTimer = setTimeout(() => {
      if (this.connectivity === 'offline') return this.schedulePoll();
      void this.pollNow().finally(() => this.schedulePoll());
    }, wait);
    this.pollTimer.unref();
  }

  private focusChanged(focused: boolean): void {
    if (this.closed || !this.started) return;
    // Coming back to the window: what it shows should be fresh now, not at the end of a long wait.
    this.schedulePoll();
    if (focused) this.tasks.reschedule();
  }

  private unreachable(): void {
    if (this.closed) return;
    if (this.connectivity === 'online') {
      this.connectivity = 'offline';
      this.probes = 0;
      this.options.onConnectivity?.('offline');
    }
    this.scheduleProbe();
  }

  private reached(): void {
    if (this.connectivity === 'offline') this.recovered();
  }

  private scheduleProbe(): void {
    if (this.closed || this.probeTimer) return;
    const delay = backoffDelay(
      this.options.reconnect ?? defaultReconnect,
      this.probes++,
      this.options.random ?? Math.random,
    );
    this.probeTimer = setTimeout(() => {
      this.probeTimer = undefined;
      void this.probe();
    }, delay);
    this.probeTimer.unref();
  }

  /** Any answer at all, even an error, means the service is reachable again. */
  private async probe(): Promise<void> {
    if (this.closed || this.connectivity === 'online') return;
    try {
      await this.options.api.callByName('CalendarCalendarListList', { maxResults: 1 });
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 0) {
        this.scheduleProbe();
        return;
      }
    }
    this.recovered();
  }

  private recovered(): void {
    if (this.closed || this.connectivity === 'online') return;
    this.connectivity = 'online';
    clearTimeout(this.probeTimer);
    this.probeTimer = undefined;
    this.options.onConnectivity?.('online');
    // Whatever changed meanwhile was not pushed to us (or not polled): catch up everywhere.
    for (const entry of this.followed.values()) entry.sync.trigger();
    this.tasks.pollSoon();
  }
}
