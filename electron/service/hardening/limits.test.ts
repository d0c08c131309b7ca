import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { databaseDigest } from '../store/database-digest';
import { describeAnswer, googleErrorProblem, probe, type ProbeAnswer } from './http-probe';

/*
 * Every field the service stores is bounded (docs/limits.md): an oversized value answers a
 * Google-shaped 400 naming the field and stores nothing; a value at the bound is stored whole.
 */
const token = 'limits-token';
let dir: string;
let service: EmbeddedService;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-limits-'));
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

function send(method: string, path: string, body: unknown, contentType = 'application/json'): Promise<ProbeAnswer> {
  return probe(service.port, {
    method,
    path,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  });
}

async function created(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const answer = await send(method, path, body);
  expect(answer.status, describeAnswer(answer)).toBe(200);
  return JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;
}

async function expectTooBig(
  method: string,
  path: string,
  body: unknown,
  location: string | RegExp,
  contentType?: string,
): Promise<void> {
  const before = databaseDigest(service.context.store);
  const answer = await send(method, path, body, contentType);
  expect(answer.status, describeAnswer(answer)).toBe(400);
  expect(googleErrorProblem(answer)).toBeNull();
  const error = JSON.parse(answer.body.toString('utf8')) as {
    error: { errors: { reason: string; location: string }[] };
  };
  expect(error.error.errors[0]!.reason).toBe('invalid');
  expect(error.error.errors[0]!.location).toMatch(location);
  expect(databaseDigest(service.context.store)).toBe(before);
  expect(logged).toEqual([]);
}

const event = (extra: Record<string, unknown>) => ({
  summary: 'Bounded',
  start: { dateTime: '2030-01-01T10:00:00Z' },
  end: { dateTime: '2030-01-01T11:00:00Z' },
  ...extra,
});
const props = (count: number, key: (i: number) => string, value: (i: number) => string) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [key(i), value(i)]));

describe('Calendar bounds', () => {
  it('refuses a 10 MB calendar summary and a 5 MB event summary', async () => {
    await expectTooBig('POST', '/calendar/v3/calendars', { summary: 's'.repeat(10 * 1024 * 1024) }, 'summary');
    await expectTooBig(
      'POST',
      '/calendar/v3/calendars/primary/events',
      event({ summary: 's'.repeat(5 << 20) }),
      'summary',
    );
  });

  it('refuses 10,000 attendees, and keeps 1,000', async () => {
    const attendees = (n: number) => Array.from({ length: n }, (_, i) => ({ email: `guest${i}@example.com` }));
    await expectTooBig(
      'POST',
      '/calendar/v3/calendars/primary/events',
      event({ attendees: attendees(10_000) }),
      'attendees',
    );
    const kept = await created('POST', '/calendar/v3/calendars/primary/events', event({ attendees: attendees(1_000) }));
    expect((kept['attendees'] as unknown[]).length).toBe(1_000);
  });

  it('bounds descriptions, locations and recurrence, on insert and on patch', async () => {
    const events = '/calendar/v3/calendars/primary/events';
    await expectTooBig('POST', events, event({ description: 'd'.repeat(8193) }), 'description');
    await expectTooBig('POST', events, event({ location: 'l'.repeat(1025) }), 'location');
    const rules = Array.from(
      { length: 101 },
      (_, i) => `EXDATE:2030${String((i % 12) + 1).padStart(2, '0')}01T100000Z`,
    );
    await expectTooBig('POST', events, event({ recurrence: ['RRULE:FREQ=DAILY', ...rules] }), 'recurrence');
    const kept = await created('POST', events, event({ description: 'd'.repeat(8192) }));
    expect((kept['description'] as string).length).toBe(8192);
    await expectTooBig('PATCH', `${events}/${String(kept['id'])}`, { summary: 'x'.repeat(1025) }, 'summary');
    await expectTooBig('PATCH', '/calendar/v3/calendars/primary', { description: 'd'.repeat(8193) }, 'description');
  });

  it("holds extended properties to Google's bounds: key 44, value 1024, 300 properties, 32 KB", async () => {
    const events = '/calendar/v3/calendars/primary/events';
    const ext = (p: unknown, s: unknown = {}) => event({ extendedProperties: { private: p, shared: s } });
    await expectTooBig('POST', events, ext({ ['k'.repeat(45)]: 'v' }), /^extendedProperties/);
    await expectTooBig('POST', events, ext({ k: 'v'.repeat(1025) }), /^extendedProperties/);
    const many = (n: number, prefix: string) =>
      props(
        n,
        (i) => `${prefix}${i}`,
        () => 'v',
      );
    await expectTooBig('POST', events, ext(many(150, 'p'), many(151, 's')), /^extendedProperties/);
    const big = (n: number, prefix: string) =>
      props(
        n,
        (i) => `${prefix}${i}`.padEnd(44, 'k'),
        () => 'v'.repeat(1000),
      );
    await expectTooBig('POST', events, ext(big(17, 'p'), big(16, 's')), /^extendedProperties/);
    const kept = await created('POST', events, ext(many(150, 'p'), many(150, 's')));
    const stored = kept['extendedProperties'] as { private: object; shared: object };
    expect(Object.keys(stored.private).length + Object.keys(stored.shared).length).toBe(300);
  });

  it('holds the stored total of extended properties and preferences to the bound through patches', async () => {
    const events = '/calendar/v3/calendars/primary/events';
    const many = (n: number, prefix: string) =>
      props(
        n,
        (i) => `${prefix}${i}`,
        () => 'v',
      );
    const full = await created(
      'POST',
      events,
      event({ extendedProperties: { private: many(150, 'p'), shared: many(150, 's') } }),
    );
    const path = `${events}/${String(full['id'])}`;
    // Each body is within the bounds; what the event would hold after it is not.
    await expectTooBig('PATCH', path, { extendedProperties: { private: { one: 'more' } } }, /^extendedProperties/);
    await expectTooBig('PATCH', path, { extendedProperties: { shared: { one: 'more' } } }, /^extendedProperties/);
    // Replacing one keeps the count: accepted.
    const swapped = await created('PATCH', path, { extendedProperties: { private: { p0: null, swapped: 'v' } } });
    const after = swapped['extendedProperties'] as { private: Record<string, string>; shared: object };
    expect(Object.keys(after.private).length + Object.keys(after.shared).length).toBe(300);
    expect(after.private['swapped']).toBe('v');

    // 32 KB of keys and values in all, reached over two patches.
    const big = (n: number, prefix: string) =>
      props(
        n,
        (i) => `${prefix}${i}`.padEnd(44, 'k'),
        () => 'v'.repeat(1000),
      );
    const sized = await created('POST', events, event({ extendedProperties: { private: big(17, 'p') } }));
    const sizedPath = `${events}/${String(sized['id'])}`;
    await expectTooBig('PATCH', sizedPath, { extendedProperties: { shared: big(16, 's') } }, /^extendedProperties/);

    const gadget = await created('POST', events, event({ gadget: { preferences: many(100, 'g') } }));
    const gadgetPath = `${events}/${String(gadget['id'])}`;
    await expectTooBig('PATCH', gadgetPath, { gadget: { preferences: { one: 'more' } } }, 'gadget.preferences');
  });
});

