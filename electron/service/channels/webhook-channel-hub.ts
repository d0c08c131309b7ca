import { createHash } from 'node:crypto';
import { ApiError, forbidden, notFound } from '../http/api-error';
import { escapeForLog } from '../log-text';
import type { Store } from '../store/store';
import type { User } from '../store/users';
import type { ChannelHub, ChannelRequest, ChannelResource, WatchedResource } from './channel-hub';
import { DeliveryQueue, type DeliveryTarget } from './delivery-queue';
import {
  admitAddress,
  checkChannelToken,
  exactWebhookPolicy,
  permitsAddress,
  webhookPolicy,
  type WebhookPolicy,
  type WebhookPolicyOptions,
} from './webhook-policy';

export interface WebhookChannelHubOptions {
  readonly store: Store;
  readonly now: () => Date;
  /** Lifetime of a channel whose request names no expiration (Google: one week). */
  readonly defaultTtlMs?: number;
  /** Longest lifetime granted; a later requested expiration is shortened to it. */
  readonly maxTtlMs?: number;
  readonly retryBaseDelayMs?: number;
  readonly maxAttempts?: number;
  readonly deliveryTimeoutMs?: number;
  readonly log?: (message: string) => void;
  /** Where notifications may go; https addresses only by default. */
  readonly webhooks?: WebhookPolicyOptions;
  /** Live (not stopped, not expired) channels one user may hold; more are refused. */
  readonly maxChannelsPerUser?: number;
}

interface ChannelRow {
  id: string;
  resource_id: string;
  resource_uri: string;
  user_id: string;
  address: string;
  token: string | null;
  expiration: number;
  next_message_number: number;
  stopped: number;
}

const week = 7 * 24 * 3600 * 1000;
const channelIdPattern = /^[A-Za-z0-9\-_+/=]{1,64}$/;
const webhookTypes = new Set(['web_hook', 'webhook']);

/**
 * Enough for a client watching every calendar, list and file it shows, few enough that one user
 * cannot make the service hold and notify an unbounded number of addresses.
 */
export const defaultMaxChannelsPerUser = 1000;

/** `resourceId` is derived from what is watched, so it is the same for every channel on it, as at Google. */
export const resourceIdFor = (key: string): string =>
  createHash('sha256').update(`resource:${key}`).digest('base64url').slice(0, 27);

const invalidChannel = (field: string, message: string): ApiError =>
  new ApiError(400, 'invalid', message, { location: field, locationType: 'parameter' });

/** Watch channels stored in the `channels` table, delivered as webhooks with Google's headers. */
export class WebhookChannelHub implements ChannelHub {
  private readonly store: Store;
  private readonly now: () => Date;
  private readonly defaultTtlMs: number;
  private readonly maxTtlMs: number;
  private readonly delivery: DeliveryQueue;
  private readonly maxChannelsPerUser: number;
  private readonly log: (message: string) => void;
  private policy: WebhookPolicy;
  /** Channels already reported as held back by the policy (reported once each). */
  private readonly heldBack = new Set<string>();
  /**
   * The resource keys some channel not stopped watches (expired ones included), read when first
   * needed, so a write to what nobody watches costs no lookup. Forgotten when this hub opens or
   * stops a channel (the only writes that add or stop one) and when the store rolled anything back.
   */
  private watched: { readonly keys: ReadonlySet<string>; readonly rollbacks: number } | undefined;

  constructor(options: WebhookChannelHubOptions) {
    this.store = options.store;
    this.now = options.now;
    this.defaultTtlMs = options.defaultTtlMs ?? week;
    this.maxTtlMs = options.maxTtlMs ?? 4 * week;
    this.maxChannelsPerUser = options.maxChannelsPerUser ?? defaultMaxChannelsPerUser;
    this.policy = webhookPolicy(options.webhooks);
    this.log = options.log ?? ((message) => console.warn(message));
    this.delivery = new DeliveryQueue({
      retryBaseDelayMs: options.retryBaseDelayMs ?? 1000,
      maxAttempts: options.maxAttempts ?? 5,
      timeoutMs: options.deliveryTimeoutMs ?? 10_000,
      isLive: (id) => this.isLive(id),
      log: this.log,
    });
  }

