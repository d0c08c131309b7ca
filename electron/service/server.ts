import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { calendarModule } from './calendar';
import { channelMigrations } from './channels/migrations';
import { WebhookChannelHub, type WebhookChannelHubOptions } from './channels/webhook-channel-hub';
import { webhookPolicy, type WebhookPolicyOptions } from './channels/webhook-policy';
import { coreMigrations } from './common/migrations';
import { UsersRepository, type NewUser } from './common/users-repository';
import { driveModule } from './drive';
import { startAreas } from './area/compose';
import type { ServiceArea, ServiceConfig, ServiceContext } from './http/handler';
import { ClientErrorGuard } from './http/client-error';
import { RequestPipeline, type Offload } from './http/request-pipeline';
import { ReadWorkerPool } from './read-worker';
import { Store } from './store/store';
import type { User } from './store/users';
import { tasksModule } from './tasks';
import { serviceWorkerScript } from './worker-script';

export interface EmbeddedServiceOptions {
  /** Holds `atrium.sqlite` and `blobs/`; created when missing. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Users to create (or grant these tokens, when the email exists already). */
  users?: readonly NewUser[];
  config?: Partial<ServiceConfig>;
  /** The service clock (tests move it). */
  now?: () => Date;
  /** The API areas served; all three unless a test narrows them. */
  modules?: readonly ServiceArea[];
  /** Channel delivery tuning (tests shorten retry delays). */
  channels?: Pick<
    WebhookChannelHubOptions,
    'retryBaseDelayMs' | 'maxAttempts' | 'deliveryTimeoutMs' | 'defaultTtlMs' | 'maxTtlMs' | 'maxChannelsPerUser'
  >;
  /**
   * Where watch notifications may be delivered: https addresses and `allowedOrigins` by default;
   * anything else is refused when the channel is opened, and again before each delivery.
   */
  webhooks?: WebhookPolicyOptions;
  /** Where unexpected errors (500s, dropped notifications) are reported; stderr by default. */
  log?: (message: string) => void;
  /**
   * Writes arriving together share one commit, each answered after it (see `StoreOptions.groupCommit`).
   * On in the worker the app runs; off by default, so a test's fake timers never hold a commit back.
   */
  groupCommit?: boolean;
  /**
   * Runs the areas' heavy reads (recurring-event expansion) in a read worker, so they never hold up
   * other requests (see ./read-worker.ts). On in the worker the app runs and in the CLI.
   */
  readWorker?: boolean;
  /** The script the read worker runs (a bundle holding worker-entry.ts); by default the one beside the service. */
  readWorkerScript?: URL;
  /** Told when a group commit failed; the service should then be started afresh (its caches may be ahead of the data). */
  onCommitFailure?: (error: unknown) => void;
}

export interface EmbeddedService {
  /** `http://127.0.0.1:<port>` — the `rootUrl` for the official clients (add a trailing `/`). */
  readonly url: string;
  readonly port: number;
  /** Creates a user with its defaults (or, for a known email, adds the token); returns the user. */
  addUser(user: NewUser): User;
  /** From now on, deliver notifications to exactly these origins and nowhere else (the app's relay). */
  setWebhookOrigins(origins: string[]): void;
  /** Stops accepting requests, ends open connections and notification delivery, closes the database. */
  close(): Promise<void>;
  readonly context: ServiceContext;
}

/** Read workers: two, so one long expansion leaves another for everyone else's expanded listings. */
const READ_WORKERS = 2;

export const defaultServiceConfig: ServiceConfig = {
  syncTokenRetentionMs: 30 * 24 * 3600 * 1000,
};

export const defaultModules: readonly ServiceArea[] = [calendarModule, tasksModule, driveModule];

export async function startEmbeddedService(options: EmbeddedServiceOptions): Promise<EmbeddedService> {
  const modules = options.modules ?? defaultModules;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.error(message));
  // A malformed allowed origin is reported before the database is opened.
  webhookPolicy(options.webhooks);

  mkdirSync(join(options.dataDir, 'blobs'), { recursive: true });
  const store = new Store(
    join(options.dataDir, 'atrium.sqlite'),
    [coreMigrations, channelMigrations, ...modules.map((m) => m.migrations)],
    {
      groupCommit: options.groupCommit === true,
      onCommitFailure: (error) => {
        log(
          `A group commit failed; its writes were not kept: ${error instanceof Error ? error.message : String(error)}`,
        );
        options.onCommitFailure?.(error);
      },
    },
  );
  const channels = new WebhookChannelHub({
    store,
    now,
    log,
    ...options.channels,
    ...(options.webhooks ? { webhooks: options.webhooks } : {}),
  });
  const users = new UsersRepository(store);

  let baseUrl = '';
  const context: ServiceContext = {
    store,
    channels,
    now,
    baseUrl: () => baseUrl,
    dataDir: options.dataDir,
    config: { ...defaultServiceConfig, ...options.config },
  };

  let areas;
  try {
    areas = await startAreas(modules, context);
  } catch (error) {
    await channels.close();
    store.close();
    throw error;
  }
  const { handlers, provisionUser } = areas;
  const addUser = (user: NewUser): User =>
    users.addUser(user, now(), (created) => provisionUser(created, { timeZone: user.timeZone })).user;

  let reader: ReadWorkerPool | undefined;
  let offload: Offload | undefined;
  if (options.readWorker) {
    try {
      const script = options.readWorkerScript ?? (await serviceWorkerScript());
      const data = { dataDir: options.dataDir, config: context.config };
      const started = await ReadWorkerPool.start(READ_WORKERS, script, data, log);
      reader = started;
      offload = {
        // While the worker is (re)starting, heavy reads run here as they would without it.
        wants: (operation, params) => started.available && modules.some((m) => m.heavyReads?.wants(operation, params)),
        run: (call) => started.run(call),
      };
    } catch (error) {
      log(`Heavy reads stay on the service thread: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const pipeline = new RequestPipeline(handlers, (token) => users.authenticate(token), context, log, offload);
  const clientErrors = new ClientErrorGuard();
  const server = createServer((req, res) => {
    clientErrors.track(req, res);
    pipeline.handle(req, res);
  });
  server.on('clientError', clientErrors.answer);
  try {
    for (const user of options.users ?? []) addUser(user);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await reader?.close();
    await areas.close();
    await channels.close();
    store.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      // Requests in progress may finish (an acknowledged write is answered); stragglers are cut after a grace period.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const grace = setTimeout(() => server.closeAllConnections(), 2000);
      await closed;
      clearTimeout(grace);
      await reader?.close();
      await areas.close();
      await channels.close();
      store.close();
    })());

  const setWebhookOrigins = (origins: string[]): void => channels.setWebhookOrigins(origins);
  return { url: baseUrl, port, addUser, setWebhookOrigins, close, context };
}
