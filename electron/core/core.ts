import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { IpcEvent, IpcOutput } from '../../shared/ipc/contract';
import { createIpcDispatcher } from '../../shared/ipc/dispatcher';
import type { IpcDispatcher, IpcHandlers } from '../../shared/ipc/dispatcher';
import { startEmbeddedService } from '../service';
import { Accounts } from './accounts';
import { ApiClient } from './api-client';
import { ChannelWatcher, calendarEventsTarget, calendarListTarget, driveChangesTarget } from './channel-watcher';
import { EventFeed } from './event-feed';
import { createCoreHandlers } from './ipc-handlers';
import { localAccountId, localAccountToken, localUserDisplayName, localUserEmail } from './local-account';
import { RelayServer } from './relay-server';
import type { RetryPolicy } from './retry-policy';
import { TasksPoller } from './tasks-poller';
import type { Vault } from './vault';

export interface ExtraUser {
  readonly email: string;
  readonly token: string;
  readonly displayName?: string;
}

export interface ChangeWatchOptions {
  /** Wait before asking again for a watch the service refused or does not offer yet. */
  readonly retryMs?: number;
  /** How often Tasks (which has no watch channels) is polled for changes made elsewhere. */
  readonly tasksPollMs?: number;
}

export interface CoreOptions {
  /** The app's per-user folder; the embedded service keeps its data in `<userDataDir>/local-service`. */
  readonly userDataDir: string;
  readonly vault: Vault;
  readonly host: IpcOutput<'app.info'>['host'];
  readonly version?: string;
  /** More users on the embedded service (tests and demos sharing with someone). */
  readonly extraUsers?: readonly ExtraUser[];
  /** `false` turns change watching off (no relay, no channels, no polling). */
  readonly changeWatch?: ChangeWatchOptions | false;
  readonly retry?: Partial<RetryPolicy>;
  readonly log?: (message: string) => void;
}

export interface Core {
  readonly dispatcher: IpcDispatcher;
  readonly handlers: IpcHandlers;
  readonly accounts: Accounts;
  /** Events for the renderer (changes, sync state). */
  onEvent(listener: (event: IpcEvent) => void): () => void;
  readonly serviceUrl: string;
  readonly localUser: { readonly email: string; readonly token: string };
  /** Set when secrets cannot be kept across restarts, with the reason to show the user. */
  readonly vaultWarning?: string;
  close(): Promise<void>;
}

/**
 * The composition root of the main process: starts the embedded service for the local account,
 * builds the accounts' API clients, the IPC handlers and the change feed. Runs in plain Node; the
 * Electron shell and the browser host only carry its contract.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const token = await localAccountToken(options.vault);
  const dataDir = join(options.userDataDir, 'local-service');
  await mkdir(dataDir, { recursive: true });
  const service = await startEmbeddedService({
    dataDir,
    port: 0,
    users: [{ email: localUserEmail, token, displayName: localUserDisplayName }, ...(options.extraUsers ?? [])],
  });

  const api = new ApiClient({ baseUrl: service.url, accessToken: () => token, ...(options.retry ? { retry: options.retry } : {}) });
  const accounts = new Accounts(
    [{ account: { id: localAccountId, kind: 'local', email: localUserEmail, displayName: localUserDisplayName, state: 'ok' }, api }],
    localAccountId,
  );
  const feed = new EventFeed();
  const handlers = createCoreHandlers({
    accounts,
    feed,
    info: { version: options.version ?? '0.0.0', host: options.host, platform: process.platform },
  });
  const dispatcher = createIpcDispatcher(handlers, {
    onInternalError: (method, error) => log(`IPC ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });

  let stopWatching = async (): Promise<void> => {};
  if (options.changeWatch !== false) {
    try {
      stopWatching = await watchChanges(api, feed, options.changeWatch ?? {}, log);
    } catch (error) {
      await service.close();
      throw error;
    }
  }

  let closing: Promise<void> | undefined;
  return {
    dispatcher,
    handlers,
    accounts,
    onEvent: (listener) => feed.subscribe(listener),
    serviceUrl: service.url,
    localUser: { email: localUserEmail, token },
    ...(options.vault.persistent ? {} : { vaultWarning: options.vault.note ?? 'Secrets are not kept across restarts.' }),
    close() {
      closing ??= (async () => {
        await stopWatching();
        feed.close();
        await service.close();
      })();
      return closing;
    },
  };
}

async function watchChanges(api: ApiClient, feed: EventFeed, options: ChangeWatchOptions, log: (message: string) => void): Promise<() => Promise<void>> {
  const relay = await RelayServer.start();
  const retryMs = options.retryMs ?? 60_000;
  // The primary calendar is watched under its real id (the user's email), so the `changed` event
  // names the same id as queries that use it; queries that say `primary` are refreshed as an alias.
  const watchers = [calendarEventsTarget(localUserEmail), calendarListTarget, driveChangesTarget].map(
    (target) => new ChannelWatcher({ api, account: localAccountId, relay, feed, target, retryMs, log }),
  );
  for (const watcher of watchers) watcher.start();
  const poller = new TasksPoller({ api, account: localAccountId, feed, intervalMs: options.tasksPollMs ?? 30_000, log });
  poller.start();
  return async () => {
    poller.close();
    await Promise.all(watchers.map((watcher) => watcher.close()));
    await relay.close();
  };
}
