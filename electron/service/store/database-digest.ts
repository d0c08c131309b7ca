import { createHash } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';

interface TableReader {
  readonly name: string;
  readonly rows: Statement<[], unknown[]>;
}

/** Per database, the statements reading each table, rebuilt when the schema changes. */
const readers = new WeakMap<Database, { schemaVersion: number; tables: readonly TableReader[] }>();

function tableReaders(db: Database): readonly TableReader[] {
  const schemaVersion = db.pragma('schema_version', { simple: true }) as number;
  const cached = readers.get(db);
  if (cached && cached.schemaVersion === schemaVersion) return cached.tables;
  const names = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  const tables = names.map(({ name }): TableReader => {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const columns = (db.pragma(`table_info(${quoted})`) as unknown[]).length;
    const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    return { name, rows: db.prepare<[], unknown[]>(`SELECT * FROM ${quoted} ORDER BY ${order}`).raw() };
  });
  readers.set(db, { schemaVersion, tables });
  return tables;
}

/**
 * A hash of every row of every table, for tests that check a rejected request changed nothing:
 * take it before and after and compare. Fuzz tests take it twice per request, so the statements are kept.
 */
export function databaseDigest(db: Database): string {
  const hash = createHash('sha256');
  for (const { name, rows } of tableReaders(db)) {
    hash.update(`\u0000table ${name}\u0000`);
    for (const row of rows.iterate()) {
      hash.update(
        JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : value)),
      );
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}
