import type { Store } from '../../store/store';
import type { StoredBlob } from '../content/blob-store';

export interface RevisionRow {
  file_id: string;
  id: string;
  seq: number;
  blob_address: string;
  mime_type: string;
  original_filename: string | null;
  modified_time: string;
  keep_forever: number;
  last_modifying_user_id: string | null;
  /** When newer content replaced this revision (the 30-day purge clock starts here). */
  superseded_time: string | null;
  published: number;
  publish_auto: number;
  published_outside_domain: number;
}

export interface RevisionWithBlob extends RevisionRow {
  size: number;
  md5: string;
}

export const maxPinnedRevisions = 200;
export const revisionRetentionMs = 30 * 24 * 60 * 60 * 1000;

export class RevisionsRepository {
  constructor(private readonly store: Store) {}

  recordBlob(blob: StoredBlob): void {
    this.store
      .prepare('INSERT OR IGNORE INTO drive_blobs (address, size, md5) VALUES (?, ?, ?)')
      .run(blob.address, blob.size, blob.md5);
  }

  list(fileId: string): RevisionWithBlob[] {
    return this.store
      .prepare<[string], RevisionWithBlob>(
        'SELECT r.*, b.size AS size, b.md5 AS md5 FROM drive_revisions r JOIN drive_blobs b ON b.address = r.blob_address WHERE r.file_id = ? ORDER BY r.seq',
      )
      .all(fileId);
  }

  get(fileId: string, id: string): RevisionWithBlob | undefined {
    return this.store
      .prepare<[string, string], RevisionWithBlob>(
        'SELECT r.*, b.size AS size, b.md5 AS md5 FROM drive_revisions r JOIN drive_blobs b ON b.address = r.blob_address WHERE r.file_id = ? AND r.id = ?',
      )
      .get(fileId, id);
  }

  pinnedCount(fileId: string): number {
    return (
      this.store
        .prepare<[string], { n: number }>(
          'SELECT COUNT(*) AS n FROM drive_revisions WHERE file_id = ? AND keep_forever = 1',
        )
        .get(fileId)?.n ?? 0
    );
  }

  count(fileId: string): number {
    return (
      this.store
        .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM drive_revisions WHERE file_id = ?')
        .get(fileId)?.n ?? 0
    );
  }

  /** Adds a new head revision; the previous head is marked superseded now. */
  addHead(
    row: Omit<RevisionRow, 'seq' | 'superseded_time' | 'published' | 'publish_auto' | 'published_outside_domain'>,
  ): RevisionRow {
    const seq =
      (this.store
        .prepare<[string], { s: number | null }>('SELECT MAX(seq) AS s FROM drive_revisions WHERE file_id = ?')
        .get(row.file_id)?.s ?? 0) + 1;
    this.store
      .prepare('UPDATE drive_revisions SET superseded_time = ? WHERE file_id = ? AND superseded_time IS NULL')
      .run(row.modified_time, row.file_id);
    const full: RevisionRow = {
      ...row,
      seq,
      superseded_time: null,
      published: 0,
      publish_auto: 0,
      published_outside_domain: 0,
    };
    this.store
      .prepare(
        `INSERT INTO drive_revisions (file_id, id, seq, blob_address, mime_type, original_filename, modified_time, keep_forever, last_modifying_user_id, superseded_time, published, publish_auto, published_outside_domain)
         VALUES (@file_id, @id, @seq, @blob_address, @mime_type, @original_filename, @modified_time, @keep_forever, @last_modifying_user_id, @superseded_time, @published, @publish_auto, @published_outside_domain)`,
      )
      .run(full);
    return full;
  }

  update(
    fileId: string,
    id: string,
    changes: Partial<Pick<RevisionRow, 'keep_forever' | 'published' | 'publish_auto' | 'published_outside_domain'>>,
  ): void {
    const keys = Object.keys(changes);
    if (keys.length === 0) return;
    this.store
      .prepare(
        `UPDATE drive_revisions SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE file_id = @file_id AND id = @id`,
      )
      .run({ ...changes, file_id: fileId, id });
  }

