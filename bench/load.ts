/**
 * Sustained load on the service over loopback: 50 concurrent clients (10 users × 5) doing a
 * realistic mix of list, insert and patch across Calendar, Tasks and Drive, first to warm up (at
 * least LOAD_WARMUP_SECONDS, default 60, and LOAD_WARMUP_REQUESTS, default 20,000), then for
 * LOAD_SECONDS (default 180) measured. Prints throughput, latency percentiles, errors, and the
 * service's memory: RSS and the V8 heap after a full collection every 10 s of the measured window,
 * the RSS growth from the window's first minute to its last, and the heap's least-squares trend.
 *
 *   tsx bench/load.ts
 *   LOAD_SECONDS=10 LOAD_WARMUP_SECONDS=0 LOAD_WARMUP_REQUESTS=0 LOAD_HISTORY=0 tsx bench/load.ts
 *
 * LOAD_HISTORY=0 skips seeding each user's history (for short runs that don't judge memory).
 * LOAD_HEAP_SNAPSHOTS=<dir> writes a heap snapshot of the service when the measured window starts
 * and when it ends (to compare in Chrome DevTools' Memory tab). LOAD_MEMORY_TRACE=<file> appends
 * every reading after a collection as a JSON line (with V8's heap spaces).
 */
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const seconds = Number(process.env['LOAD_SECONDS'] ?? 180);
/**
 * The warm-up lasts this long and at least this many requests: what settles (compiled code, V8's
 * heap pages, malloc's arenas) settles with work done, so on a busy machine it takes longer.
 */
const warmupSeconds = Number(process.env['LOAD_WARMUP_SECONDS'] ?? 60);
const warmupMinRequests = Number(process.env['LOAD_WARMUP_REQUESTS'] ?? 20_000);
const withHistory = process.env['LOAD_HISTORY'] !== '0';
const snapshotDir = process.env['LOAD_HEAP_SNAPSHOTS'];
const traceFile = process.env['LOAD_MEMORY_TRACE'];
const userCount = 10;
const clientsPerUser = 5;
const collectEveryMs = 10_000;
/**
 * Shorter windows are reported, not judged: the RSS target compares the window's first minute
 * with its last, which needs them apart; a few collections don't make a heap trend.
 */
const judgedSeconds = 150;
/** The RSS growth compares the medians of the collections in this much at each end of the window. */
const rssEdgeSeconds = 60;
/**
 * Goals for memory growth once warm, in MB/min. What a user notices is resident memory that keeps
 * growing, not a step: RSS moves in steps of up to ≈ 18 MB that say nothing about what the service
 * keeps (V8 committing or releasing old-space pages, malloc's arenas), and a least-squares trend
 * over one minute turned one such step into 12 MB/min. So the RSS target is the growth from the
 * median of the window's first minute to the median of its last, per minute between them, over 3
 * minutes by default: a step moves one median at most, a leak moves both apart. The mix makes
 * about 12,000 requests a minute (fewer on a busy machine), so 5 MB/min is ≈ 400 bytes kept per
 * request, less than any request's objects: a per-request leak exceeds it, and at 300 MB an hour
 * it is what would force restarting an always-on service. The JS heap and the buffers it holds
 * (heap used + external, after a full collection) are free of RSS's noise, so their least-squares
 * trend has a tighter goal, 2 MB/min (≈ 170 bytes a request).
 */
const rssTrendGoal = 5;
const heapTrendGoal = 2;

const repo = resolve(import.meta.dirname, '..');
/**
 * The service runs as shipped: bundled by esbuild, npm packages external (so it lives where they
 * resolve). The real path: Node runs a main module by its real path, and the CLI starts only when
 * that is the path it was given (node_modules may be a link to a shared install).
 */
const bundleFile = join(
  realpathSync(join(repo, 'node_modules')),
  '.cache',
  'atrium-load',
  `service-${process.pid}.mjs`,
);

