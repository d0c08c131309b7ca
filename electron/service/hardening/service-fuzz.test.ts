import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationList, type OperationSpec } from '../../../shared/api';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { databaseDigest } from '../store/database-digest';
import {
  describeAnswer,
  describeProbe,
  googleErrorProblem,
  probe,
  type ProbeAnswer,
  type ProbeRequest,
} from './http-probe';
import { requestArbitrary } from './hostile-values';

/*
 * Property: whatever arrives for any registered operation (random and malformed parameters, bodies,
 * headers, content types, oversized payloads, traversal and huge path segments), the service answers
 * without a 5xx, keeps running, answers every refusal in Google's error shape, and a refused request
 * leaves the database exactly as it was.
 *
 * Every operation gets FUZZ_MIN_RUNS (default 25) runs whatever the time they take, so a loaded machine
 * checks no less; FUZZ_SECONDS (default 25, shared by all operations) only bounds the extra runs after
 * those, up to FUZZ_RUNS per operation. A failure names its seed and counterexample: FUZZ_SEED replays
 * it. `npm run check:fuzz` runs it for longer.
 */
const fuzzSeconds = Number(process.env['FUZZ_SECONDS'] ?? 25);
const maxRunsPerOperation = Number(process.env['FUZZ_RUNS'] ?? 100_000);
const minRunsPerOperation = Math.min(maxRunsPerOperation, Number(process.env['FUZZ_MIN_RUNS'] ?? 25));
const fuzzSeed =
  process.env['FUZZ_SEED'] === undefined ? Math.floor(Math.random() * 0x7fffffff) : Number(process.env['FUZZ_SEED']);
const perOperationMs = Math.max(100, (fuzzSeconds * 1000) / operationList.length);

const token = 'fuzz-alice-token';
const jsonHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

let dir: string;
let service: EmbeddedService;
const unexpectedLogs: string[] = [];
/** Ids and names that exist, so a share of the hostile requests reaches deep into the handlers. */
const known = new Set<string>([
  'primary',
  'alice@example.com',
  'bob@example.com',
  'root',
  '@me',
  'timezone',
  'appDataFolder',
]);
const statusCounts = new Map<number, number>();
let requestCount = 0;

async function seedJson(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await probe(service.port, {
    method,
    path,
    headers: jsonHeaders,
    body: Buffer.from(JSON.stringify(body)),
  });
  expect(answer.status, `seeding ${method} ${path}: ${describeAnswer(answer)}`).toBeLessThan(300);
  const value = JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
  if (typeof value['id'] === 'string') known.add(value['id']);
  return value;
}

