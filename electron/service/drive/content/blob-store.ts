import { randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync, type ReadStream } from 'node:fs';
import { link, mkdir, open, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { BatchedWriter } from './batched-writer';
import { RunningDigests } from './running-digests';
import { faultPoint } from './fault-points';
import { ContentDigests, type ContentDigest } from './hash-follower';

/** A content blob as written: its address (BLAKE3) and what Drive reports about it. */
export interface StoredBlob extends ContentDigest {
  readonly size: number;
}

const readChunkBytes = 1024 * 1024;

/** Makes a directory entry (a rename or a new folder in `dir`) durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export class ContentTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Content exceeds ${limit} bytes.`);
  }
}

/**
 * Content-addressed file storage beside the database: `<dataDir>/blobs/<aa>/<address>`.
 * Content is streamed to a temporary file, renamed into place and made durable before the caller
 * commits any row that points at it, so a committed row never refers to missing content.
 */
export class BlobStore {
  private readonly tempDir: string;
  /** Digests of resumable uploads in progress, carried from one of their requests to the next. */
  readonly running = new RunningDigests();
  /** Blobs an unfinished request is about to refer to: never removed while held. */
  private readonly holds = new Map<string, number>();
  /** Shard folders known to exist durably. */
  private readonly shards = new Set<string>();
  /** Blobs placed durably whose rows may not be committed yet (kept while held). */
  private readonly durable = new Set<string>();
  /** The placement in progress per address. */
  private readonly placing = new Map<string, Promise<void>>();

  /** `isRecorded(address)`: whether a committed row records the blob (so its file is whole). */
  constructor(
    readonly root: string,
    private readonly isRecorded: (address: string) => boolean,
  ) {
    this.tempDir = join(root, 'tmp');
    mkdirSync(this.tempDir, { recursive: true });
  }

  pathOf(address: string): string {
    return join(this.root, address.slice(0, 2), address);
  }

  /** A fresh path in the temporary folder (for uploads assembled over several requests). */
  tempPath(name = randomBytes(12).toString('hex')): string {
    return join(this.tempDir, name);
  }

  /**
   * Streams `source` into the store: chunks are gathered into large file writes, hashed for the
   * address as they go and read back for the md5 by a worker (see `ContentDigests`). The file goes
   * into place and is flushed as soon as its address is known, while the md5 catches up. Nothing is
   * held in memory beyond two write batches, however large the content. The blob is held until
   * `unhold`.
   */
  async write(
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    limit = Number.POSITIVE_INFINITY,
  ): Promise<StoredBlob> {
    const temp = this.tempPath();
    const handle = await open(temp, 'wx');
    const digests = new ContentDigests(temp);
    const writer = new BatchedWriter(handle, 0, (end, batch) => digests.written(end, batch));
    let size = 0;
    let address: string;
    try {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > limit) throw new ContentTooLargeError(limit);
        const full = writer.append(chunk);
        if (full) await full;
      }
      await writer.end();
      address = digests.addressOf(size);
      await digests.renamable;
    } catch (error) {
      digests.discard();
      await writer.settle();
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    // Flushing waits for the disk and the md5 for the processor: side by side.
    const md5 = digests.md5Of(size);
    md5.catch(() => undefined);
    try {
      await this.place(temp, address, handle);
    } catch (error) {
      digests.discard();
      throw error;
    } finally {
      await handle.close().catch(() => undefined);
    }
    try {
      return { address, md5: await md5, size };
    } catch (error) {
      this.unhold(address);
      throw error;
    }
  }

  private empty: Promise<StoredBlob> | undefined;

  /** The zero-byte blob (content of files created without any): written once, held for the store's life. */
  emptyBlob(): Promise<StoredBlob> {
    this.empty ??= this.write([]);
    return this.empty;
  }

  /** Keeps a blob from removal until `unhold` (a request that wrote it has not committed yet). */
  hold(address: string): void {
    this.holds.set(address, (this.holds.get(address) ?? 0) + 1);
  }

  unhold(address: string): void {
    const n = (this.holds.get(address) ?? 0) - 1;
    if (n > 0) {
      this.holds.set(address, n);
      return;
    }
    this.holds.delete(address);
    // From here on a committed row (or nothing) vouches for the file.
    this.durable.delete(address);
  }

  /**
   * Puts a finished, fsynced temporary file (a completed resumable upload) into the store; held like
   * `write`. `known` is its digest when it was computed as the file was written; otherwise the file
   * is read again to compute it. The temporary file itself stays (the blob is a second link to it):
   * the session can only let go of it once a committed row refers to the blob, so that a crash
   * before that commit still finds every byte where the session expects them.
   */
  async adoptTempFile(temp: string, known?: StoredBlob): Promise<StoredBlob> {
    const { size } = await stat(temp);
    const blob = known?.size === size ? known : { ...(await ContentDigests.ofFile(temp, size)), size };
    const linked = this.tempPath();
    await link(temp, linked);
    try {
      await this.place(linked, blob.address);
    } catch (error) {
      await rm(linked, { force: true });
      throw error;
    }
    return blob;
  }

  /**
   * Start-up clean-up (before any request runs): removes temporary files that no live upload
   * session owns (left by requests a crash cut off) and blobs that no revision refers to (placed by
   * a request that died before its commit, or torn by a crash between a rename and its flush).
   */
  reclaimOrphans(
    referenced: ReadonlySet<string>,
    liveTempNames: ReadonlySet<string>,
  ): { temps: number; blobs: number } {
    let temps = 0;
    let blobs = 0;
    for (const name of readdirSync(this.tempDir)) {
      if (liveTempNames.has(name)) continue;
      rmSync(join(this.tempDir, name), { force: true, recursive: true });
      temps += 1;
    }
    for (const shard of readdirSync(this.root)) {
      if (!/^[0-9a-f]{2}$/.test(shard)) continue;
      for (const address of readdirSync(join(this.root, shard))) {
        if (referenced.has(address)) continue;
        rmSync(join(this.root, shard, address), { force: true, recursive: true });
        blobs += 1;
      }
    }
    return { temps, blobs };
  }

  /**
   * Holds the blob and moves its finished temporary file into place; `unsynced` is the open file when
   * its bytes still have to be made durable.
   */
  private async place(temp: string, address: string, unsynced?: FileHandle): Promise<void> {
    this.hold(address);
    try {
      await this.moveIntoPlace(temp, address, unsynced);
    } catch (error) {
      this.unhold(address);
      throw error;
    }
  }

  /**
   * Renames a finished temporary file to its address and makes it durable before anyone may commit a
   * row that refers to it. The rename goes first so that flushing the bytes and the directory entry
   * happen side by side (one wait for the disk instead of two). A file found at the address is kept
   * only when it is known whole: recorded by a committed row, or placed durably by a request still
   * holding it. Anything else there may be torn (left by a crash between a rename and its flush)
   * and is replaced. Placements of one address take turns.
   */
  private async moveIntoPlace(temp: string, address: string, unsynced?: FileHandle): Promise<void> {
    const mine = (this.placing.get(address) ?? Promise.resolve()).then(() => this.placeOnce(temp, address, unsynced));
    const settled = mine.catch(() => undefined);
    this.placing.set(address, settled);
    try {
      await mine;
    } finally {
      if (this.placing.get(address) === settled) this.placing.delete(address);
    }
  }

  private async placeOnce(temp: string, address: string, unsynced?: FileHandle): Promise<void> {
    const target = this.pathOf(address);
    const whole = this.durable.has(address) || this.isRecorded(address);
    if (whole && (await stat(target).catch(() => undefined))) {
      await unlink(temp);
      return;
    }
    const dir = await this.shardOf(address);
    await rename(temp, target);
    faultPoint('blob:renamed');
    await Promise.all([unsynced?.sync(), syncDirectory(dir)]);
    this.durable.add(address);
  }

  /** The folder of an address, made (and its own entry made durable) the first time it is needed. */
  private async shardOf(address: string): Promise<string> {
    const dir = join(this.root, address.slice(0, 2));
    if (!this.shards.has(dir)) {
      if (await mkdir(dir, { recursive: true })) await syncDirectory(this.root);
      this.shards.add(dir);
    }
    return dir;
  }

  read(address: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(address), {
      highWaterMark: readChunkBytes,
      ...(range ? { start: range.start, end: range.end } : {}),
    });
  }

  async readText(address: string, maxBytes: number): Promise<string> {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of this.read(address, {
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
  async remove(address: string): Promise<void> {
    if (this.holds.has(address)) return;
    await rm(this.pathOf(address), { force: true });
  }
}
