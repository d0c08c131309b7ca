/**
 * Profiles one kind of request through the real HTTP path (not part of `npm run bench`): the service in
 * this thread with group commit, as the app runs it, 10 requests in flight from a worker thread, and a
 * CPU profile of this thread over 4 s (and its CPU time per request over the whole run, profiling included), written to the temporary folder for Chrome DevTools or
 * `node --cpu-prof`'s readers. Prints the requests answered and the writes per group commit.
 *
 *   tsx bench/_profile-service.ts get|insert|patch
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startEmbeddedService } from '../electron/service/server';

const kind = process.argv[2] ?? 'get';
const token = 't';
const dir = mkdtempSync(join(tmpdir(), 'atrium-prof-'));
const service = await startEmbeddedService({
  dataDir: dir,
  users: [{ email: 'p@atrium.local', token }],
  groupCommit: true,
});
const base = '/calendar/v3/calendars/primary/events';
const body = (i: number) =>
  JSON.stringify({
    summary: `Planning ${i}`,
    description: 'Quarterly planning with the whole team; bring the numbers.',
    location: 'Room 4',
    start: { dateTime: new Date(Date.UTC(2031, 0, 1, 9) + i * 3_600_000).toISOString() },
    end: { dateTime: new Date(Date.UTC(2031, 0, 1, 10) + i * 3_600_000).toISOString() },
    attendees: [{ email: 'ana@example.com' }, { email: 'ben@example.com' }],
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 10 }] },
  });
const ids: string[] = [];
for (let i = 0; i < 200; i++) {
  const r = await fetch(service.url + base, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body(i),
  });
  ids.push(((await r.json()) as { id: string }).id);
}
const spec =
  kind === 'get'
    ? { method: 'GET', paths: ids.map((id) => `${base}/${id}`) }
    : kind === 'insert'
      ? { method: 'POST', paths: [base], bodies: Array.from({ length: 50 }, (_, i) => body(300 + i)) }
      : {
          method: 'PATCH',
          paths: ids.map((id) => `${base}/${id}`),
          bodies: Array.from({ length: 7 }, (_, i) => JSON.stringify({ summary: `R${i}` })),
        };
const src = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, spec, token } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
const u = new URL(url); let stop = false, n = 0, done = 0;
function one() { const i = n++; const path = spec.paths[i % spec.paths.length]; const body = spec.bodies ? spec.bodies[i % spec.bodies.length] : undefined;
  return new Promise((res) => { const headers = { Authorization: 'Bearer ' + token }; if (body) { headers['Content-Type'] = 'application/json'; headers['Content-Length'] = Buffer.byteLength(body); }
    const req = http.request({ host: u.hostname, port: u.port, path, method: spec.method, agent, headers }, (r) => { r.resume(); r.on('end', () => { done++; res(); }); }); req.end(body); }); }
async function loop() { while (!stop) await one(); }
const loops = Array.from({ length: 10 }, loop);
parentPort.on('message', async () => { stop = true; await Promise.all(loops); agent.destroy(); parentPort.postMessage(done); });`;
const cpu0 = process.threadCpuUsage();
const worker = new Worker(src, { eval: true, workerData: { url: service.url, spec, token } });
await new Promise((r) => setTimeout(r, 1000));
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.start');
const c0 = { ...service.context.store.commits };
await new Promise((r) => setTimeout(r, 4000));
const { profile } = await session.post('Profiler.stop');
const c1 = service.context.store.commits;
const cpu = process.threadCpuUsage(cpu0);
worker.postMessage('stop');
const done = await new Promise<number>((r) => worker.once('message', r));
const out = join(tmpdir(), `atrium-service-${kind}.cpuprofile`);
writeFileSync(out, JSON.stringify(profile));
console.log(
  `${kind}: ${done} requests, ${c1.count - c0.count} commits of ${c1.writes - c0.writes} writes, ` +
    `${((cpu.user + cpu.system) / done).toFixed(0)} µs of this thread's CPU per request; profile ${out}`,
);
await worker.terminate();
await service.close();
rmSync(dir, { recursive: true, force: true });
