import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, type ReadStream } from 'node:fs';
import { open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ContentHash } from './hash-worker';

/** A content blob as written: its address (sha256) and what Drive reports about it. */
export interface StoredBlob {
  readonly sha256: string;
  readonly md5: string;
  readonly size: number;
}

/** Size of the writes content is gathered into (fewer, larger writes stream faster). */
const writeBatchBytes = 1024 * 1024;
const readChunkBytes = 1024 * 1024;

async function writeAll(handle: FileHandle, buffers: Uint8Array[]): Promise<void> {
  let rest = buffers;
  while (rest.length > 0) {
    let { bytesWritten } = await handle.writev(rest);
    // A short write: skip what went out and write the remainder.
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

export class ContentTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Content exceeds ${limit} bytes.`);
  }
}

/**
 * Content-addressed file storage beside the database: `<dataDir>/blobs/<aa>/<sha256>`.
 * Content is streamed to a temporary file, fsynced and renamed into place before the caller
 * commits any row that points at it, so a committed row never refers to missing content.
 */
export class BlobStore {
  private readonly tempDir: string;
  /** Blobs an unfinished request is about to refer to: never removed while held. */
  private readonly holds = new Map<string, number>();

  constructor(readonly root: string) {
    this.tempDir = join(root, 'tmp');
    mkdirSync(this.tempDir, { recursive: true });
  }

  pathOf(sha256: string): string {
    return join(this.root, sha256.slice(0, 2), sha256);
  }

  /** A fresh path in the temporary folder (for uploads assembled over several requests). */
  tempPath(name = randomBytes(12).toString('hex')): string {
    return join(this.tempDir, name);
  }

  /** Streams `source` into the store (one chunk in memory at a time). The blob is held until `unhold`. */
  async write(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    limit = Number.POSITIVE_INFINITY,
  ): Promise<StoredBlob> {
    const temp = this.tempPath();
    const hash = new ContentHash();
    let size = 0;
    const handle = await open(temp, 'wx');
    // Chunks are gathered into large vectored writes (no copying); each runs while the next batch arrives.
    let batch: Uint8Array[] = [];
    let batchSize = 0;
    let pending: Promise<void> = Promise.resolve();
    let failure: unknown;
    const flush = async () => {
      if (batchSize === 0) return;
      const buffers = batch;
      batch = [];
      batchSize = 0;
      await pending;
      if (failure !== undefined) throw failure;
      pending = writeAll(handle, buffers).catch((error: unknown) => {
        failure ??= error;
      });
    };
    let digests: { sha256: string; md5: string };
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > limit) throw new ContentTooLargeError(limit);
        batch.push(chunk);
        batchSize += chunk.length;
        await hash.update(chunk);
        if (batchSize >= writeBatchBytes) await flush();
      }
      await flush();
      await pending;
      if (failure !== undefined) throw failure;
      [digests] = await Promise.all([hash.digest(), handle.sync()]);
    } catch (error) {
      hash.discard();
      await pending;
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    const blob = { ...digests, size };
    this.hold(blob.sha256);
    await this.moveIntoPlace(temp, blob.sha256);
    return blob;
  }

  private empty: Promise<StoredBlob> | undefined;

  /** The zero-byte blob (content of files created without any): written once, held for the store's life. */
  emptyBlob(): Promise<StoredBlob> {
    this.empty ??= this.write([]);
    return this.empty;
  }

  /** Keeps a blob from removal until `unhold` (a request that wrote it has not committed yet). */
  hold(sha256: string): void {
    this.holds.set(sha256, (this.holds.get(sha256) ?? 0) + 1);
  }

  unhold(sha256: string): void {
    const n = (this.holds.get(sha256) ?? 0) - 1;
    if (n <= 0) this.holds.delete(sha256);
    else this.holds.set(sha256, n);
  }

  /** Moves a finished temporary file (a completed resumable upload) into the store; held like `write`. */
  async adoptTempFile(temp: string): Promise<StoredBlob> {
    const hash = new ContentHash();
    let size = 0;
    try {
      for await (const chunk of createReadStream(temp, { highWaterMark: readChunkBytes }) as AsyncIterable<Buffer>) {
        await hash.update(chunk);
        size += chunk.length;
      }
    } catch (error) {
      hash.discard();
      throw error;
    }
    const blob = { ...(await hash.digest()), size };
    this.hold(blob.sha256);
    await this.moveIntoPlace(temp, blob.sha256);
    return blob;
  }

  private async moveIntoPlace(temp: string, sha256: string): Promise<void> {
    const target = this.pathOf(sha256);
    const dir = join(this.root, sha256.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    const existing = await stat(target).catch(() => undefined);
    if (existing) {
      await unlink(temp);
      return;
    }
    await rename(temp, target);
    // The rename is durable only once the directory entry is on disk.
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  }

  read(sha256: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(sha256), {
      highWaterMark: readChunkBytes,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async readText(sha256: string, maxBytes: number): Promise<string> {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of this.read(sha256, {
      start: 0,
      end: Math.max(0, maxBytes - 1),
    }) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      total += chunk.length;
      if (total >= maxBytes) break;
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Removes a blob no row refers to any more (called after the transaction that dropped the last reference). */
  async remove(sha256: string): Promise<void> {
    if (this.holds.has(sha256)) return;
    await rm(this.pathOf(sha256), { force: true });
  }
}
