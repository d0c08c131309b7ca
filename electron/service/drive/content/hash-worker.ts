import { Worker } from 'node:worker_threads';

/**
 * Hashing off the main thread: sha256 and md5 each run in their own worker while the main
 * thread keeps receiving and writing content, so large uploads are not held to the speed of
 * two hashes computed one after the other on the event loop.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sessions = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'update') {
    let hash = sessions.get(m.id);
    if (!hash) { hash = createHash(workerData.algorithm); sessions.set(m.id, hash); }
    hash.update(new Uint8Array(m.data, 0, m.length));
    // The buffer goes back to the sender for reuse, so memory stays flat however large the content.
    parentPort.postMessage({ type: 'ack', id: m.id, bytes: m.length, data: m.data }, [m.data]);
  } else if (m.type === 'digest') {
    const hash = sessions.get(m.id) || createHash(workerData.algorithm);
    sessions.delete(m.id);
    parentPort.postMessage({ type: 'digest', id: m.id, hex: hash.digest('hex') });
  } else if (m.type === 'discard') {
    sessions.delete(m.id);
  }
});
`;

type Reply = { type: 'ack'; id: number; bytes: number; data: ArrayBuffer } | { type: 'digest'; id: number; hex: string };

interface SessionState {
  outstanding: number;
  waiters: (() => void)[];
  digest?: { resolve: (hex: string) => void; reject: (error: Error) => void };
}

/** Bytes a hash may lag behind before the writer waits for it (keeps memory flat). */
const maxOutstandingBytes = 8 * 1024 * 1024;
/** Transfer buffers are this large and are reused; a larger chunk is sent in pieces. */
const transferBytes = 2 * 1024 * 1024;

class HashWorker {
  private worker: Worker | undefined;
  private readonly sessions = new Map<number, SessionState>();
  private nextId = 1;
  private readonly spare: ArrayBuffer[] = [];

  constructor(private readonly algorithm: string) {}

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerSource, { eval: true, workerData: { algorithm: this.algorithm } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (reply.type === 'ack' && this.spare.length < 16) this.spare.push(reply.data);
      const session = this.sessions.get(reply.id);
      if (!session) return;
      if (reply.type === 'ack') {
        session.outstanding -= reply.bytes;
        for (const wake of session.waiters.splice(0)) wake();
      } else {
        this.sessions.delete(reply.id);
        session.digest?.resolve(reply.hex);
      }
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      this.worker = undefined;
      this.failAll(new Error(`The ${this.algorithm} worker stopped.`));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const session of this.sessions.values()) {
      session.digest?.reject(error);
      for (const wake of session.waiters.splice(0)) wake();
    }
    this.sessions.clear();
  }

  open(): number {
    const id = this.nextId++;
    this.sessions.set(id, { outstanding: 0, waiters: [] });
    return id;
  }

  async update(id: number, data: Uint8Array): Promise<void> {
    for (let offset = 0; offset < data.length; offset += transferBytes) {
      const session = this.sessions.get(id);
      if (!session) throw new Error(`The ${this.algorithm} worker failed.`);
      while (session.outstanding > maxOutstandingBytes && this.sessions.has(id)) {
        await new Promise<void>((resolve) => session.waiters.push(resolve));
      }
      const piece = data.subarray(offset, Math.min(data.length, offset + transferBytes));
      const buffer = this.spare.pop() ?? new ArrayBuffer(transferBytes);
      new Uint8Array(buffer).set(piece);
      session.outstanding += piece.length;
      this.ensure().postMessage({ type: 'update', id, data: buffer, length: piece.length }, [buffer]);
    }
  }

  digest(id: number): Promise<string> {
    const session = this.sessions.get(id);
    if (!session) return Promise.reject(new Error(`The ${this.algorithm} worker failed.`));
    return new Promise((resolve, reject) => {
      session.digest = { resolve, reject };
      this.ensure().postMessage({ type: 'digest', id });
    });
  }

  discard(id: number): void {
    if (!this.sessions.delete(id)) return;
    this.worker?.postMessage({ type: 'discard', id });
  }
}

let workers: { sha256: HashWorker; md5: HashWorker } | undefined;

/** The sha256 (content address) and md5 (md5Checksum) of a stream of chunks, computed in parallel. */
export class ContentHash {
  private readonly sha: number;
  private readonly md5: number;
  private readonly pool: { sha256: HashWorker; md5: HashWorker };

  constructor() {
    this.pool = workers ??= { sha256: new HashWorker('sha256'), md5: new HashWorker('md5') };
    this.sha = this.pool.sha256.open();
    this.md5 = this.pool.md5.open();
  }

  /** Queues a chunk; waits only when the hashes lag far behind. */
  async update(data: Uint8Array): Promise<void> {
    await Promise.all([this.pool.sha256.update(this.sha, data), this.pool.md5.update(this.md5, data)]);
  }

  async digest(): Promise<{ sha256: string; md5: string }> {
    const [sha256, md5] = await Promise.all([this.pool.sha256.digest(this.sha), this.pool.md5.digest(this.md5)]);
    return { sha256, md5 };
  }

  discard(): void {
    this.pool.sha256.discard(this.sha);
    this.pool.md5.discard(this.md5);
  }
}
