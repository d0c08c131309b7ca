import type { AccountConnection, Accounts } from '../accounts';
import type { AppConfig } from '../config';
import type { EventFeed } from '../event-feed';
import { localAccountId } from '../local-account';
import type { RelayServer } from '../relay-server';
import type { RetryPolicy } from '../retry-policy';
import { AccountSync } from './account-sync';
import type { Connectivity, SyncMirror } from './account-sync';
import { PollCadence } from './poll-cadence';

export interface SyncEngineOptions {
  readonly accounts: Accounts;
  readonly feed: EventFeed;
  /** The relay listener; the local account always pushes to it, Google accounts only through `publicUrl`. */
  readonly relay: RelayServer;
  readonly config: AppConfig;
  readonly gatherMs?: number;
  readonly backoff?: RetryPolicy;
  readonly reconnect?: RetryPolicy;
  readonly log?: (message: string) => void;
  /** The mirror of an account that has one (Google accounts): passes are kept there. */
  readonly mirrorOf?: (account: string) => SyncMirror | undefined;
  /** Told when an account stops or starts answering. */
  readonly onConnectivity?: (account: string, state: Connectivity) => void;
}

/**
 * Change tracking for every account. The embedded service delivers its channel notifications
 * straight to the relay; Google can only deliver to a public HTTPS address, so a Google account is
 * watched through the configured public relay address when there is one and polled otherwise.
 */
export class SyncEngine {
  readonly cadence: PollCadence;
  private readonly syncs = new Map<string, AccountSync>();
  private readonly unsubscribe: (() => void)[] = [];
  private closed = false;

  constructor(private readonly options: SyncEngineOptions) {
    this.cadence = new PollCadence(options.config.sync);
    for (const connection of options.accounts.connections()) this.startAccount(connection);
    this.unsubscribe.push(
      options.accounts.onAdded((connection) => this.startAccount(connection)),
      options.accounts.onRemoving((id) => this.stopAccount(id)),
    );
  }

  /** The sync of one account (tests and benchmarks wait on it and look inside). */
  get(account: string): AccountSync | undefined {
    return this.syncs.get(account);
  }

  setFocused(focused: boolean): void {
    this.cadence.setFocused(focused);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const stop of this.unsubscribe) stop();
    const syncs = [...this.syncs.values()];
    this.syncs.clear();
    await Promise.all(syncs.map((sync) => sync.close()));
  }

  private startAccount(connection: AccountConnection): void {
    if (this.closed || this.syncs.has(connection.account.id)) return;
    const { feed, relay, config, log } = this.options;
    const id = connection.account.id;
    const local = id === localAccountId;
    const publicUrl = config.relay.publicUrl;
    const push =
      local || publicUrl
        ? { relay, watchRetryMs: config.sync.watchRetryMs, ...(local ? {} : { address: publicUrl }) }
        : undefined;
    const mirror = this.options.mirrorOf?.(id);
    const sync = new AccountSync({
      account: id,
      ...(mirror ? { mirror } : {}),
      api: connection.api,
      feed,
      ...(push ? { push } : {}),
      safetyPoll: !local,
      cadence: this.cadence,
      onConnectivity: (state) => {
        feed.push({ type: 'syncState', account: id, state });
        this.options.accounts.setOffline(id, state === 'offline');
        this.options.onConnectivity?.(id, state);
      },
      ...(this.options.gatherMs !== undefined ? { gatherMs: this.options.gatherMs } : {}),
      ...(this.options.backoff ? { backoff: this.options.backoff } : {}),
      ...(this.options.reconnect ? { reconnect: this.options.reconnect } : {}),
      ...(log ? { log } : {}),
    });
    this.syncs.set(id, sync);
    sync
      .start()
      .catch((error: unknown) =>
        log?.(`Could not start following ${id}: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  private async stopAccount(id: string): Promise<void> {
    const sync = this.syncs.get(id);
    this.syncs.delete(id);
    await sync?.close();
  }
}
