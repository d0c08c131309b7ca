import type { FileHandle } from 'node:fs/promises';

/**
 * Size of the writes content is gathered into: network chunks are small (64 KiB); large writes mean
 * fewer system calls and fewer messages to the hashing workers (one per write).
 */
const batchBytes = 4 * 1024 * 1024;

/** Writes all of `buffers` at `position`, going on after a short write. */
async function writeAt(handle: FileHandle, buffers: Uint8Array[], position: number): Promise<void> {
  let rest = buffers;
  let at = position;
  while (rest.length > 0) {
    let { bytesWritten } = await handle.writev(rest, at);
    at += bytesWritten;
    const next: Uint8Array[] = [];
    for (const buffer of rest) {
      if (bytesWritten >= buffer.length) bytesWritten -= buffer.length;
      else {
        next.push(buffer.subarray(bytesWritten));
        bytesWritten = 0;
      }
    }
    rest = next;
  }
}

/**
 * Writes a stream of chunks to a file from `start` on, gathered into large vectored writes of the
 * chunks themselves (no copies). One batch is written while the next gathers, so memory holds at
 * most two batches however large the content. `onWritten(end, batch)` runs after each write with the
 * end offset of what is now in the file and the chunks just written; the next write waits for the
 * promise it returns.
 */
export class BatchedWriter {
  private batch: Uint8Array[] = [];
  private batchSize = 0;
  private position: number;
  private inFlight: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly handle: FileHandle,
    start = 0,
    private readonly onWritten: (end: number, batch: readonly Uint8Array[]) => Promise<void> | void = () => undefined,
  ) {
    this.position = start;
  }

  /** Queues a chunk; resolves at once unless the batch is full and has to wait for the write before it. */
  append(chunk: Uint8Array): Promise<void> | undefined {
    if (this.failure) throw this.failure.error;
    if (chunk.length === 0) return undefined;
    this.batch.push(chunk);
    this.batchSize += chunk.length;
    return this.batchSize >= batchBytes ? this.flush() : undefined;
  }

  /** Writes what is queued and waits for every write; throws the first write error. */
  async end(): Promise<void> {
    this.flush().catch(() => undefined);
    await this.inFlight;
    if (this.failure) throw this.failure.error;
  }

  /** Waits for the write in flight (after a failure elsewhere, before closing the file); never throws. */
  settle(): Promise<void> {
    return this.inFlight;
  }

  /** Hands the gathered batch on (it is written after the write before it); resolves once that earlier write is done. */
  private flush(): Promise<void> {
    const previous = this.inFlight;
    if (this.batchSize > 0) {
      const buffers = this.batch;
      const at = this.position;
      const end = at + this.batchSize;
      this.batch = [];
      this.batchSize = 0;
      this.position = end;
      this.inFlight = previous
        .then(async () => {
          if (this.failure) return;
          await writeAt(this.handle, buffers, at);
          await this.onWritten(end, buffers);
        })
        .catch((error: unknown) => {
          this.failure ??= { error };
        });
    }
    return previous.then(() => {
      if (this.failure) throw this.failure.error;
    });
  }
}
