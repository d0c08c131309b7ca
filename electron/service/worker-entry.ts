/**
 * The embedded service's worker thread: starts the service with the options the host sent and
 * answers the host's calls. Loaded by `startServiceWorker` (./worker-host.ts), from this source
 * under tsx and vitest, or from `service-worker.mjs` beside the bundled main.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { isReadWorkerData } from './read-worker';
import { runReadWorker } from './read-worker-entry';
import { defaultModules, startEmbeddedService, type EmbeddedService } from './server';
import {
  debugOperations,
  proxiedMethods,
  type HostMessage,
  type WorkerData,
  type WorkerMessage,
} from './worker-protocol';

const isProxied = (method: string): method is (typeof proxiedMethods)[number] =>
  (proxiedMethods as readonly string[]).includes(method);

/** Keeps the thread busy for `ms` without yielding, as a CPU-heavy request would. */
function blockCpu(ms: number): number {
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins += 1;
  return spins;
}

async function main(): Promise<void> {
  const port = parentPort;
  if (isMainThread || !port) throw new Error('worker-entry runs in a worker thread started by startServiceWorker.');
  // The same script is the service's read worker, started by the service itself.
  if (isReadWorkerData(workerData)) return runReadWorker(port, workerData, defaultModules);
  const data = workerData as WorkerData;
  const post = (message: WorkerMessage): void => port.postMessage(message);

  let service: EmbeddedService;
  try {
    service = await startEmbeddedService({
      ...data.options,
      groupCommit: true,
      // This script, bundled, is also the read worker's.
      readWorker: true,
      readWorkerScript: new URL(import.meta.url),
      // Caches may hold writes that were rolled back: a fresh worker (the host starts one) reads the data again.
      onCommitFailure: () => process.exit(70),
    });
    if (data.webhookOrigins) service.setWebhookOrigins([...data.webhookOrigins]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    post({
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
      ...(code ? { code } : {}),
    });
    port.close();
    return;
  }

  const call = (method: string, args: readonly unknown[]): unknown => {
    if (isProxied(method)) {
      const fn = service[method] as (...a: unknown[]) => unknown;
      return fn.apply(service, args as unknown[]);
    }
    if (data.debugHooks && (debugOperations as readonly string[]).includes(method)) {
      if (method === 'debugBlockCpu') return blockCpu(Number(args[0]));
    }
    throw new Error(`The service worker has no method ${method}.`);
  };

  port.on('message', (message: HostMessage) => {
    if (message.kind === 'close') {
      service.close().then(
        () => {
          post({ kind: 'reply', id: message.id, ok: true, value: undefined });
          port.close();
        },
        (error: unknown) =>
          post({
            kind: 'reply',
            id: message.id,
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          }),
      );
      return;
    }
    Promise.resolve()
      .then(async () => {
        const value = call(message.method, message.args);
        // A method that wrote (addUser) answers once the write is durable.
        const commit = service.context.store.pendingCommit;
        if (commit) await commit;
        return value;
      })
      .then(
        (value) => post({ kind: 'reply', id: message.id, ok: true, value }),
        (error: unknown) =>
          post({
            kind: 'reply',
            id: message.id,
            ok: false,
            message: error instanceof Error ? error.message : String(error),
          }),
      );
  });
  post({ kind: 'ready', url: service.url, port: service.port });
}

void main();
