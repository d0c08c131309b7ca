/**
 * Per-request cost of the commonest single-event calls, side by side with 10 requests in flight:
 *
 * - `CalendarEventsGet` against a bare node:http server answering the same event JSON (the floor:
 *   no routing, authentication, validation or storage);
 * - `CalendarEventsInsert` and `CalendarEventsPatch` against `CalendarEventsGet`: a write waits for
 *   its commit (WAL, `synchronous=FULL`), so it may cost more than a read, but not a multiple.
 *
 * The service and the bare server run in this thread; the load comes from one worker thread with 10
 * keep-alive connections (`load-generator.ts`), each sending its next request when the last answer
 * is read. Each kind of request is sent once before the rounds, uncounted. The servers are then
 * measured alternately, over several rounds, and the ratios are medians of each round's, so a
 * change in machine load hits them alike.
 *
 *   tsx bench/service/events.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmbeddedService } from '../../electron/service/server';
import { LoadGenerator, type LoadSpec } from './load-generator';

const token = 'bench-token';
const inFlight = 10;
/**
 * Short, many rounds: the machine's load moves over seconds, so a read and a write measured within
 * a second of each other see nearly the same machine, and the median of many such pairs moves less
 * from run to run than that of a few long ones. The load generator is warm (see load-generator.ts):
 * each measurement's warm-up only fills its connections.
 */
const warmupMs = 100;
const measureMs = 300;
const rounds = 25;
/** Events the reads and patches rotate over. */
const eventCount = 200;
const getGoal = 0.5;
const insertGoal = 0.5;

export interface EventsBenchResult {
  getVsFloor: number;
  insertVsGet: number;
  patchVsGet: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The floor: plain node:http answering the event, serialized per request as any server must. */
function startBare(event: unknown): Promise<Server> {
  const server = createServer((_req, res) => {
    const body = JSON.stringify(event);
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  return new Promise((resolvePromise) => server.listen(0, '127.0.0.1', () => resolvePromise(server)));
}

const eventBody = (i: number): string =>
  JSON.stringify({
    summary: `Planning ${i}`,
    description: 'Quarterly planning with the whole team; bring the numbers.',
    location: 'Room 4',
    start: { dateTime: new Date(Date.UTC(2031, 0, 1, 9) + i * 3_600_000).toISOString() },
    end: { dateTime: new Date(Date.UTC(2031, 0, 1, 10) + i * 3_600_000).toISOString() },
    attendees: [{ email: 'ana@example.com' }, { email: 'ben@example.com' }],
    reminders: { useDefault: false, overrides: [{ method: 'popup', minutes: 10 }] },
  });

export async function run(): Promise<EventsBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-events-'));
  // As the app runs it (electron/service/worker-entry.ts): writes arriving together share a commit.
  const service = await startEmbeddedService({
    dataDir: dir,
    users: [{ email: 'bench@atrium.local', token }],
    groupCommit: true,
  });
  let bare: Server | undefined;
  const load = new LoadGenerator({ token, inFlight, warmupMs, measureMs });
  try {
    const base = '/calendar/v3/calendars/primary/events';
    const ids: string[] = [];
    for (let i = 0; i < eventCount; i++) {
      const response = await fetch(service.url + base, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: eventBody(i),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`CalendarEventsInsert: HTTP ${response.status} ${text}`);
      ids.push((JSON.parse(text) as { id: string }).id);
    }
    const sample = await fetch(`${service.url}${base}/${ids[0]}`, { headers: { Authorization: `Bearer ${token}` } });
    const sampleText = await sample.text();
    if (sample.status !== 200) throw new Error(`CalendarEventsGet: HTTP ${sample.status} ${sampleText}`);
    console.log(`event: ${Buffer.byteLength(sampleText)} bytes; ${eventCount} events seeded`);
    bare = await startBare(JSON.parse(sampleText));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

    const getSpec: LoadSpec = { method: 'GET', paths: ids.map((id) => `${base}/${id}`) };
    const insertSpec: LoadSpec = {
      method: 'POST',
      paths: [base],
      bodies: Array.from({ length: 50 }, (_, i) => eventBody(eventCount + i)),
    };
    const patchSpec: LoadSpec = {
      method: 'PATCH',
      paths: ids.map((id) => `${base}/${id}`),
      bodies: Array.from({ length: 7 }, (_, i) => JSON.stringify({ summary: `Renamed ${i}` })),
    };

    await load.warmUp([
      [bareUrl, getSpec],
      [service.url, getSpec],
      [service.url, insertSpec],
      [service.url, patchSpec],
    ]);
    const groups: number[] = [];
    const runs = { bare: [] as number[], get: [] as number[], insert: [] as number[], patch: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      runs.bare.push(await load.measure(bareUrl, getSpec));
      runs.get.push(await load.measure(service.url, getSpec));
      const before = { ...service.context.store.commits };
      runs.insert.push(await load.measure(service.url, insertSpec));
      const after = service.context.store.commits;
      groups.push((after.writes - before.writes) / Math.max(1, after.count - before.count));
      runs.patch.push(await load.measure(service.url, patchSpec));
    }
    const ratio = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!));
    const getVsFloor = ratio(runs.get, runs.bare);
    const insertVsGet = ratio(runs.insert, runs.get);
    const patchVsGet = ratio(runs.patch, runs.get);

    const perSecond = (xs: number[]) => `${median(xs).toFixed(0)} requests/s`;
    console.log(`bare node:http, same event: ${perSecond(runs.bare)}`);
    console.log(`CalendarEventsGet:          ${perSecond(runs.get)}`);
    console.log(
      `CalendarEventsInsert:       ${perSecond(runs.insert)} (${median(groups).toFixed(1)} inserts per commit, median of rounds)`,
    );
    console.log(`CalendarEventsPatch:        ${perSecond(runs.patch)} (ratio to get ${patchVsGet.toFixed(2)})`);
    const quartiles = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!.toFixed(2);
      return `${at(0.25)}–${at(0.75)}`;
    };
    const perRound = (a: number[], b: number[]) => a.map((x, i) => x / b[i]!);
    console.log(
      `middle half of the rounds: get/floor ${quartiles(perRound(runs.get, runs.bare))}, ` +
        `insert/get ${quartiles(perRound(runs.insert, runs.get))}`,
    );
    console.log(`(medians of ${rounds} alternating rounds, ${inFlight} requests in flight, ${measureMs} ms each)`);
    console.log(
      `target service.events-get-vs-floor: ${getVsFloor.toFixed(2)} ratio (goal >= ${getGoal}) ${getVsFloor >= getGoal ? 'ok' : 'miss'}`,
    );
    console.log(
      `target service.events-insert-vs-get: ${insertVsGet.toFixed(2)} ratio (goal >= ${insertGoal}) ${insertVsGet >= insertGoal ? 'ok' : 'miss'}`,
    );
    return { getVsFloor, insertVsGet, patchVsGet };
  } finally {
    await load.close();
    if (bare) {
      bare.closeAllConnections();
      await new Promise((r) => bare!.close(r));
    }
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
