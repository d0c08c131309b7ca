import type { IncomingHttpHeaders } from 'node:http';
import { Worker } from 'node:worker_threads';
import type { OperationName } from '../../shared/api';
import { ApiError } from './http/api-error';
import type { ServiceConfig } from './http/handler';
import type { Answer } from './http/respond';
import type { User } from './store/users';
import { fromSources } from './worker-script';

/**
 * The read worker: a thread of its own, with a read-only connection to the service's database, that
 * runs the areas' heavy reads (`ServiceArea.heavyReads`: recurring-event expansion). The service
 * thread routes, authenticates and validates the request, hands it over and sends the answer back:
 * while a read expands a dense series for a second, every other request is still answered at once.
 * See docs/architecture-service.md ("Heavy reads").
 */

/** What the read worker is started with (`workerData`). */
export interface ReadWorkerData {
  readonly role: 'read';
  readonly dataDir: string;
  readonly config: ServiceConfig;
}

/** One read handed to the worker: the request as the service thread validated it. */
export interface ReadCall {
  readonly operation: OperationName;
  readonly params: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  /** The parameters the request itself carried (see `RequestContext.given`). */
  readonly given: readonly string[];
  readonly user: User;
  /** The request's headers, without its credentials. */
  readonly headers: IncomingHttpHeaders;
  readonly method: string;
  readonly fields?: string;
  readonly pretty: boolean;
  /** The service clock when the request arrived. */
  readonly nowMs: number;
  readonly baseUrl: string;
}

export type ReadRequest = ReadCall & { readonly id: number };

export type ReadReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'answer'; readonly id: number; readonly answer: Answer }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };

export const isReadWorkerData = (data: unknown): data is ReadWorkerData =>
  typeof data === 'object' && data !== null && (data as { role?: unknown }).role === 'read';

/** Longest pause before starting again a read worker that keeps ending. */
const maxRestartDelayMs = 5_000;

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
}

/** The service thread's side of the read worker: hands reads over, and starts the worker again when it ends. */
export class ReadWorker {
  private worker: Worker | undefined;
  private ready = false;
  private closed = false;
  private failures = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  private constructor(
    private readonly script: URL,
    private readonly data: ReadWorkerData,
    private readonly log: (message: string) => void,
  ) {}

  /** Starts the worker and waits until it answers (or has failed to start: reads then stay on the service thread). */
  static async start(
    script: URL,
    data: Omit<ReadWorkerData, 'role'>,
    log: (message: string) => void,
  ): Promise<ReadWorker> {
    const reader = new ReadWorker(script, { role: 'read', ...data }, log);
    await reader.spawn();
    return reader;
  }

  /** Whether reads can be handed over now; while it is (re)starting they run on the service thread. */
  get available(): boolean {
    return this.ready && !this.closed;
  }

  /** Reads handed over and not answered yet. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** The answer to `call`; rejects when the worker ended before answering it. */
  run(call: ReadCall): Promise<Answer> {
    const worker = this.worker;
    if (!worker || !this.ready) return Promise.reject(new Error('The read worker is not running.'));
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      try {
        worker.postMessage({ ...call, id } satisfies ReadRequest);
      } catch (error) {
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.ready = false;
    const worker = this.worker;
    this.worker = undefined;
    this.endPending('The service closed.');
    if (worker) await worker.terminate();
  }

  /**
   * Ends the reads in progress with a 503 (Google's `backendError`, which its clients retry): the
   * read did nothing wrong and may be sent again. It is not run again here: a read that made the
   * worker run out of memory would take the service thread with it.
   */
  private endPending(message: string): void {
    for (const pending of this.pending.values()) pending.reject(new ApiError(503, 'backendError', message));
    this.pending.clear();
  }

  private spawn(): Promise<void> {
    return new Promise<void>((started) => {
      const worker = new Worker(this.script, {
        workerData: this.data,
        name: 'atrium-service-reads',
        // From sources, none of the loaders the parent was started with (vitest's, tsx's): the worker runs a bundle.
        ...(fromSources ? { execArgv: [] } : {}),
      });
      this.worker = worker;
      worker.on('message', (message: ReadReply) => {
        switch (message.kind) {
          case 'ready':
            this.ready = true;
            this.failures = 0;
            started();
            return;
          case 'failed':
            this.log(`The read worker could not start: ${message.message}`);
            return;
          case 'answer':
          case 'error': {
            const pending = this.pending.get(message.id);
            this.pending.delete(message.id);
            if (message.kind === 'answer') pending?.resolve(message.answer);
            else pending?.reject(new Error(message.message));
          }
        }
      });
      worker.on('error', (error) => this.log(`The read worker failed: ${error.message}`));
      worker.on('exit', (code) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.ready = false;
        // What it was reading is answered 503; reads from now on stay on the service thread until a new one answers.
        this.endPending(`The read worker ended (exit code ${code}).`);
        started();
        if (this.closed) return;
        this.failures += 1;
        const delay = Math.min(maxRestartDelayMs, 50 * 2 ** this.failures);
        setTimeout(() => {
          if (!this.closed) void this.spawn();
        }, delay).unref();
      });
    });
  }
}

/**
 * A few read workers: a read goes to one with nothing to do when there is one (else to the least
 * busy), so one user's long expansion does not queue another user's expanded listing behind it.
 */
export class ReadWorkerPool {
  private constructor(private readonly workers: readonly ReadWorker[]) {}

  static async start(
    size: number,
    script: URL,
    data: Omit<ReadWorkerData, 'role'>,
    log: (message: string) => void,
  ): Promise<ReadWorkerPool> {
    const started = await Promise.allSettled(Array.from({ length: size }, () => ReadWorker.start(script, data, log)));
    const workers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(workers.map((w) => w.close()));
      throw failed.reason;
    }
    return new ReadWorkerPool(workers);
  }

  /** Whether a read can be handed over now (see `ReadWorker.available`). */
  get available(): boolean {
    return this.workers.some((w) => w.available);
  }

  run(call: ReadCall): Promise<Answer> {
    let best: ReadWorker | undefined;
    for (const worker of this.workers) {
      if (worker.available && (!best || worker.inFlight < best.inFlight)) best = worker;
    }
    if (!best) return Promise.reject(new Error('No read worker is running.'));
    return best.run(call);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
