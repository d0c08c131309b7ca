/**
 * Sustained load on the service CLI over loopback: 50 concurrent clients (10 users × 5) doing a
 * realistic mix of list, insert and patch across Calendar, Tasks and Drive for LOAD_SECONDS
 * (default 60). Prints throughput, latency percentiles, errors, and the service's RSS sampled
 * every second (with its trend, to spot growth).
 *
 *   tsx bench/load.ts                 LOAD_SECONDS=10 tsx bench/load.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess, type ServiceProcess } from '../electron/service/hardening/service-process';

const seconds = Number(process.env['LOAD_SECONDS'] ?? 60);
const userCount = 10;
const clientsPerUser = 5;
const sampleEveryMs = 1000;

interface Answer {
  status: number;
  body: string;
}

interface UserWorld {
  token: string;
  taskList: string;
  tasks: string[];
  events: string[];
  folder: string;
  files: string[];
}

const agent = new Agent({ keepAlive: true, maxSockets: userCount * clientsPerUser });
let port = 0;

function call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function must(method: string, path: string, token: string, body?: unknown): Promise<{ id: string }> {
  const answer = await call(method, path, token, body);
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as { id: string };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const eventTimes = (day: number, hour: number) => ({
  start: { dateTime: `2031-03-${String(1 + (day % 28)).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z` },
  end: { dateTime: `2031-03-${String(1 + (day % 28)).padStart(2, '0')}T${String(hour + 1).padStart(2, '0')}:00:00Z` },
});

async function seedUser(token: string): Promise<UserWorld> {
  const world: UserWorld = { token, taskList: '', tasks: [], events: [], folder: '', files: [] };
  world.taskList = (await must('POST', '/tasks/v1/users/@me/lists', token, { title: 'Load' })).id;
  for (let i = 0; i < 20; i++) {
    world.tasks.push((await must('POST', `/tasks/v1/lists/${world.taskList}/tasks`, token, { title: `Task ${i}` })).id);
    world.events.push(
      (
        await must('POST', '/calendar/v3/calendars/primary/events', token, {
          summary: `Event ${i}`,
          ...eventTimes(i, 9 + (i % 8)),
        })
      ).id,
    );
  }
  world.folder = (
    await must('POST', '/drive/v3/files', token, { name: 'Load', mimeType: 'application/vnd.google-apps.folder' })
  ).id;
  for (let i = 0; i < 10; i++) {
    world.files.push(
      (await must('POST', '/drive/v3/files', token, { name: `File ${i}.txt`, parents: [world.folder] })).id,
    );
  }
  return world;
}

/** One step of a client's day: mostly reads, some writes, in all three areas. */
const mix: { name: string; weight: number; run: (w: UserWorld, n: number) => Promise<Answer> }[] = [
  {
    name: 'CalendarEventsList',
    weight: 20,
    run: (w) =>
      call(
        'GET',
        '/calendar/v3/calendars/primary/events?timeMin=2031-03-01T00:00:00Z&timeMax=2031-03-08T00:00:00Z&singleEvents=true&orderBy=startTime',
        w.token,
      ),
  },
  {
    name: 'CalendarEventsInsert',
    weight: 8,
    run: async (w, n) => {
      const answer = await call('POST', '/calendar/v3/calendars/primary/events', w.token, {
        summary: `New ${n}`,
        ...eventTimes(n, 8 + (n % 10)),
      });
      if (answer.status === 200) w.events.push((JSON.parse(answer.body) as { id: string }).id);
      return answer;
    },
  },
  {
    name: 'CalendarEventsPatch',
    weight: 8,
    run: (w, n) =>
      call('PATCH', `/calendar/v3/calendars/primary/events/${pick(w.events)}`, w.token, { summary: `Renamed ${n}` }),
  },
  {
    name: 'TasksTasksList',
    weight: 16,
    run: (w) => call('GET', `/tasks/v1/lists/${w.taskList}/tasks?maxResults=100`, w.token),
  },
  {
    name: 'TasksTasksInsert',
    weight: 8,
    run: async (w, n) => {
      const answer = await call('POST', `/tasks/v1/lists/${w.taskList}/tasks`, w.token, { title: `New ${n}` });
      if (answer.status === 200) w.tasks.push((JSON.parse(answer.body) as { id: string }).id);
      return answer;
    },
  },
  {
    name: 'TasksTasksPatch',
    weight: 8,
    run: (w, n) =>
      call(
        'PATCH',
        `/tasks/v1/lists/${w.taskList}/tasks/${pick(w.tasks)}`,
        w.token,
        n % 3 === 0 ? { status: 'completed' } : { notes: `n${n}` },
      ),
  },
  {
    name: 'DriveFilesList',
    weight: 16,
    run: (w) =>
      call(
        'GET',
        `/drive/v3/files?q=${encodeURIComponent(`'${w.folder}' in parents and trashed = false`)}&pageSize=100&fields=files(id,name,modifiedTime)`,
        w.token,
      ),
  },
  {
    name: 'DriveFilesCreate',
    weight: 6,
    run: async (w, n) => {
      const answer = await call('POST', '/drive/v3/files', w.token, { name: `New ${n}.txt`, parents: [w.folder] });
      if (answer.status === 200) w.files.push((JSON.parse(answer.body) as { id: string }).id);
      return answer;
    },
  },
  {
    name: 'DriveFilesUpdate',
    weight: 6,
    run: (w, n) => call('PATCH', `/drive/v3/files/${pick(w.files)}`, w.token, { description: `d${n}` }),
  },
  {
    name: 'DriveFilesGet',
    weight: 4,
    run: (w) => call('GET', `/drive/v3/files/${pick(w.files)}?fields=id,name,size`, w.token),
  },
];
const totalWeight = mix.reduce((sum, step) => sum + step.weight, 0);
function chooseStep(): (typeof mix)[number] {
  let r = Math.random() * totalWeight;
  for (const step of mix) {
    r -= step.weight;
    if (r < 0) return step;
  }
  return mix[0]!;
}

