import type { User } from '../store/users';

/** What a watch operation watches: a collection of one user's resources, identified by a stable key. */
export interface WatchedResource {
  /** Stable key the area uses when notifying, e.g. `calendar:events:<calendarId>` or `drive:changes:<userId>`. */
  readonly key: string;
  /** `X-Goog-Resource-URI`: the version-specific URI of the watched list, with its list parameters. */
  readonly uri: string;
}

/** The channel body of a watch request (kind `api#channel`). */
export interface ChannelRequest {
  id: string;
  type?: string;
  address: string;
  token?: string;
  expiration?: string;
  params?: Record<string, string>;
  payload?: boolean;
}

export interface ChannelResource {
  kind: 'api#channel';
  id: string;
  resourceId: string;
  resourceUri: string;
  token?: string;
  expiration?: string;
}

/**
 * Watch channels and their notification delivery (HTTP POST with Google's `X-Goog-*` headers,
 * `sync` first, retries with backoff, until stopped or expired).
 */
export interface ChannelHub {
  /** Opens a channel for `user` on `resource`; sends the `sync` notification. */
  watch(user: User, request: ChannelRequest, resource: WatchedResource): ChannelResource;
  /** Stops a channel; only its creator may stop it (403 otherwise, 404 when unknown). */
  stop(user: User, channel: { id: string; resourceId: string }): void;
  /**
   * Tells every live channel on `key` that something changed. `state` is `X-Goog-Resource-State`
   * (`exists`/`not_exists` for Calendar; `add`/`remove`/`update`/`trash`/`untrash`/`change` for Drive);
   * `changed` is the `X-Goog-Changed` list (Drive `update`). Call it after the transaction commits.
   */
  notify(key: string, state: string, changed?: readonly string[]): void;
  /** Stops timers and pending deliveries. */
  close(): Promise<void>;
}
