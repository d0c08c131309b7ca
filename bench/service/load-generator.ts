/**
 * The load of the service benchmarks: one worker thread that keeps `inFlight` keep-alive requests
 * going, each loop sending its next request when the last answer is read, and counts the answers
 * of each measurement.
 *
 * One worker serves every measurement of a run, and `warmUp` sends each kind of request before
 * any is counted. A fresh worker per measurement spent its first seconds compiling its own HTTP
 * client: a slower client capped the fastest servers (the bare floor, a read) more than the slow
 * ones, which made their ratios look closer than they are.
 */
import { Worker } from 'node:worker_threads';

export interface LoadSpec {
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** Paths used in turn. */
  readonly paths: readonly string[];
  /** Bodies used in turn (JSON text), for writes. */
  readonly bodies?: readonly string[];
}

export interface LoadOptions {
  readonly token: string;
  /** Requests kept in flight (each on its own keep-alive connection). */
  readonly inFlight: number;
  /** Load sent before each measurement starts counting. */
  readonly warmupMs: number;
  readonly measureMs: number;
}

interface Outcome {
  readonly perSecond: number;
  readonly failed: number;
  readonly lastFailure: string;
}

const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { token, inFlight } = workerData;
parentPort.on('message', ({ url, spec, warmupMs, measureMs }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const target = new URL(url);
  let counting = false;
  let stop = false;
  let completed = 0;
  let failed = 0;
  let lastFailure = '';
  let turn = 0;
  function one() {
    const n = turn++;
    const path = spec.paths[n % spec.paths.length];
    const body = spec.bodies ? spec.bodies[n % spec.bodies.length] : undefined;
    return new Promise((resolve) => {
      const headers = { Authorization: 'Bearer ' + token };
      if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(body);
      }
      const req = http.request({ host: target.hostname, port: target.port, path, method: spec.method, agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => { text += chunk; });
        res.on('end', () => {
          if (counting) {
            if (res.statusCode === 200) completed++;
            else { failed++; lastFailure = res.statusCode + ' ' + text.slice(0, 300); }
          }
          resolve();
        });
      });
      req.on('error', (e) => { if (counting) { failed++; lastFailure = e.message; } resolve(); });
      req.end(body);
    });
  }
  async function loop() { while (!stop) await one(); }
  const loops = Array.from({ length: inFlight }, loop);
  setTimeout(() => {
    counting = true;
    const started = process.hrtime.bigint();
    setTimeout(async () => {
      counting = false;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      stop = true;
      await Promise.all(loops);
      agent.destroy();
      parentPort.postMessage({ perSecond: completed / seconds, failed, lastFailure });
    }, measureMs);
  }, warmupMs);
});
`;

export class LoadGenerator {
  private readonly worker: Worker;
  private busy = false;

  constructor(private readonly options: LoadOptions) {
    this.worker = new Worker(workerSource, {
      eval: true,
      workerData: { token: options.token, inFlight: options.inFlight },
    });
  }

  /** Answers per second to `spec` sent to `url`; rejects if any answer was not a 200. */
  measure(url: string, spec: LoadSpec, measureMs = this.options.measureMs): Promise<number> {
    if (this.busy) return Promise.reject(new Error('LoadGenerator: one measurement at a time'));
    this.busy = true;
    return new Promise<number>((resolvePromise, reject) => {
      const onError = (error: Error) => {
        this.worker.off('message', onMessage);
        reject(error);
      };
      const onMessage = (outcome: Outcome) => {
        this.worker.off('error', onError);
        if (outcome.failed > 0)
          reject(new Error(`${outcome.failed} ${spec.method} requests to ${url} failed: ${outcome.lastFailure}`));
        else resolvePromise(outcome.perSecond);
      };
      this.worker.once('message', onMessage);
      this.worker.once('error', onError);
      this.worker.postMessage({ url, spec, warmupMs: this.options.warmupMs, measureMs });
    }).finally(() => {
      this.busy = false;
    });
  }

  /**
   * Sends each target its load once, uncounted, so that the worker's client and the servers' code
   * are compiled for it before the rounds begin.
   */
  async warmUp(targets: ReadonlyArray<readonly [url: string, spec: LoadSpec]>, ms = 1000): Promise<void> {
    for (const [url, spec] of targets) await this.measure(url, spec, ms);
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}
