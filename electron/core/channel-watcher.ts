import { randomBytes, randomUUID } from 'node:crypto';
import { collectionRefId, type CollectionRef } from '../../shared/api/collections';
import type { ApiClient } from './api-client';
import { ApiCallError } from './api-call-error';
import type { RelayServer } from './relay-server';

/** Body of a watch request (Google's `api#channel`). */
export interface ChannelRequestBody {
  id: string;
  type: 'web_hook';
  address: string;
  token: string;
}

export interface OpenChannel {
  readonly id: string;
  readonly resourceId: string;
  /** Milliseconds since the epoch; undefined when the service did not say. */
  readonly expiration?: number;
}

/** One collection to watch: how to open a channel on it and how to stop one. */
export interface WatchTarget {
  /** The collection watched, as `changed` events name it. */
  readonly target: CollectionRef;
  open(api: ApiClient, body: ChannelRequestBody): Promise<unknown>;
  stop(api: ApiClient, channel: OpenChannel): Promise<void>;
}

export interface ChannelWatcherOptions {
  readonly api: ApiClient;
  readonly relay: RelayServer;
  /**
   * Where the service should deliver: the relay's own loopback address (the embedded service), or
   * a public HTTPS address that forwards to it (Google).
   */
  readonly address?: string;
  /** A notification other than the opening `sync` arrived: the collection changed. */
  readonly onChange: () => void;
  readonly target: WatchTarget;
  /** Wait before trying again when the service cannot open the channel (501 or any failure). */
  readonly retryMs: number;
  readonly log?: (message: string) => void;
}

/** setTimeout's longest delay (about 24.8 days). */
const maxTimerMs = 2 ** 31 - 1;

function channelFrom(answer: unknown, fallbackId: string): OpenChannel {
  const value = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>;
  const expiration = Number(value.expiration);
  return {
    id: typeof value.id === 'string' ? value.id : fallbackId,
    resourceId: typeof value.resourceId === 'string' ? value.resourceId : '',
    ...(Number.isFinite(expiration) && expiration > 0 ? { expiration } : {}),
  };
}

/** The service does not offer this operation (yet): not worth a warning, just a later retry. */
const notOffered = (error: unknown): boolean =>
  error instanceof ApiCallError && (error.status === 501 || error.reason === 'unknownOperation');

/**
 * Keeps one watch channel open on a collection: opens it, renews it before it expires, passes its
 * notifications on, and stops it on close. While the service cannot open it, retries quietly from
 * time to time.
 */
export class ChannelWatcher {
  private current: (OpenChannel & { token: string }) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: ChannelWatcherOptions) {}

  get channel(): OpenChannel | undefined {
    return this.current;
  }

  start(): void {
    void this.open();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const channel = this.current;
    this.current = undefined;
    if (channel) await this.stop(channel);
  }

  /** Opens a channel (replacing any current one after the new one is live). Resolves true on success. */
  async open(): Promise<boolean> {
    const { api, relay, target, onChange } = this.options;
    clearTimeout(this.timer);
    const id = randomUUID();
    const token = randomBytes(32).toString('base64url');
    // Registered before asking, because the `sync` message may arrive before the answer does.
    relay.register({
      id,
      token,
      onNotification: (notification) => {
        if (notification.state !== 'sync') onChange();
      },
    });
    try {
      const answer = await target.open(api, {
        id,
        type: 'web_hook',
        address: this.options.address ?? relay.address,
        token,
      });
      if (this.closed) {
        await this.stop(channelFrom(answer, id));
        return false;
      }
      const previous = this.current;
      this.current = { ...channelFrom(answer, id), token };
      this.scheduleRenewal(this.current.expiration);
      if (previous) await this.stop(previous);
      return true;
    } catch (error) {
      relay.unregister(id);
      if (!notOffered(error)) {
        this.options.log?.(
          `Could not watch ${collectionRefId(target.target)}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      this.schedule(this.options.retryMs);
      return false;
    }
  }

  private scheduleRenewal(expiration: number | undefined): void {
    if (expiration === undefined) return;
    const lifetime = expiration - Date.now();
    // Renew when a tenth of the lifetime is left (at most an hour early), so no change falls in a gap.
    const margin = Math.min(3_600_000, Math.max(1_000, lifetime / 10));
    this.schedule(Math.max(1_000, lifetime - margin));
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.open(), Math.min(ms, maxTimerMs));
    this.timer.unref();
  }

  private async stop(channel: OpenChannel): Promise<void> {
    this.options.relay.unregister(channel.id);
    try {
      await this.options.target.stop(this.options.api, channel);
    } catch {
      // The channel expires on its own; a failed stop costs at most some refused notifications.
    }
  }
}

const resultField = (answer: unknown, field: string): unknown =>
  typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[field] : undefined;

export const calendarEventsTarget = (calendarId: string): WatchTarget => ({
  target: { collection: 'events', key: calendarId },
  open: (api, body) => api.callByName('CalendarEventsWatch', { calendarId }, body),
  stop: async (api, channel) =>
    void (await api.callByName('CalendarChannelsStop', {}, { id: channel.id, resourceId: channel.resourceId })),
});

const stopCalendarChannel = async (api: ApiClient, channel: OpenChannel): Promise<void> =>
  void (await api.callByName('CalendarChannelsStop', {}, { id: channel.id, resourceId: channel.resourceId }));

export const calendarAclTarget = (calendarId: string): WatchTarget => ({
  target: { collection: 'acl', key: calendarId },
  open: (api, body) => api.callByName('CalendarAclWatch', { calendarId }, body),
  stop: stopCalendarChannel,
});

export const calendarSettingsTarget: WatchTarget = {
  target: { collection: 'settings' },
  open: (api, body) => api.callByName('CalendarSettingsWatch', {}, body),
  stop: stopCalendarChannel,
};

export const calendarListTarget: WatchTarget = {
  target: { collection: 'calendarList' },
  open: (api, body) => api.callByName('CalendarCalendarListWatch', {}, body),
  stop: async (api, channel) =>
    void (await api.callByName('CalendarChannelsStop', {}, { id: channel.id, resourceId: channel.resourceId })),
};

export const driveChangesTarget: WatchTarget = {
  target: { collection: 'changes' },
  async open(api, body) {
    const start = await api.callByName('DriveChangesGetStartPageToken', {});
    const pageToken = resultField(start, 'startPageToken');
    if (typeof pageToken !== 'string') throw new Error('DriveChangesGetStartPageToken answered no startPageToken');
    return api.callByName('DriveChangesWatch', { pageToken }, body);
  },
  stop: async (api, channel) =>
    void (await api.callByName('DriveChannelsStop', {}, { id: channel.id, resourceId: channel.resourceId })),
};
