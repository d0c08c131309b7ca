import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { areaOfCollection } from '../../shared/api/collections';
import type { AppRoute, IpcEvent, IpcOutput, VaultStatus } from '../../shared/ipc/contract';
import { createIpcDispatcher } from '../../shared/ipc/dispatcher';
import type { IpcDispatcher, IpcHandlers } from '../../shared/ipc/dispatcher';
// The worker host alone: the service's code (and SQLite's native module) loads in the worker, not here.
import { startServiceWorker, type ServiceWorkerHandle } from '../service';
import { AccountMetadataStore, accountMetadataFile } from './account-metadata';
import { Accounts } from './accounts';
import { ApiClient } from './api-client';
import { commandJournalDir } from './command-journal';
import { CoreCommands } from './commands/core-commands';
import { loadAppConfig, parseAppConfig } from './config';
import type { AppConfig, AppConfigInput } from './config';
import { todayAgenda } from './agenda';
import type { AgendaItem } from './agenda';
import { parseDeepLink } from './deep-link';
import { Downloads } from './downloads';
import { EventFeed } from './event-feed';
import { createCoreHandlers } from './ipc-handlers';
import { localAccountId, localAccountToken, localUserDisplayName, localUserEmail } from './local-account';
import { settleLocalCalendarZone } from './local-calendar-zone';
import { OAuthClient } from './oauth/oauth-client';
import { OfflineHub } from './offline/offline-hub';
import type { OfflineHubOptions } from './offline/offline-hub';
import { SignInFlows } from './oauth/sign-in-flows';
import { RelayServer } from './relay-server';
import { ReminderScheduler } from './reminders';
import type { DueReminder } from './reminders';
import type { RetryPolicy } from './retry-policy';
import { SyncEngine } from './sync/sync-engine';
import { FileActivity } from './file-activity/file-activity';
import { FileActivityStore, fileActivityFile } from './file-activity/store';
import type { Vault } from './vault';

export interface ExtraUser {
  readonly email: string;
  readonly token: string;
  readonly displayName?: string;
}

export interface ChangeWatchOptions {
  /** Wait before asking again for a watch the service refused or does not offer yet. */
  readonly retryMs?: number;
  /** How often Tasks (which has no watch channels) is polled for changes made elsewhere, focused or not. */
  readonly tasksPollMs?: number;
  /** Poll intervals of Google accounts without push (focused / unfocused). */
  readonly pollMs?: number;
  readonly unfocusedPollMs?: number;
  /** Quiet time gathered before a sync pass (a burst of notifications becomes one pass). */
  readonly gatherMs?: number;
  /** Backoff of sync passes after rate-limit answers, and of reachability probes while offline. */
  readonly backoff?: RetryPolicy;
  readonly reconnect?: RetryPolicy;
}

export interface CoreOptions {
  /** The app's per-user folder; the embedded service keeps its data in `<userDataDir>/local-service`. */
  readonly userDataDir: string;
  readonly vault: Vault;
  readonly host: IpcOutput<'app.info'>['host'];
  readonly version?: string;
  /** Configuration; when absent it is read from `<userDataDir>/config.json` and the environment. */
  readonly config?: AppConfigInput;
  /** Opens an address in the system browser (the shell); absent: the address is logged and the renderer shows it. */
  readonly openExternal?: (url: string) => Promise<boolean> | boolean;
  /**
   * Asks where to save a download (the shell's save dialog), null when the user cancelled. Absent
   * (browser host): downloads are answered as single-use links served by `downloads.open`.
   */
  readonly chooseSavePath?: (suggestedName: string) => Promise<string | null>;
  /** Download links of the browser host: lifetime, how many may wait, and the clock (tests). */
  readonly downloadLinks?: { readonly lifetimeMs?: number; readonly max?: number; readonly now?: () => number };
  /** More users on the embedded service (tests and demos sharing with someone). */
  readonly extraUsers?: readonly ExtraUser[];
  /** The local account's calendar time zone on first run; the machine's zone by default. */
  readonly timeZone?: string;
  /** `false` turns change watching off (no relay, no channels, no polling). */
  readonly changeWatch?: ChangeWatchOptions | false;
  readonly retry?: Partial<RetryPolicy>;
  /** The network for OAuth and Google API requests (tests count requests through it). */
  readonly fetch?: typeof fetch;
  readonly log?: (message: string) => void;
  /** Local-first Google accounts: the event window kept, replay backoff (tests). */
  readonly offline?: OfflineHubOptions['mirror'];
  /** Lets the service worker answer its debug operations (tests that hold it busy); never set by the app. */
  readonly serviceDebugHooks?: boolean;
}

