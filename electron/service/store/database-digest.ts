import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';

/**
 * A hash of every row of every table, for tests that check a rejected request changed nothing:
 * take it before and after and compare.
 */
export function databaseDigest(db: Database): string {
  const hash = createHash('sha256');
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all();
  for (const { name } of tables) {
    hash.update(`\u0000table ${name}\u0000`);
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const columns = (db.pragma(`table_info(${quoted})`) as unknown[]).length;
    const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    for (const row of db.prepare(`SELECT * FROM ${quoted} ORDER BY ${order}`).raw().iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : value)));
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}
