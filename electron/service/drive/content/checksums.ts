import type { Store } from '../../store/store';
import { HashFollower } from './hash-follower';

/** The checksums Drive reports of content beyond its md5. */
export interface ContentChecksums {
  readonly sha1: string;
  readonly sha256: string;
}

/** Blobs hashed at once when many are asked for (each keeps two files open on the hash workers). */
const concurrentBlobs = 4;

/**
 * SHA-1 and SHA-256 of stored content. Drive reports them, but few clients ask, and on a processor
 * without SHA instructions they cost more than receiving and storing the content: they are computed
 * the first time a request names them (on the hash workers, reading the stored file) and then kept
 * with the blob. Until then a request for every field (`*`) leaves them out, as Drive does with
 * checksums that are not available.
 */
export class ChecksumCache {
  private readonly computing = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly pathOf: (address: string) => string,
  ) {}

  /** The checksums of a blob recorded so far (none until a request names them). */
  of(address: string): Partial<ContentChecksums> {
    const row = this.store
      .prepare<[string], { sha1: string | null; sha256: string | null }>(
        'SELECT sha1_checksum AS sha1, sha256_checksum AS sha256 FROM drive_blobs WHERE address = ?',
      )
      .get(address);
    return { ...(row?.sha1 ? { sha1: row.sha1 } : {}), ...(row?.sha256 ? { sha256: row.sha256 } : {}) };
  }

  /** Computes and records the checksums of those of `addresses` that lack any. */
  async ensure(addresses: Iterable<string>): Promise<void> {
    const missing = [...new Set(addresses)].filter((address) => {
      const known = this.of(address);
      return known.sha1 === undefined || known.sha256 === undefined;
    });
    let next = 0;
    const lane = async () => {
      while (next < missing.length) await this.compute(missing[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(concurrentBlobs, missing.length) }, lane));
  }

  /** One computation per blob however many requests wait for it. */
  private compute(address: string): Promise<void> {
    let running = this.computing.get(address);
    if (!running) {
      running = this.hash(address).finally(() => this.computing.delete(address));
      this.computing.set(address, running);
    }
    return running;
  }

  private async hash(address: string): Promise<void> {
    const size = this.store
      .prepare<[string], { size: number }>('SELECT size FROM drive_blobs WHERE address = ?')
      .get(address)?.size;
    // Removed meanwhile: nothing refers to it any more.
    if (size === undefined) return;
    const path = this.pathOf(address);
    const known = this.of(address);
    const [sha1, sha256] = await Promise.all([
      known.sha1 ?? new HashFollower(path, 'sha1').finish(size),
      known.sha256 ?? new HashFollower(path, 'sha256').finish(size),
    ]);
    this.store
      .prepare('UPDATE drive_blobs SET sha1_checksum = ?, sha256_checksum = ? WHERE address = ?')
      .run(sha1, sha256, address);
  }
}