export interface Core {
  readonly dispatcher: IpcDispatcher;
  readonly handlers: IpcHandlers;
  readonly accounts: Accounts;
  /** Downloads; the browser host redeems its download links with `downloads.open`. */
  readonly downloads: Downloads;
  /** Events for the renderer (changes, sync state, accounts, sign-in outcomes, routes). */
  onEvent(listener: (event: IpcEvent) => void): () => void;
  /** The embedded service's address; it changes only when a restart found the port taken. */
  readonly serviceUrl: string;
  /** The embedded service behind the local account, in its worker thread. */
  readonly localService: ServiceWorkerHandle;
  readonly localUser: { readonly email: string; readonly token: string };
  /** Set when secrets cannot be kept across restarts, with the reason to show the user. */
  readonly vaultWarning?: string;
  readonly vaultStatus: VaultStatus;
  readonly config: AppConfig;
  /** Change tracking; undefined when `changeWatch` is false. */
  readonly sync?: SyncEngine;
  readonly relay?: RelayServer;
  /** Mirrors and outboxes of the Google accounts. */
  readonly offline: OfflineHub;
  /** Asks the renderer to open a place in the app. */
  openRoute(route: AppRoute): void;
  /** Opens an `atrium://` link; false (and nothing happens) when it is not one Atrium understands. */
  openDeepLink(link: string): boolean;
  /** Today's events of the active account and the overlaid ones (the tray's agenda). */
  todayAgenda(): Promise<AgendaItem[]>;
  /** Calls `onReminder` when an event's popup reminder is due, until the returned stop is called. */
  startReminders(onReminder: (reminder: DueReminder) => void): () => void;
  close(): Promise<void>;
}

function resolveConfig(options: CoreOptions): Promise<AppConfig> {
  return options.config !== undefined
    ? Promise.resolve(parseAppConfig(options.config))
    : loadAppConfig(options.userDataDir);
}

function withWatchOverrides(config: AppConfig, watch: ChangeWatchOptions): AppConfig {
  return {
    ...config,
    sync: {
      ...config.sync,
      ...(watch.retryMs !== undefined ? { watchRetryMs: watch.retryMs } : {}),
      ...(watch.tasksPollMs !== undefined
        ? { tasksFocusedPollMs: watch.tasksPollMs, tasksUnfocusedPollMs: watch.tasksPollMs }
        : {}),
      ...(watch.pollMs !== undefined ? { focusedPollMs: watch.pollMs } : {}),
      ...(watch.unfocusedPollMs !== undefined ? { unfocusedPollMs: watch.unfocusedPollMs } : {}),
    },
  };
}