  watch(user: User, request: ChannelRequest, resource: WatchedResource): ChannelResource {
    const now = this.now().getTime();
    if (typeof request.id !== 'string' || !channelIdPattern.test(request.id)) {
      throw invalidChannel(
        'id',
        'Channel id must be 1 to 64 characters from A-Z, a-z, 0-9, "-", "_", "+", "/" and "=".',
      );
    }
    if (request.type !== undefined && !webhookTypes.has(request.type.toLowerCase())) {
      throw invalidChannel('type', `Channel type "${request.type}" is not supported; use "web_hook".`);
    }
    const address = admitAddress(this.policy, request.address);
    const token = checkChannelToken(request.token);
    const expiration = this.expirationFor(request, now);
    const resourceId = resourceIdFor(resource.key);

    this.watched = undefined;
    this.store.transaction(() => {
      const existing = this.store
        .prepare<[string], Pick<ChannelRow, 'stopped' | 'expiration'>>(
          'SELECT stopped, expiration FROM channels WHERE id = ?',
        )
        .get(request.id);
      if (existing && existing.stopped === 0 && existing.expiration > now) {
        throw new ApiError(400, 'channelIdNotUnique', `Channel id ${request.id} not unique`);
      }
      const { live } = this.store
        .prepare<[string, number], { live: number }>(
          'SELECT count(*) AS live FROM channels WHERE user_id = ? AND stopped = 0 AND expiration > ?',
        )
        .get(user.id, now)!;
      if (live >= this.maxChannelsPerUser) {
        throw new ApiError(
          400,
          'invalid',
          `Too many watch channels: at most ${this.maxChannelsPerUser} may be open at once; stop some first.`,
        );
      }
      // A stopped or expired channel's id may be used again.
      this.store.prepare('DELETE FROM channels WHERE id = ?').run(request.id);
      this.store
        .prepare(
          `INSERT INTO channels (id, resource_id, resource_uri, resource_key, user_id, address, token, expiration,
             next_message_number, stopped, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 2, 0, ?)`,
        )
        .run(
          request.id,
          resourceId,
          resource.uri,
          resource.key,
          user.id,
          address,
          token,
          expiration,
          new Date(now).toISOString(),
        );
    });

    const target: DeliveryTarget = {
      channelId: request.id,
      address,
      token,
      expiration,
      resourceId,
      resourceUri: resource.uri,
    };
    this.delivery.enqueue(target, { messageNumber: 1, state: 'sync' });

    const channel: ChannelResource = { kind: 'api#channel', id: request.id, resourceId, resourceUri: resource.uri };
    if (token !== null) channel.token = token;
    channel.expiration = String(expiration);
    return channel;
  }

  stop(user: User, channel: { id: string; resourceId: string }): void {
    const row = this.store
      .prepare<[string], Pick<ChannelRow, 'user_id' | 'resource_id' | 'stopped'>>(
        'SELECT user_id, resource_id, stopped FROM channels WHERE id = ?',
      )
      .get(channel.id);
    if (!row || row.stopped !== 0 || row.resource_id !== channel.resourceId) {
      throw notFound(`Channel '${channel.id}' not found for project`);
    }
    if (row.user_id !== user.id) throw forbidden('Only the creator of a channel may stop it.');
    this.store.prepare('UPDATE channels SET stopped = 1 WHERE id = ?').run(channel.id);
    this.watched = undefined;
    this.delivery.discard(channel.id);
  }

