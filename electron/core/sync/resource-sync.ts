import { ApiCallError } from '../api-call-error';
import type { ApiClient } from '../api-client';
import { collectionRefId, type CollectionRef } from '../../../shared/api/collections';
import type { ChangeDetail, EventFeed } from '../event-feed';
import { backoffDelay, isRetryable } from '../retry-policy';
import type { RetryPolicy } from '../retry-policy';
import type { SyncPass, SyncSource } from './sync-sources';

/** Where a collection's passes are kept (a Google account's mirror): it also holds the cursor across restarts. */
export interface ResourceSink {
  /** The cursor kept from an earlier run; the first pass continues from it instead of listing afresh. */
  readonly cursor?: string;
  /** Stores what a pass found (and its cursor) before it is announced. */
  apply(pass: SyncPass, full: boolean): Promise<void> | void;
}

export interface ResourceSyncOptions {
  readonly api: ApiClient;
  readonly account: string;
  readonly source: SyncSource;
  readonly feed: EventFeed;
  /**
   * A pass starts once requests have been quiet this long (a burst of notifications becomes one
   * pass), but never later than `maxGatherMs` after the first waiting request.
   */
  readonly gatherMs?: number;
  readonly maxGatherMs?: number;
  /** Backoff between passes after the API kept answering "rate limited" (its own retries are spent by then). */
  readonly backoff?: RetryPolicy;
  readonly random?: () => number;
  /** A pass could not reach the service. */
  readonly onUnreachable?: (error: ApiCallError) => void;
  /** A pass went through (the service is reachable). */
  readonly onReached?: () => void;
  /** The items of every pass (the calendar list uses it to follow calendars). */
  readonly onPass?: (pass: SyncPass, full: boolean) => void;
  readonly sink?: ResourceSink;
  readonly log?: (message: string) => void;
}

export const defaultSyncBackoff: RetryPolicy = {
  maxAttempts: Number.POSITIVE_INFINITY,
  baseDelayMs: 2_000,
  maxDelayMs: 5 * 60_000,
};

/** Google answers 410 when a sync token is too old or otherwise unusable: start over with a full listing. */
const cursorExpired = (error: unknown): boolean => error instanceof ApiCallError && error.status === 410;

/**
 * Keeps one collection in step with its sync token. Passes never overlap: requests arriving during
 * a pass (a burst of notifications) become at most one more pass after it. Each pass that finds
 * changes pushes one `changed` event naming the changed ids; a pass that had to start over
 * (410, or no cursor yet) pushes one with `full: true`.
 */
export class ResourceSync {
  private cursor: string | undefined;
  private primed = false;
  /** The next full listing is the first look, not news: nothing to announce. */
  private silent = false;
  private silentPassRunning = false;
  /** A request came while a silent first listing ran: what it was about may be in that listing, unannounced. */
  private owedAnnouncement = false;
  private wanted = false;
  private lastRequest = 0;
  private firstWaiting = 0;
  private running: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private rateLimitedPasses = 0;
  private closed = false;
  /** Passes made (full and incremental), for tests and benchmarks. */
  passes = 0;

  constructor(private readonly options: ResourceSyncOptions) {
    this.cursor = options.sink?.cursor;
  }

  get target(): CollectionRef {
    return this.options.source.target;
  }

  get hasCursor(): boolean {
    return this.cursor !== undefined;
  }

  /** Establishes the cursor with a full listing without announcing anything (the renderer has not read yet). */
  async prime(): Promise<void> {
    if (this.closed) return;
    if (this.primed) return this.idle();
    this.primed = true;
    this.silent = this.cursor === undefined;
    this.request();
    await this.drain();
  }

  /** Asks for a pass soon; many requests close together make one pass. */
  trigger(): void {
    if (this.closed) return;
    this.primed = true;
    // News arrived: the first listing (if still to come) is no longer just a first look.
    this.silent = false;
    if (this.silentPassRunning) this.owedAnnouncement = true;
    this.request();
    if (!this.running) void this.drain();
  }

  private request(): void {
    this.wanted = true;
    this.lastRequest = Date.now();
    if (this.firstWaiting === 0) this.firstWaiting = this.lastRequest;
  }

  /** Waits until requests have been quiet for `gatherMs`, or the first waiting one has waited `maxGatherMs`. */
  private async gathered(): Promise<void> {
    const quiet = this.options.gatherMs ?? 20;
    const longest = this.options.maxGatherMs ?? 1_000;
    for (;;) {
      const now = Date.now();
      const left = Math.min(quiet - (now - this.lastRequest), longest - (now - this.firstWaiting));
      if (left <= 0 || this.closed) return;
      await new Promise((resolve) => setTimeout(resolve, left));
    }
  }

  /** Resolves once no pass is running or wanted. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  close(): void {
    this.closed = true;
    this.wanted = false;
    clearTimeout(this.retryTimer);
  }

  private drain(): Promise<void> {
    this.running ??= (async () => {
      try {
        while (this.wanted && !this.closed) {
          await this.gathered();
          this.wanted = false;
          this.firstWaiting = 0;
          await this.pass();
        }
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  private async pass(): Promise<void> {
    const { api, source } = this.options;
    const silent = this.silent;
    this.silent = false;
    this.silentPassRunning = silent;
    try {
      let result: SyncPass;
      let full = false;
      this.passes++;
      if (this.cursor === undefined) {
        result = await source.full(api);
        full = true;
      } else {
        try {
          result = await source.incremental(api, this.cursor);
        } catch (error) {
          if (!cursorExpired(error)) throw error;
          this.cursor = undefined;
          this.passes++;
          result = await source.full(api);
          full = true;
        }
      }
      if (this.closed) return;
      await this.options.sink?.apply(result, full);
      if (this.closed) return;
      this.cursor = result.cursor;
      this.rateLimitedPasses = 0;
      this.options.onReached?.();
      this.options.onPass?.(result, full);
      const owed = this.owedAnnouncement && !silent;
      if (!silent) this.owedAnnouncement = false;
      if (full && !silent) this.announce({ full: true });
      else if (!full && result.ids.length > 0) this.announce({ ids: result.ids }, result);
      else if (owed) this.announce({});
    } catch (error) {
      this.failed(error);
    } finally {
      this.silentPassRunning = false;
    }
  }

  /** One event for the followed collection, and one for each collection its changes stand for. */
  private announce(detail: ChangeDetail, pass?: SyncPass): void {
    const { source, account, feed } = this.options;
    feed.changed(account, source.target, detail);
    const others = source.alsoChanged?.(pass) ?? [];
    for (const other of others) feed.changed(account, other, detail.full ? { full: true } : {});
  }

  private failed(error: unknown): void {
    if (this.closed) return;
    if (error instanceof ApiCallError) {
      if (error.status === 0) {
        // Offline: the account's connectivity watch asks again once the service answers.
        this.options.onUnreachable?.(error);
        return;
      }
      if (isRetryable(error)) {
        const delay = backoffDelay(
          this.options.backoff ?? defaultSyncBackoff,
          this.rateLimitedPasses++,
          this.options.random ?? Math.random,
        );
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.trigger(), delay);
        this.retryTimer.unref();
        return;
      }
      if (error.reason === 'reauthRequired') return;
    }
    this.options.log?.(
      `Syncing ${collectionRefId(this.options.source.target)} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
