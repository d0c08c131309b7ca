import type { Store } from '../../store/store';
import type { User } from '../../store/users';
import { principalsOf, roleRank } from './roles';

/** One grant as it reaches a file: who, how strongly, from which permission. */
export interface Grant {
  principal: string;
  rank: number;
  expires: string | null;
  discoverable: boolean;
}

const subtreeCte = `WITH RECURSIVE sub(id) AS (SELECT ? UNION ALL SELECT f.id FROM drive_files f JOIN sub ON f.parent_id = sub.id)`;

/**
 * `drive_access` holds, for each file, every grant that reaches it: its own permissions and those
 * inherited from its folders. Writes keep it in step; reads are single indexed probes.
 */
export class AccessRepository {
  constructor(private readonly store: Store) {}

  /** Effective role strength of `user` on a file (0 when none). Expired grants don't count. */
  rankOf(fileId: string, user: User, nowIso: string): number {
    const [u, d, a] = principalsOf(user);
    const row = this.store
      .prepare<[string, string, string, string, string], { r: number | null }>(
        `SELECT MAX(rank) AS r FROM drive_access WHERE file_id = ? AND principal IN (?, ?, ?) AND (expires IS NULL OR expires > ?)`,
      )
      .get(fileId, u, d, a, nowIso);
    return row?.r ?? 0;
  }

  /** `rankOf` for many files in one query; files the user has no live grant on are absent (rank 0). */
  ranksOf(fileIds: readonly string[], user: User, nowIso: string): Map<string, number> {
    const [u, d, a] = principalsOf(user);
    const rows = this.store
      .prepare<[string, string, string, string, string], { file_id: string; r: number }>(
        `SELECT file_id, MAX(rank) AS r FROM drive_access
         WHERE file_id IN (SELECT value FROM json_each(?)) AND principal IN (?, ?, ?) AND (expires IS NULL OR expires > ?)
         GROUP BY file_id`,
      )
      .all(JSON.stringify(fileIds), u, d, a, nowIso);
    return new Map(rows.map((row) => [row.file_id, row.r]));
  }

  /** A new file takes every grant of its folder (owner grants reach it as write access). */
  inherit(fileId: string, parentId: string): void {
    this.store
      .prepare(
        `INSERT INTO drive_access (file_id, principal, rank, source_file_id, permission_id, inherited, expires, discoverable)
         SELECT ?, principal, CASE WHEN rank = ${roleRank.owner} THEN ${roleRank.writer} ELSE rank END, source_file_id, permission_id, 1, expires, discoverable
         FROM drive_access WHERE file_id = ?`,
      )
      .run(fileId, parentId);
  }

  /** A permission on `fileId` reaches the file and everything below it. */
  grant(fileId: string, permissionId: string, g: Grant): void {
    const inheritedRank = g.rank === roleRank.owner ? roleRank.writer : g.rank;
    this.store
      .prepare(
        `${subtreeCte}
         INSERT INTO drive_access (file_id, principal, rank, source_file_id, permission_id, inherited, expires, discoverable)
         SELECT sub.id, ?, CASE WHEN sub.id = ? THEN ? ELSE ? END, ?, ?, sub.id != ?, ?, ? FROM sub`,
      )
      .run(
        fileId,
        g.principal,
        fileId,
        g.rank,
        inheritedRank,
        fileId,
        permissionId,
        fileId,
        g.expires,
        g.discoverable ? 1 : 0,
      );
  }

  /** Grant only on this one file (used when seeding files whose folder's grants were inherited separately). */
  grantDirectOnly(fileId: string, permissionId: string, g: Grant): void {
    this.store
      .prepare(
        `INSERT INTO drive_access (file_id, principal, rank, source_file_id, permission_id, inherited, expires, discoverable)
         VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(fileId, g.principal, g.rank, fileId, permissionId, g.expires, g.discoverable ? 1 : 0);
  }

  regrant(fileId: string, permissionId: string, g: Omit<Grant, 'principal'>): void {
    const inheritedRank = g.rank === roleRank.owner ? roleRank.writer : g.rank;
    this.store
      .prepare(
        `UPDATE drive_access SET rank = CASE WHEN inherited = 1 THEN ? ELSE ? END, expires = ?, discoverable = ?
         WHERE source_file_id = ? AND permission_id = ?`,
      )
      .run(inheritedRank, g.rank, g.expires, g.discoverable ? 1 : 0, fileId, permissionId);
  }

  revoke(fileId: string, permissionId: string): void {
    this.store
      .prepare('DELETE FROM drive_access WHERE source_file_id = ? AND permission_id = ?')
      .run(fileId, permissionId);
  }

  /** After a move: drop what the subtree inherited from its old folders, take the new folder's grants. */
  reparent(fileId: string, newParentId: string | null): void {
    this.store
      .prepare(
        `${subtreeCte}
         DELETE FROM drive_access WHERE file_id IN (SELECT id FROM sub) AND source_file_id NOT IN (SELECT id FROM sub)`,
      )
      .run(fileId);
    if (newParentId === null) return;
    this.store
      .prepare(
        `${subtreeCte}
         INSERT INTO drive_access (file_id, principal, rank, source_file_id, permission_id, inherited, expires, discoverable)
         SELECT sub.id, a.principal, CASE WHEN a.rank = ${roleRank.owner} THEN ${roleRank.writer} ELSE a.rank END,
                a.source_file_id, a.permission_id, 1, a.expires, a.discoverable
         FROM sub, drive_access a WHERE a.file_id = ?`,
      )
      .run(fileId, newParentId);
  }

  /** Every grant key with some access to the file (for working out whose change feeds a change reaches). */
  principalsOn(fileId: string): string[] {
    return this.store
      .prepare<[string], { principal: string }>('SELECT DISTINCT principal FROM drive_access WHERE file_id = ?')
      .all(fileId)
      .map((r) => r.principal);
  }

  /** Grant keys reaching any file of a subtree (one query for a whole folder). */
  principalsOnSubtree(fileId: string): string[] {
    return this.store
      .prepare<[string], { principal: string }>(
        `${subtreeCte} SELECT DISTINCT principal FROM drive_access WHERE file_id IN (SELECT id FROM sub)`,
      )
      .all(fileId)
      .map((r) => r.principal);
  }
}