  notify(key: string, state: string, changed?: readonly string[]): void {
    if (!this.watchedKeys().has(key)) return;
    const now = this.now().getTime();
    const live = this.store
      .prepare<[string, number], ChannelRow>(
        `SELECT id, resource_id, resource_uri, user_id, address, token, expiration, next_message_number, stopped
           FROM channels WHERE resource_key = ? AND stopped = 0 AND expiration > ?`,
      )
      .all(key, now);
    const allowed = live.filter((row) => this.permitted(row));
    if (allowed.length === 0) return;
    // Message numbers are taken from the database so they keep increasing across restarts.
    this.store.transaction(() => {
      const advance = this.store.prepare(
        'UPDATE channels SET next_message_number = next_message_number + 1 WHERE id = ?',
      );
      for (const row of allowed) advance.run(row.id);
    });
    for (const row of allowed) {
      this.delivery.enqueue(
        {
          channelId: row.id,
          address: row.address,
          token: row.token,
          expiration: row.expiration,
          resourceId: row.resource_id,
          resourceUri: row.resource_uri,
        },
        changed
          ? { messageNumber: row.next_message_number, state, changed }
          : { messageNumber: row.next_message_number, state },
      );
    }
  }

  /**
   * Replaces the policy with exactly these origins (the desktop app names its relay once it
   * listens). Channels already open to an address it no longer allows get nothing more.
   */
  setWebhookOrigins(origins: readonly string[]): void {
    this.policy = exactWebhookPolicy(origins);
    this.heldBack.clear();
  }

  /** Whether no delivery is queued or in flight. */
  get idle(): boolean {
    return this.delivery.idle;
  }

  close(): Promise<void> {
    return this.delivery.close();
  }

  private watchedKeys(): ReadonlySet<string> {
    const rollbacks = this.store.rollbacks;
    if (this.watched?.rollbacks !== rollbacks) {
      const rows = this.store
        .prepare<[], { resource_key: string }>('SELECT DISTINCT resource_key FROM channels WHERE stopped = 0')
        .all();
      this.watched = { keys: new Set(rows.map((row) => row.resource_key)), rollbacks };
    }
    return this.watched.keys;
  }

  /** Checked before every attempt, so a channel stopped, expired or no longer allowed gets nothing more. */
  private isLive(channelId: string): boolean {
    if (!this.store.db.open) return false;
    const row = this.store
      .prepare<[string], Pick<ChannelRow, 'id' | 'address' | 'stopped' | 'expiration'>>(
        'SELECT id, address, stopped, expiration FROM channels WHERE id = ?',
      )
      .get(channelId);
    return row !== undefined && row.stopped === 0 && row.expiration > this.now().getTime() && this.permitted(row);
  }

  /** Whether the policy allows a stored channel's address; a refused one is reported once. */
  private permitted(row: Pick<ChannelRow, 'id' | 'address'>): boolean {
    if (permitsAddress(this.policy, row.address)) return true;
    if (!this.heldBack.has(row.id)) {
      this.heldBack.add(row.id);
      this.log(escapeForLog(`channel ${row.id}: not delivered, the webhook policy does not allow its address`));
    }
    return false;
  }

  /** Milliseconds since the epoch: `expiration` if given, else `params.ttl` seconds, else the default; never past the maximum. */
  private expirationFor(request: ChannelRequest, now: number): number {
    let expiration = now + this.defaultTtlMs;
    const ttl = request.params?.['ttl'];
    if (ttl !== undefined) {
      if (!/^\d+$/.test(ttl) || Number(ttl) <= 0) throw invalidChannel('params.ttl', `Invalid channel ttl: ${ttl}`);
      expiration = now + Number(ttl) * 1000;
    }
    if (request.expiration !== undefined && request.expiration !== null && String(request.expiration) !== '') {
      const value = String(request.expiration);
      if (!/^\d+$/.test(value)) {
        throw invalidChannel('expiration', `Channel expiration must be a Unix timestamp in milliseconds: ${value}`);
      }
      expiration = Number(value);
      if (expiration <= now) throw invalidChannel('expiration', `Channel expiration ${value} is in the past.`);
    }
    return Math.min(expiration, now + this.maxTtlMs);
  }
}
