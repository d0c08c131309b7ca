/**
 * How close the embedded service comes to a bare HTTP server on the hottest read: one
 * CalendarEventsList page of 250 events from a calendar of 10,000. The bare server answers the
 * same page, serializing it per request as any server must; the service also routes,
 * authenticates, validates, checks access and reads the page from SQLite. Both servers run in this
 * thread; the load comes from one worker thread with a fixed number of keep-alive connections
 * (`load-generator.ts`), which sends each server the load once, uncounted, before the rounds.
 *
 *   tsx bench/service/foundation.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { operations, validateParams } from '../../shared/api';
import { calendarModule } from '../../electron/service/calendar';
import { bindHandlers, defineHandlers } from '../../electron/service/http/handler';
import { RawJson } from '../../electron/service/http/raw-json';
import { startEmbeddedService, type EmbeddedService } from '../../electron/service/server';
import type { User } from '../../electron/service/store/users';
import { LoadGenerator, type LoadSpec } from './load-generator';

const eventCount = 10_000;
const pageSize = 250;
const connections = 8;
const warmupMs = 300;
const measureMs = 1500;
/** Bare and service are measured alternately, so a change in machine load hits both alike. */
const rounds = 3;
const goal = 0.33;
const token = 'bench-token';
const listPath = `/calendar/v3/calendars/primary/events?maxResults=${pageSize}`;

export interface FoundationResult {
  bareRequestsPerSecond: number;
  serviceRequestsPerSecond: number;
  ratio: number;
}

/**
 * Inserts the events through the calendar module's own CalendarEventsInsert, with parameters and
 * bodies validated as the server would, all in one transaction (seeding is setup, not what is measured).
 */
function seed(service: EmbeddedService, user: User): void {
  const op = operations.CalendarEventsInsert;
  const calendar = calendarModule.create(service.context);
  const insert = calendar.handlers.CalendarEventsInsert;
  if (!insert || !op.request) throw new Error('the calendar module has no CalendarEventsInsert');
  const validated = validateParams(op, { calendarId: 'primary' });
  if (!validated.ok) throw new Error(validated.error.message);
  const base = Date.parse('2030-01-01T09:00:00Z');
  service.context.store.transaction(() => {
    for (let i = 0; i < eventCount; i++) {
      const start = new Date(base + i * 3_600_000);
      const body = op.request.parse({
        summary: `Event ${i}`,
        description: `Benchmark event number ${i}, with a description of ordinary length.`,
        location: 'Room 4',
        start: { dateTime: start.toISOString() },
        end: { dateTime: new Date(start.getTime() + 1_800_000).toISOString() },
      });
      const result = insert({
        user,
        operation: op.name,
        params: validated.params,
        body,
        given: () => false,
        headers: {},
        req: undefined as unknown as IncomingMessage,
        res: undefined as unknown as ServerResponse,
        upload: false,
        service: service.context,
      });
      if (result instanceof Promise) throw new Error('CalendarEventsInsert is expected to be synchronous');
    }
  });
  void calendar.close();
}

const itemsOf = (page: unknown): unknown[] => (page as { items?: unknown[] }).items ?? [];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The floor: a plain node:http server answering the same page. Like any real server it serializes
 * its answer per request (JSON.stringify of the page object, then the byte length for the header);
 * it does nothing else: no routing, authentication, parameters or storage.
 */
function startBare(page: unknown): Promise<Server> {
  const server = createServer((_req, res) => {
    const body = JSON.stringify(page);
    res.writeHead(200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Content-Length': Buffer.byteLength(body),
    });
    res.end(body);
  });
  return new Promise((resolvePromise) => server.listen(0, '127.0.0.1', () => resolvePromise(server)));
}

export async function run(): Promise<FoundationResult> {
  const dir = mkdtempSync(join(tmpdir(), 'atrium-bench-foundation-'));
  const service = await startEmbeddedService({ dataDir: dir });
  const user = service.addUser({ email: 'bench@atrium.local', token });
  let bare: Server | undefined;
  let framework: EmbeddedService | undefined;
  const load = new LoadGenerator({ token, inFlight: connections, warmupMs, measureMs });
  try {
    const seedStarted = performance.now();
    seed(service, user);
    console.log(`seeded ${eventCount} events in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    const sample = await fetch(service.url + listPath, { headers: { Authorization: `Bearer ${token}` } });
    const body = await sample.text();
    if (sample.status !== 200) throw new Error(`CalendarEventsList: HTTP ${sample.status} ${body}`);
    const items = (JSON.parse(body) as { items?: unknown[] }).items?.length ?? 0;
    if (items !== pageSize) throw new Error(`CalendarEventsList answered ${items} events, expected ${pageSize}`);
    console.log(`page of ${items} events: ${Buffer.byteLength(body)} bytes`);

    const page = JSON.parse(body) as unknown;
    bare = await startBare(page);
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    // For reading the figures: the framework alone, its handler answering the same page from memory
    // with each event as ready JSON text (as the calendar handler does from its cache).
    const prepared = {
      ...(page as Record<string, unknown>),
      items: itemsOf(page).map((item) => new RawJson(JSON.stringify(item))),
    };
    framework = await startEmbeddedService({
      dataDir: join(dir, 'framework-only'),
      users: [{ email: 'bench@atrium.local', token }],
      modules: [
        {
          migrations: { area: 'prepared', migrations: [] },
          create: () => ({
            handlers: bindHandlers(undefined, defineHandlers({ CalendarEventsList: () => ({ body: prepared }) })),
            close() {},
          }),
        },
      ],
    });

    const listSpec: LoadSpec = { method: 'GET', paths: [listPath] };
    await load.warmUp([bareUrl, service.url, framework.url].map((url) => [url, listSpec] as const));
    const bareRuns: number[] = [];
    const serviceRuns: number[] = [];
    const frameworkRuns: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bareRuns.push(await load.measure(bareUrl, listSpec));
      serviceRuns.push(await load.measure(service.url, listSpec));
      frameworkRuns.push(await load.measure(framework.url, listSpec));
    }
    const bareRequestsPerSecond = median(bareRuns);
    const serviceRequestsPerSecond = median(serviceRuns);
    const ratio = median(serviceRuns.map((perSecond, i) => perSecond / bareRuns[i]!));

    console.log(`bare node:http, same page:       ${bareRequestsPerSecond.toFixed(0)} requests/s`);
    console.log(`service CalendarEventsList (250): ${serviceRequestsPerSecond.toFixed(0)} requests/s`);
    console.log(
      `framework only, page from memory: ${median(frameworkRuns).toFixed(0)} requests/s ` +
        `(ratio ${median(frameworkRuns.map((perSecond, i) => perSecond / bareRuns[i]!)).toFixed(3)}; the rest is the calendar handler)`,
    );
    console.log(
      `ratio service/bare: ${ratio.toFixed(3)} (median of ${rounds} alternating rounds, ${connections} keep-alive connections, ${measureMs / 1000} s each)`,
    );
    console.log(
      `target service.events-list-vs-bare: ${ratio.toFixed(2)} ratio (goal >= ${goal}) ${ratio >= goal ? 'ok' : 'miss'}`,
    );
    return { bareRequestsPerSecond, serviceRequestsPerSecond, ratio };
  } finally {
    await load.close();
    await framework?.close();
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