describe('Tasks bounds', () => {
  it('holds titles to 1024 and notes to 8192 characters', async () => {
    await expectTooBig('POST', '/tasks/v1/users/@me/lists', { title: 't'.repeat(1025) }, 'title');
    const list = await created('POST', '/tasks/v1/users/@me/lists', { title: 't'.repeat(1024) });
    const tasks = `/tasks/v1/lists/${String(list['id'])}/tasks`;
    await expectTooBig('POST', tasks, { title: 't'.repeat(1025) }, 'title');
    await expectTooBig('POST', tasks, { title: 'x', notes: 'n'.repeat(8193) }, 'notes');
    const task = await created('POST', tasks, { title: 't'.repeat(1024), notes: 'n'.repeat(8192) });
    expect((task['notes'] as string).length).toBe(8192);
    await expectTooBig('PATCH', `${tasks}/${String(task['id'])}`, { notes: 'n'.repeat(8193) }, 'notes');
  });

  it('holds the stored headers of a queued-request task to 100 through patches', async () => {
    const list = await created('POST', '/tasks/v1/users/@me/lists', { title: 'queued' });
    const tasks = `/tasks/v1/lists/${String(list['id'])}/tasks`;
    const headers = (n: number, prefix: string) =>
      props(
        n,
        (i) => `X-${prefix}${i}`,
        () => '1',
      );
    const task = await created('POST', tasks, {
      title: 'job',
      platformHttpRequest: { httpMethod: 'POST', relativeUri: '/work', headers: headers(100, 'a') },
    });
    const path = `${tasks}/${String(task['id'])}`;
    await expectTooBig('PATCH', path, { platformHttpRequest: { headers: { 'X-More': '1' } } }, /^platformHttpRequest/);
    const swapped = await created('PATCH', path, { platformHttpRequest: { headers: { 'X-a0': null, 'X-b': '2' } } });
    const request = swapped['platformHttpRequest'] as { headers: Record<string, string> };
    expect(Object.keys(request.headers)).toHaveLength(100);
  });
});