async function seed(): Promise<void> {
  const list = await seedJson('POST', '/tasks/v1/users/@me/lists', { title: 'Fuzz list' });
  const task = await seedJson('POST', `/tasks/v1/lists/${String(list['id'])}/tasks`, {
    title: 'Fuzz task',
    notes: 'n',
  });
  await seedJson('POST', `/tasks/v1/lists/${String(list['id'])}/tasks?parent=${String(task['id'])}`, {
    title: 'Child',
  });
  await seedJson('POST', '/calendar/v3/calendars/primary/events', {
    summary: 'Fuzz event',
    start: { dateTime: '2030-01-01T10:00:00Z', timeZone: 'Europe/Paris' },
    end: { dateTime: '2030-01-01T11:00:00Z', timeZone: 'Europe/Paris' },
    recurrence: ['RRULE:FREQ=DAILY;COUNT=3'],
  });
  const calendar = await seedJson('POST', '/calendar/v3/calendars', { summary: 'Fuzz calendar' });
  await seedJson('POST', `/calendar/v3/calendars/${encodeURIComponent(String(calendar['id']))}/acl`, {
    role: 'reader',
    scope: { type: 'user', value: 'bob@example.com' },
  });
  const folder = await seedJson('POST', '/drive/v3/files', {
    name: 'Fuzz folder',
    mimeType: 'application/vnd.google-apps.folder',
  });
  const boundary = 'seed-boundary';
  const multipart =
    `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n` +
    JSON.stringify({ name: 'fuzz.txt', parents: [folder['id']] }) +
    `\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\nhello fuzz\r\n--${boundary}--\r\n`;
  const upload = await probe(service.port, {
    method: 'POST',
    path: '/upload/drive/v3/files?uploadType=multipart',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/related; boundary=${boundary}` },
    body: Buffer.from(multipart),
  });
  expect(upload.status, describeAnswer(upload)).toBe(200);
  const file = JSON.parse(upload.body.toString('utf8')) as { id: string };
  known.add(file.id);
  const comment = await seedJson('POST', `/drive/v3/files/${file.id}/comments?fields=*`, { content: 'a comment' });
  await seedJson('POST', `/drive/v3/files/${file.id}/comments/${String(comment['id'])}/replies?fields=*`, {
    content: 'a reply',
  });
  await seedJson('POST', `/drive/v3/files/${file.id}/permissions`, {
    role: 'reader',
    type: 'user',
    emailAddress: 'bob@example.com',
  });
  await seedJson('POST', '/drive/v3/drives?requestId=fuzz-drive-1', { name: 'Fuzz drive' });
  const revisions = await probe(service.port, {
    method: 'GET',
    path: `/drive/v3/files/${file.id}/revisions`,
    headers: { authorization: `Bearer ${token}` },
  });
  for (const revision of (JSON.parse(revisions.body.toString('utf8')) as { revisions?: { id: string }[] }).revisions ??
    []) {
    known.add(revision.id);
  }
}

/** Sends one request and checks the property; throws a replayable description when it does not hold. */
async function check(req: ProbeRequest): Promise<ProbeAnswer> {
  const before = databaseDigest(service.context.store);
  let answer: ProbeAnswer;
  try {
    answer = await probe(service.port, req);
  } catch (error) {
    throw new Error(`no answer (${(error as Error).message}) to\n${describeProbe(req)}`, { cause: error });
  }
  requestCount += 1;
  statusCounts.set(answer.status, (statusCounts.get(answer.status) ?? 0) + 1);
  const fail = (why: string): never => {
    throw new Error(`${why}\nrequest: ${describeProbe(req)}\nanswer: ${describeAnswer(answer)}`);
  };
  if (unexpectedLogs.length > 0) fail(`the service logged an unexpected error: ${unexpectedLogs.splice(0).join('\n')}`);
  if (answer.status >= 500) fail(`answered ${answer.status}`);
  if (answer.status >= 400) {
    const problem = googleErrorProblem(answer);
    if (problem) fail(`refusal is not Google-shaped: ${problem}`);
    if (databaseDigest(service.context.store) !== before)
      fail(`a refused request (${answer.status}) changed the database`);
  }
  return answer;
}

function expectRefused(answer: ProbeAnswer, status: number): void {
  expect(answer.status).toBe(status);
  expect(googleErrorProblem(answer)).toBeNull();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-fuzz-'));
  service = await startEmbeddedService({
    dataDir: dir,
    port: 0,
    users: [
      { email: 'alice@example.com', token, displayName: 'Alice' },
      { email: 'bob@example.com', token: 'fuzz-bob-token' },
    ],
    channels: { maxAttempts: 1, deliveryTimeoutMs: 200 },
    // As the app runs it: expansions (instances, expanded listings, free/busy) answered by the read workers.
    readWorker: true,
    log: (message) => unexpectedLogs.push(message),
  });
  await seed();
});

afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  const statuses = [...statusCounts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.log(
    `service fuzz (FUZZ_SEED=${fuzzSeed}): ${requestCount} requests over ${operationList.length} operations (${statuses.join(' ')})`,
  );
});

const oversized = Buffer.alloc(16 * 1024 * 1024 + 1, 0x20);
const jsonOf = (op: OperationSpec): boolean => op.request !== null;

/** The operation's path with placeholder ids and its required query parameters, so the body is what gets judged. */
function plainPath(op: OperationSpec): string {
  const query = Object.entries(op.params)
    .filter(([, spec]) => spec.in === 'query' && spec.required)
    .map(([name, spec]) => {
      const value = spec.enum?.[0] ?? (spec.type === 'integer' ? '1' : spec.type === 'boolean' ? 'true' : 'x');
      return `${name}=${encodeURIComponent(value)}`;
    });
  const path = op.path.replace(/\{[^{}]+\}/g, 'x');
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

describe('hostile requests to every registered operation', () => {
  it.each(operationList.map((op) => [op.name, op] as const))(
    '%s: no 5xx, Google-shaped refusals, refusals change nothing',
    async (_name, op) => {
      const property = () =>
        fc.asyncProperty(requestArbitrary(op, [...known], token), async (req) => {
          last = check(req);
          await last;
        });
      const replayable = (details: fc.RunDetails<[ProbeRequest]>, phase: string): Error =>
        new Error(`${op.name}, ${phase} (replay with FUZZ_SEED=${fuzzSeed}):\n${fc.defaultReportMessage(details)}`);
      let last: Promise<unknown> = Promise.resolve();

      // The fixed minimum: no time limit, so what is checked depends on the seed alone.
      const fixed = await fc.check(property(), { numRuns: minRunsPerOperation, seed: fuzzSeed });
      if (fixed.failed) throw replayable(fixed, `first ${minRunsPerOperation} runs`);
      expect(fixed.numRuns).toBe(minRunsPerOperation);

      // Extra runs while this operation's time share lasts. The time limit ends the property without
      // waiting for the request in flight, so that request's verdict is awaited and kept; an interrupt
      // before any extra run completed is not a failure (fast-check counts it as one).
      if (maxRunsPerOperation > minRunsPerOperation) {
        const extra = await fc.check(property(), {
          numRuns: maxRunsPerOperation - minRunsPerOperation,
          interruptAfterTimeLimit: perOperationMs,
          markInterruptAsFailure: false,
          seed: fuzzSeed + 1,
        });
        if (extra.failed && extra.counterexample !== null) throw replayable(extra, 'extra runs (seed + 1)');
        try {
          await last;
        } catch (error) {
          throw new Error(`${op.name}, extra runs (replay with FUZZ_SEED=${fuzzSeed}): ${(error as Error).message}`, {
            cause: error,
          });
        }
      }

      const path = plainPath(op);
      const auth = { authorization: `Bearer ${token}` };
      // A URL longer than the server's header limit.
      expectRefused(
        await check({
          method: op.method,
          path: `${path}${path.includes('?') ? '&' : '?'}q=${'q'.repeat(20_000)}`,
          headers: auth,
        }),
        431,
      );
      if (jsonOf(op)) {
        // Declared too large: refused before the body is read (a server that waited for it would never answer).
        const declared = { ...jsonHeaders, 'content-length': String(oversized.length) };
        expectRefused(await check({ method: op.method, path, headers: declared, body: Buffer.from('{"a":1}') }), 413);
        const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
        const nested = await check({ method: op.method, path, headers: jsonHeaders, body: Buffer.from(deep) });
        expect(nested.status).toBeGreaterThanOrEqual(400);
      }
      // Still serving.
      const alive = await probe(service.port, { method: 'GET', path: '/tasks/v1/users/@me/lists', headers: auth });
      expect(alive.status).toBe(200);
    },
    // The fixed runs take what they take on a loaded machine; only a hang should end them.
    180_000,
  );

  it('refuses an oversized JSON body sent without Content-Length, in each area', async () => {
    for (const area of ['calendar', 'tasks', 'drive'] as const) {
      const op = operationList.find((o) => o.area === area && o.request !== null && !o.media?.uploadPath)!;
      expectRefused(
        await check({ method: op.method, path: plainPath(op), headers: jsonHeaders, body: oversized, chunked: true }),
        413,
      );
    }
  });
});
