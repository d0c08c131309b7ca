import { createHash } from 'node:crypto';
import type { Store } from './store';

/**
 * A hash of every row of every table, for tests that check a rejected request changed nothing:
 * take it before and after and compare. Fuzz tests take it twice per request, so the reading
 * statements come from the store's statement cache.
 */
export function databaseDigest(store: Store): string {
  const hash = createHash('sha256');
  const names = store
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  for (const { name } of names) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const columns = store
      .prepare<[], { cid: number }>(`SELECT cid FROM pragma_table_info('${name.replaceAll("'", "''")}')`)
      .all();
    const order = columns.map((_, i) => i + 1).join(', ');
    hash.update(`\u0000table ${name}\u0000`);
    for (const row of store
      .prepare<[], Record<string, unknown>>(`SELECT * FROM ${quoted} ORDER BY ${order}`)
      .iterate()) {
      hash.update(
        JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('base64') : value)),
      );
      hash.update('\n');
    }
  }
  return hash.digest('hex');
}