describe('Drive bounds', () => {
  it("holds properties to Google's 30 per kind and 124 bytes per key and value", async () => {
    const files = '/drive/v3/files';
    const many = props(
      31,
      (i) => `k${i}`,
      () => 'v',
    );
    await expectTooBig('POST', files, { name: 'p', properties: many }, 'properties');
    await expectTooBig('POST', files, { name: 'p', appProperties: many }, 'appProperties');
    // 62 two-byte characters are 124 bytes; one more byte is over.
    await expectTooBig('POST', files, { name: 'p', properties: { k: 'é'.repeat(62) } }, 'properties');
    const kept = await created('POST', `${files}?fields=properties`, {
      name: 'p',
      properties: {
        ...props(
          29,
          (i) => `k${i}`,
          () => 'v',
        ),
        x: 'é'.repeat(61),
      },
    });
    expect(Object.keys(kept['properties'] as object).length).toBe(30);
  });

  it('holds the properties a file holds to 30 per kind through patches and copies', async () => {
    const files = '/drive/v3/files';
    const many = (n: number, prefix: string) =>
      props(
        n,
        (i) => `${prefix}${i}`,
        () => 'v',
      );
    const file = await created('POST', files, { name: 'p', properties: many(30, 'k'), appProperties: many(30, 'a') });
    const path = `${files}/${String(file['id'])}`;
    await expectTooBig('PATCH', path, { properties: { one: 'more' } }, 'properties');
    await expectTooBig('PATCH', path, { appProperties: { one: 'more' } }, 'appProperties');
    // A refused patch changes nothing else it names either.
    await expectTooBig('PATCH', path, { name: 'renamed', properties: many(2, 'new') }, 'properties');
    await expectTooBig('POST', `${path}/copy`, { properties: { one: 'more' } }, 'properties');
    const swapped = await created('PATCH', `${path}?fields=name,properties`, {
      properties: { k0: null, swapped: 'v' },
    });
    expect(Object.keys(swapped['properties'] as object)).toHaveLength(30);
    expect(swapped['name']).toBe('p');
  });

  it('holds names and descriptions to 32,767 bytes, over JSON and in upload metadata', async () => {
    await expectTooBig('POST', '/drive/v3/files', { name: 'n'.repeat(32_768) }, 'name');
    await expectTooBig('POST', '/drive/v3/files', { name: 'x', description: '€'.repeat(10_923) }, 'description');
    const boundary = 'limits-boundary';
    const multipart = (metadata: unknown) =>
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
      `--${boundary}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const upload = '/upload/drive/v3/files?uploadType=multipart';
    const type = `multipart/related; boundary=${boundary}`;
    await expectTooBig('POST', upload, multipart({ name: 'n'.repeat(32_768) }), 'name', type);
    await expectTooBig(
      'POST',
      upload,
      multipart({ name: 'x', properties: props(31, String, () => 'v') }),
      'properties',
      type,
    );
    const answer = await send('POST', upload, multipart({ name: 'n'.repeat(32_767) }), type);
    expect(answer.status, describeAnswer(answer)).toBe(200);
  });
});

describe('parameter bounds', () => {
  async function expectParamRefused(path: string, location: string): Promise<void> {
    const answer = await probe(service.port, { method: 'GET', path, headers: { authorization: `Bearer ${token}` } });
    expect(answer.status, describeAnswer(answer)).toBe(400);
    expect(googleErrorProblem(answer)).toBeNull();
    const error = JSON.parse(answer.body.toString('utf8')) as {
      error: { errors: { reason: string; location: string }[] };
    };
    expect(error.error.errors[0]).toMatchObject({ reason: 'invalid', location });
  }

  it('refuses string parameters over 8,192 characters, q and fields included', async () => {
    await expectParamRefused(`/drive/v3/files?q=${'x'.repeat(8193)}`, 'q');
    await expectParamRefused(`/drive/v3/about?fields=${'x'.repeat(8193)}`, 'fields');
    await expectParamRefused(`/calendar/v3/calendars/primary/events?q=${'x'.repeat(8193)}`, 'q');
    const answer = await probe(service.port, {
      method: 'GET',
      path: `/calendar/v3/calendars/primary/events?q=${'x'.repeat(8192)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status, describeAnswer(answer)).toBe(200);
  });

  it('refuses a repeated parameter given more than 100 times', async () => {
    const repeated = Array.from({ length: 101 }, (_, i) => `privateExtendedProperty=k${i}%3Dv`).join('&');
    await expectParamRefused(`/calendar/v3/calendars/primary/events?${repeated}`, 'privateExtendedProperty');
  });
});
