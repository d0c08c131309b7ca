import { escapeForLog } from '../log-text';

/** One notification to POST to a channel's address. */
export interface Notification {
  readonly messageNumber: number;
  readonly state: string;
  readonly changed?: readonly string[];
}

/** What delivery needs to know about a channel; fixed for the channel's lifetime. */
export interface DeliveryTarget {
  readonly channelId: string;
  readonly address: string;
  readonly token: string | null;
  /** Milliseconds since the epoch. */
  readonly expiration: number;
  readonly resourceId: string;
  readonly resourceUri: string;
}

export interface DeliveryOptions {
  /** First retry waits this long; each further retry waits twice as long as the one before. */
  readonly retryBaseDelayMs: number;
  /** Attempts per notification (the first try included) before it is dropped. */
  readonly maxAttempts: number;
  /** How long one POST may take before it counts as failed. */
  readonly timeoutMs: number;
  /**
   * Messages held per channel, the one being sent included. While a receiver is down or slow,
   * changes keep coming; past this bound the newest message takes the place of the last one waiting
   * (Google's message numbers increase but may skip, and a receiver re-reads the resource anyway).
   */
  readonly maxPending?: number;
  /** Whether the channel may still receive notifications (not stopped, not expired). */
  readonly isLive: (channelId: string) => boolean;
  readonly log: (message: string) => void;
}

/** Google's notification headers for one message. */
export function notificationHeaders(target: DeliveryTarget, n: Notification): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Goog-Channel-ID': target.channelId,
    'X-Goog-Channel-Expiration': new Date(target.expiration).toUTCString(),
    'X-Goog-Resource-ID': target.resourceId,
    'X-Goog-Resource-URI': target.resourceUri,
    'X-Goog-Resource-State': n.state,
    'X-Goog-Message-Number': String(n.messageNumber),
    'User-Agent': 'APIs-Google; (+https://developers.google.com/webmasters/APIs-Google.html)',
  };
  // A header carries bytes: the token goes as its UTF-8 bytes (fetch takes a string of byte values).
  if (target.token !== null) headers['X-Goog-Channel-Token'] = Buffer.from(target.token, 'utf8').toString('latin1');
  if (n.changed && n.changed.length > 0) headers['X-Goog-Changed'] = n.changed.join(',');
  return headers;
}

const defaultMaxPending = 100;

/**
 * One message standing for `earlier` and `later`: the later one's number and state, and the changed
 * parts of both (none named when either named none: the change may have been to anything).
 */
function coalesce(earlier: Notification, later: Notification): Notification {
  const merged = { messageNumber: later.messageNumber, state: later.state };
  if (!earlier.changed || !later.changed) return merged;
  return { ...merged, changed: [...new Set([...earlier.changed, ...later.changed])] };
}

/**
 * Delivers notifications, one channel's in order and one at a time (a later message never
 * overtakes an earlier one), different channels independently. A failed POST is retried with
 * exponential backoff; after the last attempt the message is dropped and the next one goes.
 */
export class DeliveryQueue {
  private readonly queues = new Map<string, { target: DeliveryTarget; pending: Notification[]; done: Promise<void> }>();
  private readonly abort = new AbortController();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(private readonly options: DeliveryOptions) {}

  enqueue(target: DeliveryTarget, notification: Notification): void {
    if (this.abort.signal.aborted) return;
    const queue = this.queues.get(target.channelId);
    if (queue) {
      const { pending } = queue;
      // pending[0] is in flight and stays as it is.
      if (pending.length >= Math.max(2, this.options.maxPending ?? defaultMaxPending)) {
        pending[pending.length - 1] = coalesce(pending[pending.length - 1]!, notification);
      } else pending.push(notification);
      return;
    }
    const fresh = { target, pending: [notification], done: Promise.resolve() };
    this.queues.set(target.channelId, fresh);
    fresh.done = this.drain(fresh);
  }

  /** Forgets what is still queued for a channel (it was stopped). */
  discard(channelId: string): void {
    const queue = this.queues.get(channelId);
    if (queue) queue.pending.length = 0;
  }

  /** Messages held for a channel, the one being sent included. */
  pendingFor(channelId: string): number {
    return this.queues.get(channelId)?.pending.length ?? 0;
  }

  /** Whether anything is queued or in flight (tests wait for quiet). */
  get idle(): boolean {
    return this.queues.size === 0;
  }

  /** Cancels waiting retries and in-flight POSTs; resolves once every worker has ended. */
  async close(): Promise<void> {
    this.abort.abort();
    for (const t of this.timers) {
      clearTimeout(t.timer);
      t.resolve();
    }
    this.timers.clear();
    await Promise.all([...this.queues.values()].map((q) => q.done));
  }

  private async drain(queue: { target: DeliveryTarget; pending: Notification[] }): Promise<void> {
    try {
      // Start on the next turn so the request that caused the notification is answered first.
      await this.sleep(0);
      while (queue.pending.length > 0 && !this.abort.signal.aborted) {
        const message = queue.pending[0]!;
        for (let attempt = 1; attempt <= this.options.maxAttempts; attempt++) {
          if (this.abort.signal.aborted || !this.options.isLive(queue.target.channelId)) {
            queue.pending.length = 0;
            return;
          }
          const failure = await this.post(queue.target, message);
          if (failure === null) break;
          if (attempt === this.options.maxAttempts) {
            this.options.log(
              escapeForLog(
                `channel ${queue.target.channelId}: message ${message.messageNumber} dropped after ${attempt} attempts (${failure})`,
              ),
            );
            break;
          }
          await this.sleep(this.options.retryBaseDelayMs * 2 ** (attempt - 1));
        }
        queue.pending.shift();
      }
    } finally {
      // Runs in the same turn as the last emptiness check, so a later message starts a new worker.
      this.queues.delete(queue.target.channelId);
    }
  }

  /** POSTs one notification; null on success, otherwise why it failed. */
  private async post(target: DeliveryTarget, message: Notification): Promise<string | null> {
    try {
      const response = await fetch(target.address, {
        method: 'POST',
        headers: notificationHeaders(target, message),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.options.timeoutMs)]),
        redirect: 'manual',
      });
      await response.body?.cancel();
      return response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          this.timers.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(entry);
    });
  }
}
