import type { StoredBlob } from './blob-store';
import { ContentDigests } from './hash-follower';

/** The digests of a resumable upload's file, following it as its requests write more of it. */
export class RunningDigest {
  readonly digests: ContentDigests;
  /** Bytes of the file (from its start) the digests are told of. */
  size = 0;
  lastUsed = Date.now();

  constructor(path: string) {
    this.digests = new ContentDigests(path);
  }

  async finish(): Promise<StoredBlob> {
    return { ...(await this.digests.finish(this.size)), size: this.size };
  }

  discard(): void {
    this.digests.discard();
  }
}

/** Sessions idle longer than this lose their running digest (finishing one then reads the file again). */
const idleMs = 30 * 60 * 1000;
const maxRunning = 32;

/**
 * Running digests of resumable uploads, kept in memory between their requests so that finishing an
 * upload does not read all its content again. Whenever the bytes on disk and a digest may not
 * match (after a restart, a torn write, two requests at once on one session) the digest is dropped
 * and the finished file is hashed whole instead: a lost digest costs time, never correctness.
 */
export class RunningDigests {
  private readonly idle = new Map<string, RunningDigest>();
  /** Sessions a request is writing to; a second request on one of them spoils its digest. */
  private readonly busy = new Set<string>();
  private readonly spoiled = new Set<string>();

  /**
   * The digest to carry on for a request that writes the session's file from byte `at` on (the file
   * exists and holds exactly `at` bytes), or undefined when there is none to trust. Give it back
   * with `release`.
   */
  take(id: string, path: string, at: number): RunningDigest | undefined {
    this.forgetIdle();
    if (this.busy.has(id)) {
      this.spoiled.add(id);
      return undefined;
    }
    this.busy.add(id);
    let digest = this.idle.get(id);
    this.idle.delete(id);
    if (digest && digest.size !== at) {
      digest.discard();
      digest = undefined;
    }
    if (!digest && at === 0) digest = new RunningDigest(path);
    return digest;
  }

  /** Ends a request's use of the session: keeps `digest` (when still good) for the next request. */
  release(id: string, digest: RunningDigest | undefined): void {
    const spoiled = this.spoiled.delete(id);
    this.busy.delete(id);
    if (!digest) return;
    if (spoiled) {
      digest.discard();
      return;
    }
    digest.lastUsed = Date.now();
    this.idle.set(id, digest);
    if (this.idle.size > maxRunning) {
      const [oldest] = this.idle.keys();
      this.drop(oldest!);
    }
  }

  /** The finished digest of a session whose file holds `size` bytes, when one was carried all the way. */
  async finish(id: string, size: number): Promise<StoredBlob | undefined> {
    const digest = this.idle.get(id);
    if (!digest || this.busy.has(id)) return undefined;
    this.idle.delete(id);
    if (digest.size !== size) {
      digest.discard();
      return undefined;
    }
    // A hash that failed costs time only: the file is hashed whole instead.
    return digest.finish().catch(() => undefined);
  }

  /** Whether a request is writing to the session now. */
  isBusy(id: string): boolean {
    return this.busy.has(id);
  }

  /** Drops the session's digest (the session is gone). */
  forget(id: string): void {
    this.drop(id);
  }

  private drop(id: string): void {
    this.idle.get(id)?.discard();
    this.idle.delete(id);
  }

  private forgetIdle(): void {
    const before = Date.now() - idleMs;
    for (const [id, digest] of this.idle) if (digest.lastUsed < before) this.drop(id);
  }
}
