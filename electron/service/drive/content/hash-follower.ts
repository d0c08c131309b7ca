import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Blake3Hasher } from '@napi-rs/blake-hash';
import { Worker } from 'node:worker_threads';

/**
 * Hashing is the costliest step of storing content (SHA-256 without SHA instructions runs at about
 * the speed of a disk copy, MD5 at twice that), so each digest is computed on a worker thread of its
 * own beside the thread that receives and writes the content, never in its way. A worker reads the
 * bytes back from the file being written, right behind the writer (from the page cache): no copy of
 * the content passes between threads, and one small message per written batch (not per network
 * chunk) tells it how far it may read.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { createHash } = require('node:crypto');
const buffer = Buffer.allocUnsafe(workerData.readBytes);
const jobs = new Map();
function close(id) {
  const job = jobs.get(id);
  jobs.delete(id);
  if (job) try { closeSync(job.fd); } catch {}
}
parentPort.on('message', (m) => {
  try {
    if (m.type === 'open') {
      jobs.set(m.id, { fd: openSync(m.path, 'r'), hash: createHash(m.algorithm), position: 0 });
      parentPort.postMessage({ type: 'opened', id: m.id });
      return;
    }
    if (m.type === 'discard') return close(m.id);
    const job = jobs.get(m.id);
    if (!job) return;
    while (job.position < m.upto) {
      const n = readSync(job.fd, buffer, 0, Math.min(buffer.length, m.upto - job.position), job.position);
      if (n === 0) throw new Error('The file is shorter than what was written to it.');
      job.hash.update(buffer.subarray(0, n));
      job.position += n;
    }
    if (m.type === 'finish') {
      close(m.id);
      parentPort.postMessage({ type: 'digest', id: m.id, hex: job.hash.digest('hex') });
    } else parentPort.postMessage({ type: 'progress', id: m.id, hashed: job.position });
  } catch (error) {
    close(m.id);
    parentPort.postMessage({ type: 'failed', id: m.id, message: String((error && error.message) || error) });
  }
});
`;

function resolvers(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

type Message =
  | { type: 'open'; id: number; path: string; algorithm: HashAlgorithm }
  | { type: 'written' | 'finish'; id: number; upto: number }
  | { type: 'discard'; id: number };

type Reply =
  | { type: 'opened'; id: number }
  | { type: 'progress'; id: number; hashed: number }
  | { type: 'digest'; id: number; hex: string }
  | { type: 'failed'; id: number; message: string };

/** Bytes read back per read (and hashed per update) on the worker. */
const readBytes = 1024 * 1024;
/**
 * How far a hash may fall behind the writer before the writer waits: the bytes it still has to
 * read stay in the page cache, and the end of an upload never waits long for its digest.
 */
const defaultMaxLagBytes = 64 * 1024 * 1024;
const maxWorkers = Math.max(1, Math.min(4, availableParallelism()));

export type HashAlgorithm = 'sha1' | 'sha256' | 'md5';

class HashWorker {
  readonly followers = new Map<number, HashFollower>();
  private readonly worker: Worker;
  private waiters = 0;

  constructor(private readonly onGone: (worker: HashWorker) => void) {
    this.worker = new Worker(workerSource, { eval: true, workerData: { readBytes } });
    this.worker.on('message', (reply: Reply) => this.followers.get(reply.id)?.receive(reply));
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('The hash worker stopped.')));
    // Idle, it never keeps the process alive (unref after the listeners: adding one refs it again).
    this.worker.unref();
  }

  /** Keeps the process alive while someone awaits an answer (only then). */
  waiting(delta: 1 | -1): void {
    this.waiters += delta;
    if (this.waiters === 1 && delta === 1) this.worker.ref();
    else if (this.waiters === 0) this.worker.unref();
  }

  post(message: Message): void {
    this.worker.postMessage(message);
  }

  private fail(error: Error): void {
    this.onGone(this);
    for (const follower of this.followers.values()) follower.receive({ type: 'failed', id: 0, message: error.message });
    this.followers.clear();
  }
}

const workers: HashWorker[] = [];
let nextId = 1;

/** The least busy worker; another one starts while every one is busy and there are cores to spare. */
function pickWorker(): HashWorker {
  let best: HashWorker | undefined;
  for (const worker of workers) if (!best || worker.followers.size < best.followers.size) best = worker;
  if (best && (best.followers.size === 0 || workers.length >= maxWorkers)) return best;
  const created = new HashWorker((gone) => {
    const at = workers.indexOf(gone);
    if (at >= 0) workers.splice(at, 1);
  });
  workers.push(created);
  return created;
}

/** One digest of a file as it is written, computed on a worker that follows the writer. */
export class HashFollower {
  private readonly id = nextId++;
  private readonly worker: HashWorker;
  private hashed = 0;
  private failure: Error | undefined;
  private caughtUp: { upto: number; resolve: () => void; reject: (error: Error) => void } | undefined;
  private result: { resolve: (hex: string) => void; reject: (error: Error) => void } | undefined;
  private done = false;
  private readonly opened = resolvers();

  /**
   * Resolves once the worker has the file open: from then on it reads the same file even if the
   * path is renamed.
   */
  get ready(): Promise<void> {
    return this.opened.promise;
  }

  /** Starts following `path` (which must exist): nothing is read until `written` says it is there. */
  constructor(
    path: string,
    algorithm: HashAlgorithm,
    private readonly maxLagBytes = defaultMaxLagBytes,
  ) {
    this.worker = pickWorker();
    this.worker.followers.set(this.id, this);
    this.worker.post({ type: 'open', id: this.id, path, algorithm });
    // Awaited only by some callers; a failure is also reported by `written` and `finish`.
    this.opened.promise.catch(() => undefined);
  }

