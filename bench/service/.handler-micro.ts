// temporary micro benchmark (not part of the tree)
import { mkdtempSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations, validateParams } from '../../shared/api';
import { calendarModule } from '../../electron/service/calendar';
import { startEmbeddedService } from '../../electron/service/server';
import { toJsonText } from '../../electron/service/http/raw-json';

const dir = mkdtempSync(join(tmpdir(), 'micro-'));
const service = await startEmbeddedService({ dataDir: dir });
const user = service.addUser({ email: 'bench@atrium.local', token: 't' });
const insert = calendarModule.handlers['CalendarEventsInsert']!;
const list = calendarModule.handlers['CalendarEventsList']!;
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
const N = Number(process.argv[2] ?? 300);
let bytes = 0;
for (let round = 0; round < 3; round++) {
  let t0 = performance.now(); let handlerMs = 0; let textMs = 0;
  for (let i = 0; i < N; i++) {
    const a = performance.now();
    const result = await list(ctxFor('CalendarEventsList', { calendarId: 'primary', maxResults: '250' }));
    const b = performance.now();
    const text = toJsonText((result as { body: unknown }).body);
    bytes = Buffer.byteLength(text);
    textMs += performance.now() - b; handlerMs += b - a;
  }
  console.log(`round ${round}: handler ${(handlerMs / N).toFixed(3)} ms, text ${(textMs / N).toFixed(3)} ms, total ${((performance.now() - t0) / N).toFixed(3)} ms/req, ${bytes} bytes`);
}
const page = JSON.parse(toJsonText(((await list(ctxFor('CalendarEventsList', { calendarId: 'primary', maxResults: '250' }))) as { body: unknown }).body));
let t1 = performance.now();
for (let i = 0; i < N; i++) JSON.stringify(page);
console.log(`bare JSON.stringify(page): ${((performance.now() - t1) / N).toFixed(3)} ms`);
await service.close();
