import { Worker } from 'node:worker_threads';

/**
 * Hashing off the main thread: sha256 and md5 each run in their own worker while the main thread
 * keeps receiving and writing content, so an upload is not held to the speed of two hashes
 * computed one after the other on the event loop. Content reaches the workers through a small
 * pool of shared buffers (one copy, read by both), so memory stays flat however large the upload.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const sessions = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'update') {
    let hash = sessions.get(m.id);
    if (!hash) { hash = createHash(workerData.algorithm); sessions.set(m.id, hash); }
    hash.update(new Uint8Array(m.buffer, 0, m.length));
    parentPort.postMessage({ type: 'ack', slot: m.slot });
  } else if (m.type === 'digest') {
    const hash = sessions.get(m.id) || createHash(workerData.algorithm);
    sessions.delete(m.id);
    parentPort.postMessage({ type: 'digest', id: m.id, hex: hash.digest('hex') });
  } else if (m.type === 'discard') {
    sessions.delete(m.id);
  }
});
`;

type Reply = { type: 'ack'; slot: number } | { type: 'digest'; id: number; hex: string };

const algorithms = ['sha256', 'md5'] as const;
type Algorithm = (typeof algorithms)[number];

/** Shared buffers in the pool, and the size of each. */
const slotCount = 6;
const slotBytes = 2 * 1024 * 1024;

interface Slot {
  readonly buffer: SharedArrayBuffer;
  readonly view: Uint8Array;
  /** Workers still reading it. */
  readers: number;
}

class HashPool {
  private readonly workers = new Map<Algorithm, Worker>();
  private readonly slots: Slot[] = [];
  private readonly free: number[] = [];
  private readonly slotWaiters: (() => void)[] = [];
  private readonly digests = new Map<string, { resolve: (hex: string) => void; reject: (error: Error) => void }>();
  private nextId = 1;

  constructor() {
    for (let i = 0; i < slotCount; i++) {
      const buffer = new SharedArrayBuffer(slotBytes);
      this.slots.push({ buffer, view: new Uint8Array(buffer), readers: 0 });
      this.free.push(i);
    }
  }

  private worker(algorithm: Algorithm): Worker {
    let worker = this.workers.get(algorithm);
    if (worker) return worker;
    worker = new Worker(workerSource, { eval: true, workerData: { algorithm } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      if (reply.type === 'ack') this.release(reply.slot);
      else this.settle(`${algorithm}:${reply.id}`, reply.hex);
    });
    const fail = (error: Error) => {
      this.workers.delete(algorithm);
      for (const [key, waiter] of this.digests) {
        if (!key.startsWith(`${algorithm}:`)) continue;
        this.digests.delete(key);
        waiter.reject(error);
      }
      // Slots a dead worker was reading are free again.
      for (let i = 0; i < this.slots.length; i++) if (this.slots[i]!.readers > 0) this.release(i);
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error(`The ${algorithm} worker stopped.`)));
    this.workers.set(algorithm, worker);
    return worker;
  }

  private release(slot: number): void {
    const s = this.slots[slot]!;
    s.readers = Math.max(0, s.readers - 1);
    if (s.readers === 0 && !this.free.includes(slot)) {
      this.free.push(slot);
      this.slotWaiters.shift()?.();
    }
  }

  private settle(key: string, hex: string): void {
    const waiter = this.digests.get(key);
    this.digests.delete(key);
    waiter?.resolve(hex);
  }

  private readonly filling = new Map<number, { slot: number; length: number }>();

  open(): number {
    return this.nextId++;
  }

  /** Copies `data` into the session's slot, handing each full slot to both workers; waits when every slot is busy. */
  async update(id: number, data: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < data.length) {
      let current = this.filling.get(id);
      if (!current) {
        while (this.free.length === 0) await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
        current = { slot: this.free.pop()!, length: 0 };
        this.filling.set(id, current);
      }
      const n = Math.min(data.length - offset, slotBytes - current.length);
      this.slots[current.slot]!.view.set(data.subarray(offset, offset + n), current.length);
      current.length += n;
      offset += n;
      if (current.length === slotBytes) this.send(id);
    }
  }

  private send(id: number): void {
    const current = this.filling.get(id);
    if (!current) return;
    this.filling.delete(id);
    const s = this.slots[current.slot]!;
    s.readers = algorithms.length;
    for (const algorithm of algorithms) {
      this.worker(algorithm).postMessage({
        type: 'update',
        id,
        slot: current.slot,
        buffer: s.buffer,
        length: current.length,
      });
    }
  }

  async digest(id: number): Promise<Record<Algorithm, string>> {
    this.send(id);
    const results = await Promise.all(
      algorithms.map(
        (algorithm) =>
          new Promise<string>((resolve, reject) => {
            this.digests.set(`${algorithm}:${id}`, { resolve, reject });
            this.worker(algorithm).postMessage({ type: 'digest', id });
          }),
      ),
    );
    return { sha256: results[0]!, md5: results[1]! };
  }

  discard(id: number): void {
    const current = this.filling.get(id);
    if (current) {
      this.filling.delete(id);
      this.free.push(current.slot);
      this.slotWaiters.shift()?.();
    }
    for (const algorithm of algorithms) this.workers.get(algorithm)?.postMessage({ type: 'discard', id });
  }
}

let pool: HashPool | undefined;

/** The sha256 (content address) and md5 (md5Checksum) of a stream of chunks, computed in parallel. */
export class ContentHash {
  private readonly pool: HashPool;
  private readonly id: number;

  constructor() {
    this.pool = pool ??= new HashPool();
    this.id = this.pool.open();
  }

  /** Queues a chunk (copied); waits only when the hashes lag far behind. */
  update(data: Uint8Array): Promise<void> {
    return this.pool.update(this.id, data);
  }

  digest(): Promise<{ sha256: string; md5: string }> {
    return this.pool.digest(this.id);
  }

  discard(): void {
    this.pool.discard(this.id);
  }
}
