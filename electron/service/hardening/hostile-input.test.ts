import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { databaseDigest } from '../store/database-digest';
import { describeAnswer, googleErrorProblem, probe, type ProbeAnswer } from './http-probe';

/*
 * Inputs built to exhaust the stack or reach prototype members: deeply nested queries, selections
 * and bodies, and `fields` naming `constructor` or `__proto__`. Each gets a Google-shaped 400 over
 * real HTTP and leaves the database as it was; the service logs nothing unexpected.
 */
const token = 'hostile-input-token';
const auth = { authorization: `Bearer ${token}` };
const jsonHeaders = { ...auth, 'content-type': 'application/json' };
let dir: string;
let service: EmbeddedService;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-hostile-input-'));
  service = await startEmbeddedService({
    dataDir: dir,
    port: 0,
    users: [{ email: 'ann@example.com', token }],
    log: (message) => logged.push(message),
  });
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface GoogleError {
  error: { code: number; message: string; errors: { reason: string; location?: string }[] };
}

async function send(method: string, path: string, body?: string): Promise<ProbeAnswer> {
  return probe(service.port, {
    method,
    path,
    headers: body === undefined ? auth : jsonHeaders,
    ...(body === undefined ? {} : { body: Buffer.from(body) }),
  });
}

/** Sends a request that must be refused: the status, reason and (optionally) location, nothing written. */
async function expectRefused(
  method: string,
  path: string,
  body: string | undefined,
  expected: { status: number; reason: string; location?: string; message?: RegExp },
): Promise<GoogleError> {
  const before = databaseDigest(service.context.store);
  const answer = await send(method, path, body);
  expect(answer.status, describeAnswer(answer)).toBe(expected.status);
  expect(googleErrorProblem(answer)).toBeNull();
  const error = JSON.parse(answer.body.toString('utf8')) as GoogleError;
  expect(error.error.errors[0]!.reason).toBe(expected.reason);
  if (expected.location !== undefined) expect(error.error.errors[0]!.location).toBe(expected.location);
  if (expected.message) expect(error.error.message).toMatch(expected.message);
  expect(databaseDigest(service.context.store)).toBe(before);
  expect(logged).toEqual([]);
  return error;
}

const nest = (depth: number, open: string, close: string, middle: string) =>
  `${open.repeat(depth)}${middle}${close.repeat(depth)}`;

describe('Drive q nested beyond any real query', () => {
  // Parameters are bounded to 8,192 characters, so these nest as deep as that allows.
  it('answers 400 invalid on q for 4,000 nested parentheses', async () => {
    const q = encodeURIComponent(nest(4_000, '(', ')', 'starred = true'));
    await expectRefused('GET', `/drive/v3/files?q=${q}`, undefined, {
      status: 400,
      reason: 'invalid',
      location: 'q',
      message: /deeper than 100 levels/,
    });
    // 5,000 levels are over the parameter length bound before the parser sees them.
    const longer = encodeURIComponent(nest(5_000, '(', ')', 'starred = true'));
    await expectRefused('GET', `/drive/v3/files?q=${longer}`, undefined, {
      status: 400,
      reason: 'invalid',
      location: 'q',
    });
  });

  it("answers 400 invalid on q for 2,000 nested 'not's, and for the shared drive search too", async () => {
    const q = `${'not+'.repeat(2_000)}starred+%3D+true`;
    await expectRefused('GET', `/drive/v3/files?q=${q}`, undefined, { status: 400, reason: 'invalid', location: 'q' });
    const drives = encodeURIComponent(nest(4_000, '(', ')', "name = 'x'"));
    await expectRefused('GET', `/drive/v3/drives?q=${drives}&useDomainAdminAccess=false`, undefined, {
      status: 400,
      reason: 'invalid',
      location: 'q',
    });
  });

  it('still answers a query nested within the bound', async () => {
    const q = encodeURIComponent(`${nest(50, '(', ')', 'not starred = true')} and not (trashed = true)`);
    const answer = await send('GET', `/drive/v3/files?q=${q}`);
    expect(answer.status, describeAnswer(answer)).toBe(200);
  });

  it('answers a long flat chain of terms without a 5xx', async () => {
    const q = Array.from({ length: 500 }, () => 'starred=true').join('+or+');
    const answer = await send('GET', `/drive/v3/files?q=${q}`);
    expect(answer.status, describeAnswer(answer)).toBe(200);
    expect(logged).toEqual([]);
  });
});

describe('fields selections naming prototype members', () => {
  const selections = [
    'constructor/prototype',
    'constructor/name',
    '__proto__/constructor',
    '__proto__',
    'hasOwnProperty',
    'toString',
    'items(constructor/name)',
    'files(__proto__/constructor)',
  ];
  const paths = [
    '/tasks/v1/users/@me/lists',
    '/calendar/v3/users/me/calendarList',
    '/drive/v3/files',
    '/drive/v3/about',
  ];

  it.each(paths)('%s: each answers 400 invalidParameter on fields', async (path) => {
    for (const fields of selections) {
      await expectRefused('GET', `${path}?fields=${encodeURIComponent(fields)}`, undefined, {
        status: 400,
        reason: 'invalidParameter',
        location: 'fields',
      });
    }
  });

  it('answers 400 for a selection nested thousands of levels deep', async () => {
    const deepSlash = Array.from({ length: 4_000 }, () => 'a').join('/');
    await expectRefused('GET', `/drive/v3/about?fields=${deepSlash}`, undefined, {
      status: 400,
      reason: 'invalidParameter',
      location: 'fields',
    });
    const deepParens = encodeURIComponent(nest(2_500, 'a(', ')', 'b'));
    await expectRefused('GET', `/drive/v3/about?fields=${deepParens}`, undefined, {
      status: 400,
      reason: 'invalidParameter',
      location: 'fields',
    });
  });
});

describe('JSON bodies nested beyond any real resource', () => {
  const deepObject = nest(5_000, '{"a":', '}', '1');
  const deepArray = nest(5_000, '[', ']', '1');
  const inField = `{"title":"x","links":${nest(5_000, '[{"link":', '}]', '"x"')}}`;

  it.each([
    ['POST', '/tasks/v1/users/@me/lists', deepObject],
    ['POST', '/tasks/v1/users/@me/lists', deepArray],
    ['POST', '/calendar/v3/calendars', `{"summary":${deepObject}}`],
    ['POST', '/drive/v3/files', `{"name":"x","properties":${deepObject}}`],
    ['POST', '/drive/v3/files', `{"name":"x","appProperties":{"__proto__":${deepArray}}}`],
  ])('%s %s: 400 parseError, nothing stored', async (method, path, body) => {
    await expectRefused(method, path, body, { status: 400, reason: 'parseError', message: /deeper than 64 levels/ });
  });

  it('refuses a task whose links nest 5,000 deep', async () => {
    const list = await send('POST', '/tasks/v1/users/@me/lists', '{"title":"deep"}');
    expect(list.status).toBe(200);
    const id = (JSON.parse(list.body.toString('utf8')) as { id: string }).id;
    await expectRefused('POST', `/tasks/v1/lists/${id}/tasks`, inField, { status: 400, reason: 'parseError' });
  });
});