function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    if (kb) return kb / 1024;
  } catch {
    // Not Linux: ask ps.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

/** CPU time the process used so far in ms (user + system), or undefined where /proc is missing. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Least-squares slope of y over x. */
function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-load-'));
  const users = Array.from({ length: userCount }, (_, i) => ({
    email: `load${i}@example.com`,
    token: `load-token-${i}`,
  }));
  let service: ServiceProcess | undefined;
  try {
    service = await startServiceProcess({ dataDir, users });
    port = service.port;
    const worlds = await Promise.all(users.map((u) => seedUser(u.token)));
    const rssBefore = rssMb(service.pid);
    const cpuBefore = cpuMs(service.pid);
    console.log(
      `service pid ${service.pid} on ${service.url}; ${userCount} users × ${clientsPerUser} clients for ${seconds} s`,
    );

    const latencies: number[] = [];
    const perStep = new Map<string, number[]>();
    const errors = new Map<string, number>();
    const samples: [number, number][] = [];
    const started = performance.now();
    const deadline = started + seconds * 1000;
    const sampler = setInterval(
      () => samples.push([(performance.now() - started) / 1000, rssMb(service!.pid)]),
      sampleEveryMs,
    );

    let serial = 0;
    const client = async (world: UserWorld): Promise<void> => {
      while (performance.now() < deadline) {
        const step = chooseStep();
        const n = serial++;
        const t0 = performance.now();
        let problem: string | undefined;
        try {
          const answer = await step.run(world, n);
          if (answer.status >= 300) problem = `${step.name} ${answer.status}`;
        } catch (error) {
          problem = `${step.name} ${(error as Error).message}`;
        }
        const ms = performance.now() - t0;
        latencies.push(ms);
        (perStep.get(step.name) ?? perStep.set(step.name, []).get(step.name)!).push(ms);
        if (problem) errors.set(problem, (errors.get(problem) ?? 0) + 1);
      }
    };
    await Promise.all(worlds.flatMap((world) => Array.from({ length: clientsPerUser }, () => client(world))));
    clearInterval(sampler);
    const elapsed = (performance.now() - started) / 1000;
    const rssAfter = rssMb(service.pid);
    const cpuAfter = cpuMs(service.pid);

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `requests: ${latencies.length} in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)} req/s`,
    );
    console.log(
      `latency ms: p50 ${p50.toFixed(1)}  p90 ${percentile(latencies, 90).toFixed(1)}  p99 ${p99.toFixed(1)}  max ${latencies.at(-1)!.toFixed(1)}`,
    );
    for (const [name, values] of [...perStep].sort(([a], [b]) => a.localeCompare(b))) {
      values.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(22)} ${String(values.length).padStart(7)}  p50 ${percentile(values, 50).toFixed(1).padStart(6)}  p99 ${percentile(values, 99).toFixed(1).padStart(7)}`,
      );
    }
    if (cpuBefore !== undefined && cpuAfter !== undefined) {
      const used = cpuAfter - cpuBefore;
      console.log(
        `service CPU: ${(used / 1000).toFixed(1)} s over ${elapsed.toFixed(1)} s (${((100 * used) / 1000 / elapsed).toFixed(0)}% of a core), ` +
          `${(used / latencies.length).toFixed(2)} ms per request`,
      );
    }
    console.log(
      `errors: ${errorCount}${errorCount ? ` (${[...errors].map(([k, v]) => `${k} ×${v}`).join(', ')})` : ''}`,
    );
    const second = samples.slice(Math.floor(samples.length / 2));
    const trend = slope(second) * 60;
    const peak = Math.max(rssBefore, ...samples.map(([, mb]) => mb));
    console.log(
      `service RSS MB: before ${rssBefore.toFixed(1)}  after ${rssAfter.toFixed(1)}  peak ${peak.toFixed(1)}  ` +
        `trend over the second half ${trend >= 0 ? '+' : ''}${trend.toFixed(1)} MB/min (${samples.length} samples)`,
    );
    console.log(`  samples: ${samples.map(([, mb]) => mb.toFixed(0)).join(' ')}`);

    const ratio = p99 / p50;
    console.log(`target load.errors: ${errorCount} count (goal = 0) ${errorCount === 0 ? 'ok' : 'miss'}`);
    console.log(`target load.p99-over-p50: ${ratio.toFixed(2)} ratio (goal < 10) ${ratio < 10 ? 'ok' : 'miss'}`);
  } finally {
    agent.destroy();
    if (service) {
      service.kill('SIGTERM');
      await service.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