  /**
   * Bytes before `upto` are in the file. Resolves at once, or, when the hash lags too far behind,
   * once it has caught up enough.
   */
  written(upto: number): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.worker.post({ type: 'written', id: this.id, upto });
    if (upto - this.hashed <= this.maxLagBytes) return Promise.resolve();
    return this.await<void>((resolve, reject) => {
      this.caughtUp = { upto: upto - this.maxLagBytes, resolve, reject };
    });
  }

  /** The digest of the file's first `size` bytes (all written). */
  finish(size: number): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    return this.await<string>((resolve, reject) => {
      this.result = { resolve, reject };
      this.worker.post({ type: 'finish', id: this.id, upto: size });
    });
  }

  /** A promise for an answer from the worker, during which the worker keeps the process alive. */
  private await<T>(start: (resolve: (value: T) => void, reject: (error: Error) => void) => void): Promise<T> {
    this.worker.waiting(1);
    const settled = () => this.worker.waiting(-1);
    return new Promise<T>(start).finally(settled);
  }

  /** Stops following (the content is not wanted); the worker closes the file. A pending wait is rejected. */
  discard(): void {
    if (this.done) return;
    this.end();
    this.worker.post({ type: 'discard', id: this.id });
    this.settleWith(new Error('The content was discarded.'));
  }

  /** @internal A reply from the worker. */
  receive(reply: Reply): void {
    if (reply.type === 'opened') {
      this.opened.resolve();
      return;
    }
    if (reply.type === 'progress') {
      this.hashed = reply.hashed;
      if (this.caughtUp && this.hashed >= this.caughtUp.upto) {
        this.caughtUp.resolve();
        this.caughtUp = undefined;
      }
      return;
    }
    this.end();
    if (reply.type === 'digest') {
      this.result?.resolve(reply.hex);
      return;
    }
    this.settleWith(new Error(`Hashing the content failed: ${reply.message}`));
  }

  private settleWith(failure: Error): void {
    this.failure = failure;
    this.opened.reject(failure);
    this.caughtUp?.reject(failure);
    this.result?.reject(failure);
    this.caughtUp = undefined;
    this.result = undefined;
  }

  private end(): void {
    this.done = true;
    this.worker.followers.delete(this.id);
  }
}

/** What Drive reports of content: its address in the blob store (BLAKE3) and md5. */
export interface ContentDigest {
  readonly address: string;
  readonly md5: string;
}

/** A Buffer view of `bytes` (no copy): the hasher takes Buffers. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The address and md5 of a file as it is written. The address is a BLAKE3 digest, computed right
 * here from each written batch: with SIMD it hashes gigabytes a second, so it costs the receiving
 * thread about a tenth of what writing the bytes does. MD5 has no such speed (and Drive reports it),
 * so a worker computes it, reading the file back right behind the writer.
 */
export class ContentDigests {
  private readonly address = new Blake3Hasher();
  private addressed = 0;
  private readonly md5: HashFollower;

  constructor(private readonly path: string) {
    this.md5 = new HashFollower(path, 'md5');
  }

  /** The digests of a whole file that is already written. */
  static async ofFile(path: string, size: number): Promise<ContentDigest> {
    const digests = new ContentDigests(path);
    try {
      await digests.addressFile(size);
      return await digests.finish(size);
    } catch (error) {
      digests.discard();
      throw error;
    }
  }

  /**
   * `batch` was just written, ending at `upto` (batches arrive in file order, each once). Resolves at
   * once unless the md5 lags too far behind (see `HashFollower.written`).
   */
  written(upto: number, batch: readonly Uint8Array[]): Promise<void> {
    for (const bytes of batch) {
      this.address.update(asBuffer(bytes));
      this.addressed += bytes.byteLength;
    }
    if (this.addressed !== upto) {
      this.discard();
      return Promise.reject(new Error(`The hashed bytes (${this.addressed}) and the file (${upto}) differ.`));
    }
    return this.md5.written(upto);
  }

  /** The address of the first `size` bytes (all given to `written`): known at once, ahead of the md5. */
  addressOf(size: number): string {
    if (this.addressed !== size) throw new Error(`Only ${this.addressed} of ${size} bytes were hashed.`);
    return this.address.digest('hex');
  }

  /** Resolves once the file may be renamed: the md5 worker has it open. */
  get renamable(): Promise<void> {
    return this.md5.ready;
  }

  /** The md5 of the first `size` bytes, once the worker has caught up with them. */
  md5Of(size: number): Promise<string> {
    return this.md5.finish(size);
  }

  async finish(size: number): Promise<ContentDigest> {
    const address = this.addressOf(size);
    return { address, md5: await this.md5Of(size) };
  }

  discard(): void {
    this.md5.discard();
  }

  private async addressFile(size: number): Promise<void> {
    const handle = await open(this.path, 'r');
    try {
      const buffer = Buffer.allocUnsafe(readBytes * 4);
      while (this.addressed < size) {
        const { bytesRead } = await handle.read(
          buffer,
          0,
          Math.min(buffer.length, size - this.addressed),
          this.addressed,
        );
        if (bytesRead === 0) throw new Error('The file is shorter than its recorded size.');
        this.address.update(buffer.subarray(0, bytesRead));
        this.addressed += bytesRead;
      }
    } finally {
      await handle.close();
    }
    await this.md5.written(size);
  }
}