  /** Deletes one revision; returns its blob address so the caller can drop unreferenced content after commit. */
  delete(fileId: string, id: string): string | undefined {
    const row = this.get(fileId, id);
    if (!row) return undefined;
    this.store.prepare('DELETE FROM drive_revisions WHERE file_id = ? AND id = ?').run(fileId, id);
    return row.blob_address;
  }

  /** Unpinned revisions superseded before `cutoffIso` are purged. Returns the blob addresses they used. */
  purgeSuperseded(fileId: string, cutoffIso: string): string[] {
    const rows = this.store
      .prepare<[string, string], { id: string; blob_address: string }>(
        'SELECT id, blob_address FROM drive_revisions WHERE file_id = ? AND keep_forever = 0 AND superseded_time IS NOT NULL AND superseded_time <= ?',
      )
      .all(fileId, cutoffIso);
    for (const r of rows)
      this.store.prepare('DELETE FROM drive_revisions WHERE file_id = ? AND id = ?').run(fileId, r.id);
    return rows.map((r) => r.blob_address);
  }

  blobsOfFiles(fileIds: readonly string[]): string[] {
    if (fileIds.length === 0) return [];
    return this.store
      .prepare<[string], { blob_address: string }>(
        'SELECT DISTINCT blob_address FROM drive_revisions WHERE file_id IN (SELECT value FROM json_each(?))',
      )
      .all(JSON.stringify(fileIds))
      .map((r) => r.blob_address);
  }

  /** Every blob address a revision or a file refers to. */
  referencedBlobAddresses(): Set<string> {
    return new Set(
      this.store
        .prepare<[], { address: string }>(
          `SELECT blob_address AS address FROM drive_revisions
           UNION SELECT blob_address FROM drive_files WHERE blob_address IS NOT NULL`,
        )
        .all()
        .map((row) => row.address),
    );
  }

  /** Whether any revision refers to the blob. */
  blobInUse(address: string): boolean {
    return (
      (this.store
        .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM drive_revisions WHERE blob_address = ?')
        .get(address)?.n ?? 0) > 0
    );
  }

  /** Whether the blob is recorded (its content is committed). */
  blobRecorded(address: string): boolean {
    return (
      this.store.prepare<[string], { n: number }>('SELECT 1 AS n FROM drive_blobs WHERE address = ?').get(address) !==
      undefined
    );
  }

  /** Makes `id` the current revision again (it is no longer superseded). */
  unsupersede(fileId: string, id: string): void {
    this.store
      .prepare('UPDATE drive_revisions SET superseded_time = NULL WHERE file_id = ? AND id = ?')
      .run(fileId, id);
  }

  /** Of the given blob addresses, those no revision refers to any more (their rows are removed too). */
  releaseUnreferenced(addresses: Iterable<string>): string[] {
    const released: string[] = [];
    for (const address of new Set(addresses)) {
      const used =
        this.store
          .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM drive_revisions WHERE blob_address = ?')
          .get(address)?.n ?? 0;
      if (used === 0) {
        this.store.prepare('DELETE FROM drive_blobs WHERE address = ?').run(address);
        released.push(address);
      }
    }
    return released;
  }

  /** Bytes counted against quota: the head plus every other revision kept forever. */
  quotaBytes(fileId: string, headRevisionId: string | null): number {
    return (
      this.store
        .prepare<[string, string], { q: number | null }>(
          `SELECT SUM(b.size) AS q FROM drive_revisions r JOIN drive_blobs b ON b.address = r.blob_address
           WHERE r.file_id = ? AND (r.id = ? OR r.keep_forever = 1)`,
        )
        .get(fileId, headRevisionId ?? '')?.q ?? 0
    );
  }
}