async function bundleService(): Promise<void> {
  mkdirSync(join(bundleFile, '..'), { recursive: true });
  await build({
    bundle: true,
    platform: 'node',
    target: 'node22',
    packages: 'external',
    format: 'esm',
    logLevel: 'warning',
    absWorkingDir: repo,
    entryPoints: ['electron/service/cli.ts'],
    outfile: bundleFile,
    banner: {
      js: "import { createRequire as __atriumRequire } from 'node:module'; const require = __atriumRequire(import.meta.url);",
    },
  });
}

/**
 * Loaded into the service process by this benchmark only (`--import data:`), never by the app:
 * answers a memory probe over the IPC channel, after a full collection when asked.
 */
const probeSource = `
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
// The service's worker threads load this too; only the process itself, which has the channel, answers.
if (process.channel) {
process.on('message', (m) => {
  if (!m || m.probe !== 'atrium-load') return;
  let gcMs;
  if (m.gc) { const t = performance.now(); globalThis.gc(); gcMs = performance.now() - t; }
  const snapshot = m.snapshot ? writeHeapSnapshot(m.snapshot) : undefined;
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  process.send({ probe: 'atrium-load', id: m.id, usage: process.memoryUsage(), spaces, gcMs, snapshot });
});
process.channel.unref();
}
`;

/**
 * V8 grows the young generation under load in steps (here up to two 64 MB semi-spaces), each at a
 * moment of its choosing, and may shrink it again: a step of up to 64 MB of RSS that says nothing
 * about what the service keeps. The benchmark's service starts at that size so the step doesn't
 * land in the measured minute.
 */
const v8Flags = ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64'];

interface ProbeAnswer {
  id: number;
  usage: NodeJS.MemoryUsage;
  /** Bytes V8 reserved for each heap space. */
  spaces: Record<string, number>;
  gcMs?: number;
  snapshot?: string;
}

interface ProbedService {
  url: string;
  port: number;
  pid: number;
  /** The service's memory, after a full collection when `gc`; writes a heap snapshot to `snapshot` when given. */
  probe(options?: { gc?: boolean; snapshot?: string }): Promise<ProbeAnswer>;
  stop(): Promise<void>;
}

