import { Worker } from 'node:worker_threads';
import { fromSources, serviceWorkerScript as workerScript } from './worker-script';
import type {
  DebugOperation,
  HostMessage,
  ProxiedMethods,
  WorkerData,
  WorkerMessage,
  WorkerServiceOptions,
} from './worker-protocol';
import { proxiedMethods } from './worker-protocol';

export interface ServiceWorkerOptions extends WorkerServiceOptions {
  /** Lets the worker answer the debug operations (tests of the isolation); never set by the app. */
  readonly debugHooks?: boolean;
  /** Where restarts and worker failures are reported; stderr by default. */
  readonly log?: (message: string) => void;
}

export interface ServiceRestart {
  readonly url: string;
  readonly port: number;
  /** The address before the restart; differs from `url` only when the port was taken meanwhile. */
  readonly previousUrl: string;
  /** What ended the previous worker. */
  readonly reason: string;
}

/**
 * The embedded service running in a worker thread. `url` and `port` follow restarts; the proxied
 * methods answer what `EmbeddedService`'s would, once the worker has.
 */
export interface ServiceWorkerHandle extends ProxiedMethods {
  readonly url: string;
  readonly port: number;
  /** How many times the worker was restarted after it ended unasked. */
  readonly restarts: number;
  /** Calls a debug operation; refused unless the worker was started with `debugHooks`. */
  debug(operation: DebugOperation, ...args: unknown[]): Promise<unknown>;
  /** Told after the worker ended unasked and a new one answers (same data, same port when it was free). */
  onRestart(listener: (restart: ServiceRestart) => void): () => void;
  /** Ends the worker abruptly, as a crash would; it is restarted like after one (tests). */
  crash(): Promise<void>;
  /** Stops the service (open requests may finish) and the worker; no restart after it. */
  close(): Promise<void>;
}

/** Longest wait between attempts to bring back a worker that keeps failing to start. */
const maxRestartDelayMs = 5_000;

type Started = { readonly url: string; readonly port: number };
class StartFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Starts the embedded service in a worker thread, so a CPU-heavy request never holds up the main
 * thread (the app's IPC, windows and timers). Resolves once the service listens; rejects when it
 * cannot start (the worker is ended then). A worker that ends unasked is started again on the same
 * data directory.
 */
export async function startServiceWorker(options: ServiceWorkerOptions): Promise<ServiceWorkerHandle> {
  const log = options.log ?? ((message: string) => console.error(message));
  const { debugHooks = false, log: _log, ...serviceOptions } = options;
  const script = await workerScript();

  let worker: Worker | undefined;
  let current: Started = { url: '', port: 0 };
  /** Settles when a worker answers again (replaced while restarting). */
  let ready: Promise<void> = Promise.resolve();
  let closing: Promise<void> | undefined;
  /** Ends the pause between restart attempts early (closing). */
  let wakeRestart: (() => void) | undefined;
  let restarts = 0;
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(restart: ServiceRestart) => void>();
  /** The webhook policy set after start-up lives in the worker; a restarted one gets it again. */
  let webhookOrigins: readonly string[] | undefined;

  const spawn = (port: number): Promise<{ worker: Worker; started: Started }> =>
    new Promise((resolve, reject) => {
      const data: WorkerData = {
        options: { ...serviceOptions, port },
        debugHooks,
        ...(webhookOrigins ? { webhookOrigins } : {}),
      };
      // From sources, none of the loaders the parent was started with (tsx's CLI, vitest's): the worker runs a bundle.
      const w = new Worker(script, {
        workerData: data,
        name: 'atrium-service',
        ...(fromSources ? { execArgv: [] } : {}),
      });
      const onMessage = (message: WorkerMessage): void => {
        if (message.kind === 'ready') {
          w.off('exit', onEarlyExit);
          w.off('message', onMessage);
          resolve({ worker: w, started: { url: message.url, port: message.port } });
        } else if (message.kind === 'failed') {
          w.off('exit', onEarlyExit);
          w.off('message', onMessage);
          void w.terminate();
          reject(new StartFailure(message.message, message.code));
        }
      };
      const onEarlyExit = (code: number): void => {
        w.off('message', onMessage);
        reject(new StartFailure(`The service worker ended (code ${code}) before it answered.`, undefined));
      };
      let lastError: unknown;
      w.on('error', (error) => {
        lastError = error;
      });
      w.once('exit', onEarlyExit);
      w.on('message', onMessage);
      w.once('exit', () => {
        if (lastError)
          log(
            `Service worker failed: ${lastError instanceof Error ? (lastError.stack ?? lastError.message) : String(lastError)}`,
          );
      });
    });

  const adopt = (w: Worker, started: Started): void => {
    worker = w;
    current = started;
    w.on('message', (message: WorkerMessage) => {
      if (message.kind !== 'reply') return;
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(new Error(message.message));
    });
    w.once('exit', (code) => {
      if (worker !== w) return;
      worker = undefined;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error('The service stopped before answering.'));
      }
      if (closing) return;
      const reason = `the service worker ended (code ${code})`;
      log(`The embedded service stopped unexpectedly: ${reason}; starting it again.`);
      ready = restart(reason);
    });
  };

  /** Brings the service back on the same data, on the same port when free; keeps trying with growing pauses. */
  const restart = async (reason: string): Promise<void> => {
    const previousUrl = current.url;
    let delayMs = 50;
    for (;;) {
      if (closing) return;
      try {
        let spawned;
        try {
          spawned = await spawn(current.port);
        } catch (error) {
          if (!(error instanceof StartFailure && error.code === 'EADDRINUSE')) throw error;
          spawned = await spawn(0);
        }
        if (closing) {
          await spawned.worker.terminate();
          return;
        }
        restarts += 1;
        adopt(spawned.worker, spawned.started);
        if (current.url !== previousUrl) log(`The embedded service now answers at ${current.url}.`);
        const restart: ServiceRestart = { ...current, previousUrl, reason };
        for (const listener of listeners) listener(restart);
        return;
      } catch (error) {
        log(`The embedded service did not start again: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delayMs);
          wakeRestart = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeRestart = undefined;
        delayMs = Math.min(delayMs * 2, maxRestartDelayMs);
      }
    }
  };

  const send = async (message: (id: number) => HostMessage): Promise<unknown> => {
    await ready;
    const w = worker;
    if (!w) throw new Error(closing ? 'The service is closed.' : 'The service is not running.');
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage(message(id));
    });
  };
  const call = (method: string, args: unknown[]): Promise<unknown> =>
    send((id) => ({ kind: 'call', id, method, args }));

  const first = await spawn(serviceOptions.port ?? 0);
  adopt(first.worker, first.started);

  const methods = Object.fromEntries(
    proxiedMethods.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  ) as unknown as ProxiedMethods;
  const proxied: ProxiedMethods = {
    ...methods,
    setWebhookOrigins: (origins: string[]) => {
      webhookOrigins = [...origins];
      return methods.setWebhookOrigins(origins);
    },
  };

  return {
    ...proxied,
    get url() {
      return current.url;
    },
    get port() {
      return current.port;
    },
    get restarts() {
      return restarts;
    },
    debug: (operation, ...args) => call(operation, args),
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async crash() {
      await ready;
      await worker?.terminate();
    },
    close() {
      closing ??= (async () => {
        wakeRestart?.();
        await ready;
        const w = worker;
        if (!w) return;
        const id = nextId++;
        const closed = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject }));
        w.postMessage({ kind: 'close', id } satisfies HostMessage);
        try {
          await closed;
        } finally {
          await w.terminate();
        }
      })();
      return closing;
    },
  };
}