/**
 * The composition root of the main process: starts the embedded service for the local account,
 * opens the accounts (metadata from disk, tokens from the vault), the sign-in flows, the IPC
 * handlers, the change feed and change tracking. Runs in plain Node; the Electron shell and the
 * browser host only carry its contract.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const log = options.log ?? ((message: string) => console.warn(message));
  const watch = options.changeWatch === false ? undefined : (options.changeWatch ?? {});
  const loaded = await resolveConfig(options);
  const config = watch ? withWatchOverrides(loaded, watch) : loaded;
  const token = await localAccountToken(options.vault);
  const dataDir = join(options.userDataDir, 'local-service');
  await mkdir(dataDir, { recursive: true });
  const timeZone = options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  // In a worker thread: a CPU-heavy request there never holds up IPC, windows or timers here.
  const service = await startServiceWorker({
    dataDir,
    port: 0,
    users: [
      {
        email: localUserEmail,
        token,
        displayName: localUserDisplayName,
        timeZone,
      },
      ...(options.extraUsers ?? []),
    ],
    ...(options.serviceDebugHooks ? { debugHooks: true } : {}),
    log,
  });

  const feed = new EventFeed();
  service.onRestart(() =>
    feed.push({ type: 'serviceRestarted', message: 'The local service stopped unexpectedly and was restarted.' }),
  );
  const localApi = new ApiClient({
    // Read on every request, so calls follow the service to another port after a restart.
    get baseUrl() {
      return service.url;
    },
    accessToken: () => token,
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const oauth = new OAuthClient(config.google, options.fetch ? { fetch: options.fetch } : {});
  const opened = await Accounts.open({
    store: new AccountMetadataStore(accountMetadataFile(options.userDataDir), localAccountId),
    vault: options.vault,
    oauth,
    google: config.google,
    localApi,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const accounts = opened.accounts;
  if (opened.problem) log(opened.problem);
  await settleLocalCalendarZone(localApi, timeZone, log);
  const commands = new CoreCommands({
    journalDir: commandJournalDir(options.userDataDir),
    connection: (account) => accounts.get(account),
    feed,
    log,
  });
  // Commands an earlier run left half-done are settled in the background; start-up does not wait on the network.
  const recovering = commands.recover().catch((error: unknown) => log(`Command recovery failed: ${String(error)}`));
  accounts.onChange((overview) => feed.push({ type: 'accounts', ...overview }));

  const openExternal =
    options.openExternal ??
    ((url: string) => {
      // Without a shell there is no system browser to call: the address is printed and the page shows it as a link.
      console.log(`To sign in, open this address in your browser:\n${url}`);
      return false;
    });
  const signIn = new SignInFlows({
    oauth,
    openExternal: async (url) => Boolean(await openExternal(url)),
    onSignedIn: async (user, tokens) => (await accounts.addGoogle(user, tokens)).account,
    onOutcome: (event) => feed.push(event),
    log,
  });

  const vaultStatus: VaultStatus = {
    backend: options.vault.backend,
    persistent: options.vault.persistent,
    ...(options.vault.persistent ? {} : { warning: options.vault.note ?? 'Secrets are not kept across restarts.' }),
  };

  // Before change tracking, so each Google account's mirror is there when its sync starts.
  const offline = new OfflineHub({
    accounts,
    userDataDir: options.userDataDir,
    push: (event) => feed.push(event),
    changed: (account, target, ids) => feed.changed(account, target, ids ? { ids } : {}),
    mirror: {
      eventWindow: { pastDays: config.offline.eventWindowPastDays, futureDays: config.offline.eventWindowFutureDays },
      ...options.offline,
    },
    log,
  });
  let relay: RelayServer | undefined;
  let sync: SyncEngine | undefined;
  if (watch) {
    try {
      relay = await RelayServer.start(config.relay.port);
      sync = new SyncEngine({
        accounts,
        feed,
        relay,
        config,
        log,
        ...(watch.gatherMs !== undefined ? { gatherMs: watch.gatherMs } : {}),
        ...(watch.backoff ? { backoff: watch.backoff } : {}),
        ...(watch.reconnect ? { reconnect: watch.reconnect } : {}),
        mirrorOf: (account) => offline.mirror(account),
        onConnectivity: (account, state) => offline.setOffline(account, state === 'offline'),
      });
    } catch (error) {
      await relay?.close();
      await offline.close();
      await service.close();
      throw error;
    }
  }
  // The local service notifies only its relay (none when change watching is off), never an address a caller names.
  await service.setWebhookOrigins(relay ? [new URL(relay.address).origin] : []);

  const activityStore = await FileActivityStore.open({ file: fileActivityFile(options.userDataDir) });
  if (activityStore.problem) log(activityStore.problem);
  const fileActivity = new FileActivity({ store: activityStore, api: (account) => accounts.get(account).api, log });
  const stopFileActivity = [
    feed.subscribe((event) => fileActivity.onEvent(event)),
    accounts.onRemoving((id) => activityStore.forgetAccount(id)),
  ];

  const downloads = new Downloads({
    connection: (account) => accounts.get(account),
    ...(options.chooseSavePath ? { chooseSavePath: options.chooseSavePath } : {}),
    ...(options.downloadLinks?.lifetimeMs !== undefined ? { linkLifetimeMs: options.downloadLinks.lifetimeMs } : {}),
    ...(options.downloadLinks?.max !== undefined ? { maxLinks: options.downloadLinks.max } : {}),
    ...(options.downloadLinks?.now ? { now: options.downloadLinks.now } : {}),
  });
  const handlers = createCoreHandlers({
    accounts,
    commands,
    downloads,
    feed,
    offline,
    fileActivity,
    info: { version: options.version ?? '0.0.0', host: options.host, platform: process.platform },
    signIn,
    vaultStatus: () => vaultStatus,
    setFocused: (focused) => sync?.setFocused(focused),
    refresh: (account) => void sync?.get(account)?.pollNow(),
  });
  const dispatcher = createIpcDispatcher(handlers, {
    onInternalError: (method, error) =>
      log(`IPC ${method} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });

  const openRoute = (route: AppRoute): void => feed.push({ type: 'navigate', route });
  /** What the calendar shows: the active account and those overlaid on it. */
  const shownAccounts = () =>
    accounts.connections().filter((c) => c.account.id === accounts.active || c.account.overlay === true);
  const reminderSchedulers = new Set<ReminderScheduler>();

  let closing: Promise<void> | undefined;
  return {
    dispatcher,
    handlers,
    accounts,
    downloads,
    onEvent: (listener) => feed.subscribe(listener),
    get serviceUrl() {
      return service.url;
    },
    localService: service,
    localUser: { email: localUserEmail, token },
    ...(vaultStatus.warning ? { vaultWarning: vaultStatus.warning } : {}),
    vaultStatus,
    config,
    ...(sync ? { sync } : {}),
    ...(relay ? { relay } : {}),
    offline,
    openRoute,
    openDeepLink(link) {
      const route = parseDeepLink(link);
      if (!route) return false;
      openRoute(route);
      return true;
    },
    todayAgenda: () => todayAgenda(shownAccounts()),
    startReminders(onReminder) {
      const scheduler = new ReminderScheduler({ connections: shownAccounts, onReminder, log });
      // Calendar changes and account switches can add, move or remove reminders.
      const unsubscribe = feed.subscribe((event) => {
        if (
          (event.type === 'changed' && areaOfCollection(event.collection) === 'calendar') ||
          event.type === 'accounts'
        )
          void scheduler.rescan();
      });
      reminderSchedulers.add(scheduler);
      scheduler.start();
      return () => {
        unsubscribe();
        scheduler.close();
        reminderSchedulers.delete(scheduler);
      };
    },
    close() {
      closing ??= (async () => {
        for (const scheduler of reminderSchedulers) scheduler.close();
        await recovering;
        await signIn.close();
        await sync?.close();
        await offline.close();
        await relay?.close();
        for (const stop of stopFileActivity) stop();
        await activityStore.close().catch((error: unknown) => log(`Saving the file activity failed: ${String(error)}`));
        feed.close();
        await service.close();
      })();
      return closing;
    },
  };
}
