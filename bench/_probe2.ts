import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedService } from '../electron/service/server';
import { tasksModule } from '../electron/service/tasks';
const dataDir = mkdtempSync(join('/dev/shm', 'probe-'));
const svc = await startEmbeddedService({ dataDir, modules: [tasksModule], users: [{ email: 'a@b.c', token: 't' }] });
const h = { authorization: 'Bearer t', 'content-type': 'application/json' };
const list = ((await (await fetch(`${svc.url}/tasks/v1/users/@me/lists`, { headers: h })).json()) as { items: { id: string }[] }).items[0]!.id;
for (let i = 0; i < 1000; i++) await fetch(`${svc.url}/tasks/v1/lists/${list}/tasks`, { method: 'POST', headers: h, body: JSON.stringify({ title: `t${i}`, notes: 'some notes here' }) });
for (const n of [1, 2, 3]) {
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) await (await fetch(`${svc.url}/tasks/v1/lists/${list}/tasks?maxResults=100`, { headers: h })).text();
  console.log(n, 'list 100 of 1000:', ((performance.now() - t0) / 50).toFixed(2), 'ms');
}
await svc.close();