/** Starts the bundled service CLI in its own Node process, with the probe. */
function startProbedService(
  dataDir: string,
  users: readonly { email: string; token: string }[],
): Promise<ProbedService> {
  const args = [
    ...v8Flags,
    '--import',
    `data:text/javascript,${encodeURIComponent(probeSource)}`,
    bundleFile,
    '--data',
    dataDir,
  ];
  for (const user of users) args.push('--user', `${user.email}:${user.token}`);
  const child = spawn(process.execPath, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const waiting = new Map<number, { answered: (answer: ProbeAnswer) => void; failed: (error: Error) => void }>();
  let nextId = 1;
  child.on('message', (message: ProbeAnswer & { probe?: string }) => {
    if (message.probe !== 'atrium-load') return;
    waiting.get(message.id)?.answered(message);
    waiting.delete(message.id);
  });
  void exited.then((code) => {
    for (const { failed } of waiting.values()) failed(new Error(`the service exited (${code})`));
    waiting.clear();
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err += chunk.toString();
    process.stderr.write(chunk);
  });
  return new Promise((started, failed) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/m.exec(out);
      if (!line) return;
      started({
        url: line[1]!,
        port: Number(line[2]),
        pid: child.pid!,
        probe: (options = {}) =>
          new Promise((answered, failed) => {
            const id = nextId++;
            waiting.set(id, { answered, failed });
            child.send({ probe: 'atrium-load', id, ...options }, (error) => {
              if (error) failed(error);
            });
          }),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    void exited.then((code) => failed(new Error(`the service exited (${code}) before listening:\n${out}${err}`)));
  });
}

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

/** Runs `jobs` with at most `width` at a time. */
async function inParallel(width: number, jobs: readonly (() => Promise<unknown>)[]): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all(Array.from({ length: width }, lane));
}

/** Meeting notes of about `chars` characters, different for each `n`. */
function notes(n: number, chars: number): string {
  const lines: string[] = [];
  for (let i = 0; lines.join('\n').length < chars; i++) {
    lines.push(`${i + 1}. Item ${n}.${i}: review the figures, agree on owners and dates, write down what is open.`);
  }
  return lines.join('\n');
}

/**
 * A year of history for each user, none of it in what the mix lists: past events with agendas,
 * a list of completed tasks with notes, an archive folder of described files. It makes the
 * database larger than SQLite's page cache (16 MiB) before the clients start, as an established
 * user's is, so the cache is at its cap rather than growing with every new page.
 */
async function historyJobs(token: string): Promise<(() => Promise<unknown>)[]> {
  const list = (await must('POST', '/tasks/v1/users/@me/lists', token, { title: 'Done' })).id;
  const folder = (
    await must('POST', '/drive/v3/files', token, { name: 'Archive', mimeType: 'application/vnd.google-apps.folder' })
  ).id;
  const jobs: (() => Promise<unknown>)[] = [];
  for (let i = 0; i < 200; i++) {
    const day = `2030-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    jobs.push(() =>
      must('POST', '/calendar/v3/calendars/primary/events', token, {
        summary: `Review ${i}`,
        description: notes(i, 4000),
        start: { dateTime: `${day}T10:00:00Z` },
        end: { dateTime: `${day}T11:00:00Z` },
      }),
    );
    if (i % 2 === 0) {
      jobs.push(() =>
        must('POST', `/tasks/v1/lists/${list}/tasks`, token, {
          title: `Done ${i}`,
          notes: notes(i, 1000),
          status: 'completed',
        }),
      );
    }
    if (i % 4 === 0) {
      jobs.push(() =>
        must('POST', '/drive/v3/files', token, {
          name: `Report ${i}.txt`,
          description: notes(i, 1000),
          parents: [folder],
        }),
      );
    }
  }
  return jobs;
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

/** Resident memory of `pid` in MB. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time the process used so far in ms (user + system). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const fileMb = (path: string): number => {
  try {
    return statSync(path).size / 2 ** 20;
  } catch {
    return 0;
  }
};

/** Least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
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

const mb = (bytes: number): number => bytes / 2 ** 20;
const signed = (n: number): string => `${n >= 0 ? '+' : ''}${n.toFixed(1)}`;

/** The service's memory right after a full collection, `t` seconds into the measured window. */
interface Collected {
  t: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  gcMs: number;
}

async function collect(service: ProbedService, t: number): Promise<Collected> {
  const answer = await service.probe({ gc: true });
  const sample = {
    t,
    rss: rssMb(service.pid),
    heapUsed: mb(answer.usage.heapUsed),
    heapTotal: mb(answer.usage.heapTotal),
    external: mb(answer.usage.external),
    gcMs: answer.gcMs ?? 0,
  };
  if (traceFile) appendFileSync(traceFile, `${JSON.stringify({ ...sample, spaces: answer.spaces })}\n`);
  return sample;
}

/** Resident memory outside V8's heap and the buffers it tracks: SQLite's page cache, malloc's arenas, code, stacks. */
const nativeOf = (m: Collected): number => m.rss - m.heapTotal - m.external;

const describeMemory = (m: Collected): string =>
  `RSS ${m.rss.toFixed(1)}  heap used ${m.heapUsed.toFixed(1)} of ${m.heapTotal.toFixed(1)}  external ${m.external.toFixed(1)}  native ${nativeOf(m).toFixed(1)}`;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-load-'));
  const users = Array.from({ length: userCount }, (_, i) => ({
    email: `load${i}@example.com`,
    token: `load-token-${i}`,
  }));
  let service: ProbedService | undefined;
  try {
    await bundleService();
    service = await startProbedService(dataDir, users);
    port = service.port;
    const probed = service;
    const database = join(dataDir, 'atrium.sqlite');
    const seedStarted = performance.now();
    const worlds = await Promise.all(users.map((u) => seedUser(u.token)));
    if (withHistory) {
      const jobs = await Promise.all(users.map((u) => historyJobs(u.token)));
      await inParallel(userCount * clientsPerUser, jobs.flat());
    }
    // Connections left idle since seeding could be closed by the server (its keep-alive timeout)
    // just as a client picks one up again; the clients start on fresh ones.
    agent.destroy();
    console.log(
      `service pid ${probed.pid} on ${probed.url}; seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s ` +
        `(database ${fileMb(database).toFixed(1)} MB${withHistory ? ', with history' : ''}); ` +
        `${userCount} users × ${clientsPerUser} clients, warm-up ${warmupSeconds} s and ${warmupMinRequests} requests, ` +
        `then ${seconds} s measured`,
    );
    const seeded = await collect(probed, 0);

    const latencies: number[] = [];
    const perStep = new Map<string, number[]>();
    const errors = new Map<string, number>();
    let warmupErrors = 0;
    const warmupStarted = performance.now();
    // Both are set once the warm-up is over.
    let measureFrom = Infinity;
    let deadline = Infinity;
    let serial = 0;
    let warmupRequests = 0;
    const warmedUp = new Promise<void>((done) => {
      const check = setInterval(() => {
        if (performance.now() - warmupStarted < warmupSeconds * 1000 || warmupRequests < warmupMinRequests) return;
        clearInterval(check);
        measureFrom = performance.now();
        deadline = measureFrom + seconds * 1000;
        done();
      }, 50);
    });
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
        // Failures count in both phases; latency only in the measured one.
        if (problem) errors.set(problem, (errors.get(problem) ?? 0) + 1);
        if (t0 < measureFrom) {
          warmupRequests++;
          if (problem) warmupErrors++;
          continue;
        }
        const ms = performance.now() - t0;
        latencies.push(ms);
        (perStep.get(step.name) ?? perStep.set(step.name, []).get(step.name)!).push(ms);
      }
    };
    const clients = Promise.all(worlds.flatMap((world) => Array.from({ length: clientsPerUser }, () => client(world))));

    await warmedUp;
    const warmupTook = (measureFrom - warmupStarted) / 1000;
    // The measured window: a full collection every 10 s, RSS every second.
    const secondsIn = (): number => (performance.now() - measureFrom) / 1000;
    const collected = [await collect(probed, 0)];
    if (snapshotDir) {
      const start = await probed.probe({ snapshot: join(snapshotDir, 'load-start.heapsnapshot') });
      console.log(`heap snapshot: ${start.snapshot}`);
    }
    const cpuBefore = cpuMs(probed.pid);
    const rssEachSecond: number[] = [];
    const secondly = setInterval(() => rssEachSecond.push(rssMb(probed.pid)), 1000);
    let collecting = Promise.resolve();
    const collector = setInterval(() => {
      collecting = collecting.then(async () => {
        if (performance.now() < deadline - 1000) collected.push(await collect(probed, secondsIn()));
      });
    }, collectEveryMs);

    await clients;
    clearInterval(collector);
    clearInterval(secondly);
    await collecting;
    const elapsed = secondsIn();
    const cpuUsed = cpuMs(probed.pid) - cpuBefore;
    collected.push(await collect(probed, elapsed));
    if (snapshotDir) {
      const end = await probed.probe({ snapshot: join(snapshotDir, 'load-end.heapsnapshot') });
      console.log(`heap snapshot: ${end.snapshot}`);
    }

    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(`warm-up: ${warmupRequests} requests in ${warmupTook.toFixed(0)} s`);
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
    console.log(
      `service CPU: ${(cpuUsed / 1000).toFixed(1)} s over ${elapsed.toFixed(1)} s (${((100 * cpuUsed) / 1000 / elapsed).toFixed(0)}% of a core), ` +
        `${(cpuUsed / latencies.length).toFixed(2)} ms per request`,
    );
    console.log(
      `errors: ${errorCount}${errorCount ? ` (${warmupErrors} in the warm-up; ${[...errors].map(([k, v]) => `${k} ×${v}`).join(', ')})` : ''}`,
    );

    const rssTrend = slope(collected.map((s) => [s.t, s.rss])) * 60;
    const firstMinute = collected.filter((s) => s.t <= rssEdgeSeconds);
    const lastMinute = collected.filter((s) => s.t >= elapsed - rssEdgeSeconds);
    const edgeMedian = (samples: readonly Collected[]): number =>
      percentile(
        [...samples.map((s) => s.rss)].sort((a, b) => a - b),
        50,
      );
    const rssFirst = edgeMedian(firstMinute);
    const rssLast = edgeMedian(lastMinute);
    const rssGrowth = ((rssLast - rssFirst) / Math.max(1, elapsed - rssEdgeSeconds)) * 60;
    const heapTrend = slope(collected.map((s) => [s.t, s.heapUsed + s.external])) * 60;
    const pauses = collected.map((s) => s.gcMs).sort((a, b) => a - b);
    const rssSeen = [...rssEachSecond, ...collected.map((s) => s.rss)];
    console.log('service memory MB, each after a full collection:');
    console.log(`  seeded, idle        ${describeMemory(seeded)}`);
    console.log(`  after the warm-up   ${describeMemory(collected[0]!)}`);
    console.log(`  after the run       ${describeMemory(collected.at(-1)!)}`);
    console.log(
      `  measured window, every ${collectEveryMs / 1000} s: RSS ${collected.map((s) => s.rss.toFixed(1)).join(' ')}; ` +
        `heap used + external ${collected.map((s) => (s.heapUsed + s.external).toFixed(1)).join(' ')}`,
    );
    if (elapsed >= judgedSeconds) {
      console.log(
        `  RSS median of the first minute ${rssFirst.toFixed(1)}, of the last ${rssLast.toFixed(1)}: ${signed(rssGrowth)} MB/min\n` +
          `  least-squares trend over the measured ${elapsed.toFixed(0)} s: RSS ${signed(rssTrend)} MB/min, heap used + external ${signed(heapTrend)} MB/min ` +
          `(${collected.length} collections, pause median ${percentile(pauses, 50).toFixed(0)} ms, longest ${pauses.at(-1)!.toFixed(0)} ms)`,
      );
    }
    console.log(
      `  RSS each second: ${Math.min(...rssSeen).toFixed(0)}–${Math.max(...rssSeen).toFixed(0)} MB; ` +
        `database ${fileMb(database).toFixed(1)} MB, WAL ${fileMb(`${database}-wal`).toFixed(1)} MB`,
    );

    const ratio = p99 / p50;
    console.log(`target load.errors: ${errorCount} count (goal = 0) ${errorCount === 0 ? 'ok' : 'miss'}`);
    console.log(`target load.p99-over-p50: ${ratio.toFixed(2)} ratio (goal < 10) ${ratio < 10 ? 'ok' : 'miss'}`);
    if (elapsed >= judgedSeconds) {
      if (snapshotDir) console.log('memory-trend not judged: writing the heap snapshots took memory of its own');
      else
        console.log(
          `target load.memory-trend: ${rssGrowth.toFixed(1)} MB/min (goal < ${rssTrendGoal}) ${rssGrowth < rssTrendGoal ? 'ok' : 'miss'}`,
        );
      console.log(
        `target load.heap-trend: ${heapTrend.toFixed(1)} MB/min (goal < ${heapTrendGoal}) ${heapTrend < heapTrendGoal ? 'ok' : 'miss'}`,
      );
    } else {
      console.log(
        `memory trends not judged: ${elapsed.toFixed(0)} s is too short a window (judged from ${judgedSeconds} s)`,
      );
    }
  } finally {
    agent.destroy();
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleFile, { force: true });
  }
}

await main();
