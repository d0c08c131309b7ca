import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiCallError } from './api-call-error';
import { ApiClient } from './api-client';

/** A tiny stand-in for a flaky API: answers from a script of (status, body) per request. */
let server: Server;
let baseUrl: string;
let script: { status: number; body?: unknown; headers?: Record<string, string> }[] = [];
let seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

beforeAll(async () => {
  server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  seen.push({
    method: req.method ?? '',
    url: req.url ?? '',
    authorization: req.headers.authorization,
    body: await readBody(req),
  });
  const next = script.shift() ?? { status: 500, body: { error: { code: 500, message: 'script exhausted' } } };
  if (next.status === 204) {
    res.writeHead(204).end();
    return;
  }
  res
    .writeHead(next.status, { 'content-type': 'application/json; charset=UTF-8', ...next.headers })
    .end(JSON.stringify(next.body ?? {}));
}

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  script = [];
  seen = [];
});

const googleError = (code: number, reason: string, message = reason) => ({
  error: { code, message, errors: [{ domain: 'global', reason, message }] },
});

function client(delays: number[] = [], maxAttempts = 4): ApiClient {
  return new ApiClient({
    baseUrl,
    accessToken: () => 'tok-123',
    retry: { maxAttempts, baseDelayMs: 10, maxDelayMs: 40 },
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
}

describe('ApiClient retries and errors', () => {
  it('retries a 503 and answers the following 200', async () => {
    script = [
      { status: 503, body: googleError(503, 'backendError') },
      { status: 200, body: { kind: 'calendar#calendarList', items: [] } },
    ];
    const delays: number[] = [];
    const result = await client(delays).call('CalendarCalendarListList', {});
    expect(result).toEqual({ kind: 'calendar#calendarList', items: [] });
    expect(seen).toHaveLength(2);
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(5);
    expect(delays[0]).toBeLessThanOrEqual(10);
  });

  it('retries 429 and rate-limit 403s with growing, bounded waits, then gives up with the last error', async () => {
    script = [
      { status: 429, body: googleError(429, 'rateLimitExceeded') },
      { status: 403, body: googleError(403, 'userRateLimitExceeded') },
      { status: 403, body: googleError(403, 'rateLimitExceeded') },
      { status: 429, body: googleError(429, 'rateLimitExceeded', 'slow down') },
      { status: 200, body: {} },
    ];
    const delays: number[] = [];
    const error = await client(delays, 4)
      .call('CalendarCalendarListList', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 429, reason: 'rateLimitExceeded', message: 'slow down' });
    expect(seen).toHaveLength(4);
    expect(delays).toHaveLength(3);
    expect(delays[1]).toBeGreaterThanOrEqual(10);
    expect(delays[2]).toBeGreaterThanOrEqual(20);
    expect(Math.max(...delays)).toBeLessThanOrEqual(40);
  });

  it('honours Retry-After within the bound', async () => {
    script = [
      { status: 503, body: googleError(503, 'backendError'), headers: { 'retry-after': '1' } },
      { status: 200, body: {} },
    ];
    const delays: number[] = [];
    await client(delays).call('CalendarCalendarListList', {});
    expect(delays).toEqual([40]);
  });

  it('does not retry a plain 403, a 404 or a 501', async () => {
    for (const [status, reason] of [
      [403, 'forbidden'],
      [404, 'notFound'],
      [501, 'notImplemented'],
    ] as const) {
      seen = [];
      script = [
        { status, body: googleError(status, reason, `no: ${reason}`) },
        { status: 200, body: {} },
      ];
      const error = await client()
        .call('CalendarCalendarListList', {})
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status, reason, message: `no: ${reason}` });
      expect(seen).toHaveLength(1);
    }
  });

  it('reads error location and copes with bodies that are not Google-shaped', async () => {
    script = [
      {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'Invalid value',
            errors: [{ reason: 'invalid', location: 'timeMin', message: 'x' }],
          },
        },
      },
      { status: 409, body: 'just text' },
    ];
    const first = await client()
      .call('CalendarCalendarListList', {})
      .catch((e: unknown) => e);
    expect(first).toMatchObject({ status: 400, reason: 'invalid', location: 'timeMin', message: 'Invalid value' });
    const second = await client()
      .call('CalendarCalendarListList', {})
      .catch((e: unknown) => e);
    expect(second).toMatchObject({ status: 409, reason: 'conflict' });
  });

  it('builds the URL from the registry: path parameters encoded, repeated parameters repeated, token attached', async () => {
    script = [{ status: 200, body: { items: [] } }];
    await client().callByName('CalendarEventsList', {
      calendarId: 'me@atrium.local',
      eventTypes: ['default', 'focusTime'],
      maxResults: 10,
      singleEvents: true,
    });
    const [request] = seen;
    expect(request?.method).toBe('GET');
    const url = new URL(request?.url ?? '', baseUrl);
    expect(url.pathname).toBe('/calendar/v3/calendars/me%40atrium.local/events');
    expect(url.searchParams.getAll('eventTypes')).toEqual(['default', 'focusTime']);
    expect(url.searchParams.get('maxResults')).toBe('10');
    expect(url.searchParams.get('singleEvents')).toBe('true');
    expect(request?.authorization).toBe('Bearer tok-123');
  });

  it('sends JSON bodies and answers undefined for 204', async () => {
    script = [{ status: 204 }];
    const result = await client().callByName('CalendarEventsDelete', { calendarId: 'primary', eventId: 'abc' });
    expect(result).toBeUndefined();
    expect(seen[0]?.method).toBe('DELETE');

    script = [{ status: 200, body: { id: 'x' } }];
    await client().callByName('TasksTasklistsInsert', {}, { title: 'Groceries' });
    expect(seen[1]?.method).toBe('POST');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ title: 'Groceries' });
  });

  it('reports an unreachable service as a network error, retrying only idempotent methods', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const delays: number[] = [];
    const dead = new ApiClient({
      baseUrl: deadUrl,
      accessToken: () => 't',
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 },
      sleep: async (ms) => void delays.push(ms),
    });
    await expect(dead.callByName('TasksTasklistsList', {})).rejects.toMatchObject({
      status: 0,
      reason: 'networkError',
    });
    expect(delays).toHaveLength(2);
    await expect(dead.callByName('TasksTasklistsInsert', {}, { title: 'x' })).rejects.toMatchObject({
      status: 0,
      reason: 'networkError',
    });
    expect(delays).toHaveLength(2);
  });
});
