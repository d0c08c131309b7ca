import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations, validateParams } from '../../shared/api';
import { calendarModule } from '../../electron/service/calendar';
import { startEmbeddedService } from '../../electron/service/server';

const dir = mkdtempSync(join(tmpdir(), 'micro-'));
const service = await startEmbeddedService({ dataDir: dir });
const user = service.addUser({ email: 'bench@atrium.local', token: 't' });
const insert = calendarModule.handlers['CalendarEventsInsert']!;
const ctxFor = (op: keyof typeof operations, raw: Record<string, unknown>, body?: unknown) => {
  const v = validateParams(operations[op], raw);
  if (!v.ok) throw new Error(v.error.message);
  return { user, operation: op, params: v.params as Record<string, unknown>, body, headers: {}, req: { url: '/x' } as unknown as IncomingMessage, res: undefined as unknown as ServerResponse, upload: false, service: service.context };
};
const base = Date.parse('2030-01-01T09:00:00Z');
service.context.store.transaction(() => {
  for (let i = 0; i < 10000; i++) {
    const start = new Date(base + i * 3_600_000);
    insert(ctxFor('CalendarEventsInsert', { calendarId: 'primary' }, operations.CalendarEventsInsert.request!.parse({
      summary: `Event ${i}`, description: `Benchmark event number ${i}, with a description of ordinary length.`, location: 'Room 4',
      start: { dateTime: start.toISOString() }, end: { dateTime: new Date(start.getTime() + 1_800_000).toISOString() } })));
  }
});
const db = service.context.store.db;
const cal = user.email;

db.exec('ANALYZE');
const cols: Record<string, string> = {
  head: `pk, calendar_id, event_id, ical_uid, status, is_series, recurring_event_id, original_start_ms, start_ms, end_ms, range_end_ms, updated_ms, change_seq`,
  light5: 'pk, event_id, change_seq, status, recurring_event_id',
  light3: 'pk, event_id, change_seq',
  light2: 'pk, change_seq',
  light2flag: "pk, change_seq, recurring_event_id, status = 'cancelled' AS c",
  light3case: "pk, change_seq, event_id, CASE WHEN status = 'cancelled' THEN coalesce(recurring_event_id, '') END AS c",
  light2case: "pk, change_seq, CASE WHEN status = 'cancelled' THEN coalesce(recurring_event_id, '') END AS c",
};
const stmts = Object.entries(cols).flatMap(([n, c]) => [
  [n, db.prepare(`SELECT ${c} FROM calendar_events WHERE calendar_id = ? AND event_id > ? ORDER BY event_id LIMIT ?`)],
  [n + ' raw', db.prepare(`SELECT ${c} FROM calendar_events WHERE calendar_id = ? AND event_id > ? ORDER BY event_id LIMIT ?`).raw(true)],
] as const);
const best = new Map<string, number>();
for (let k = 0; k < 20; k++) for (const [n, st] of stmts) {
  const N = 50; const t = performance.now();
  for (let i = 0; i < N; i++) st.all(cal, '', 251);
  const us = (performance.now() - t) / N * 1000;
  best.set(n, Math.min(best.get(n) ?? 1e9, us));
}
for (const [n, us] of best) console.log(n.padEnd(16), us.toFixed(0), 'us');
for (const [n, st] of stmts) console.log(n, db.prepare('EXPLAIN QUERY PLAN ' + st.source).all(cal, '', 2).map((r: any) => r.detail));
await service.close();
