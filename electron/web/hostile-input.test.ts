import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { z } from 'zod';
import { operationList } from '../../shared/api';
import { ipcMethods, type IpcMethodName } from '../../shared/ipc/contract';
import { MemoryVault } from '../core/vault';
import { startBrowserApp, type BrowserApp } from './browser-app';

/*
 * Hostile input to the browser host: every IPC method of the contract (enumerated, never listed by
 * hand) with invalid input answers a typed `invalidInput` error and runs nothing; malformed, binary
 * and oversized frames are refused; requests without the secret, from a foreign Origin or naming a
 * foreign Host (DNS rebinding) are refused. No reply ever carries the local account's token.
 */
const maxFrameBytes = 256 * 1024;

let dir: string;
let app: BrowserApp;
let port: number;
let secret: string;
/** Every frame the host sent to any socket of this file. */
const received: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-hostile-'));
  const rendererDir = join(dir, 'renderer');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Atrium</title>');
  app = await startBrowserApp({
    dataDir: join(dir, 'data'),
    rendererDir,
    vault: new MemoryVault(),
    changeWatch: false,
    maxFrameBytes,
  });
  const url = new URL(app.url);
  port = Number(url.port);
  secret = url.searchParams.get('secret')!;
});

afterAll(async () => {
  await app?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const pageOrigin = (): string => `http://127.0.0.1:${port}`;

function openSocket(path: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers, maxPayload: 64 * 1024 * 1024 });
    ws.on('message', (data: Buffer) => received.push(data.toString('utf8')));
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

interface Reply {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string; location?: string };
}

let nextId = 1;
function call(ws: WebSocket, method: unknown, input: unknown): Promise<Reply> {
  const id = nextId++;
  return sendFrame(ws, JSON.stringify({ type: 'call', id, method, input }), id);
}

function sendFrame(ws: WebSocket, frame: string, id: number, timeoutMs = 10_000): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reply to frame ${id}`)), timeoutMs);
    const onMessage = (data: Buffer): void => {
      const parsed = JSON.parse(data.toString('utf8')) as { type: string; id?: number; reply?: Reply };
      if (parsed.type === 'reply' && parsed.id === id) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(parsed.reply!);
      }
    };
    ws.on('message', onMessage);
    ws.send(frame);
  });
}

/** What the host sees after JSON on the wire (undefined fields vanish, NaN becomes null). */
const overTheWire = (input: unknown): unknown =>
  (JSON.parse(JSON.stringify({ input }) ?? '{}') as { input?: unknown }).input;

type Def = { type: string; shape?: Record<string, z.ZodType> };
const shapeOf = (schema: z.ZodType): Record<string, z.ZodType> =>
  (schema as unknown as { _zod: { def: Def } })._zod.def.shape ?? {};

const wrongValues: unknown[] = [
  null,
  0,
  -1,
  1.5,
  true,
  '',
  'x'.repeat(100_000),
  [],
  ['x'],
  {},
  { nested: { deeper: [1, 2, 3] } },
  '__proto__',
];

/** Inputs the method's schema refuses: wrong shapes, wrong field types, unknown fields, huge values. */
function invalidInputs(method: IpcMethodName): fc.Arbitrary<unknown> {
  const schema = ipcMethods[method].input as z.ZodType;
  const keys = Object.keys(shapeOf(schema));
  const wrongField = keys.length
    ? fc
        .tuple(
          fc.constantFrom(...keys),
          fc.constantFrom(...wrongValues),
          fc.dictionary(fc.constantFrom(...keys), fc.anything()),
        )
        .map(([key, value, rest]) => ({ ...rest, [key]: value }))
    : fc.constant({ unexpected: true });
  const candidates = fc.oneof(
    wrongField,
    fc.constantFrom<unknown>('text', 42, true, [], [{}], 'x'.repeat(10_000)),
    fc.dictionary(fc.string({ maxLength: 12 }), fc.anything(), { minKeys: 1, maxKeys: 4 }),
    fc.anything(),
  );
  return candidates.filter((input) => !schema.safeParse(overTheWire(input) ?? {}).success);
}

const methodNames = Object.keys(ipcMethods) as IpcMethodName[];

describe('IPC over the browser host: invalid input to every method', () => {
  it.each(methodNames)('%s answers invalidInput and changes nothing', async (method) => {
    const ws = await openSocket(`/ipc?secret=${secret}`, { origin: pageOrigin() });
    try {
      const before = await call(ws, 'accounts.list', {});
      expect(before.ok).toBe(true);
      await fc.assert(
        fc.asyncProperty(invalidInputs(method), async (input) => {
          const reply = await call(ws, method, input);
          expect(reply.ok, `accepted ${JSON.stringify(input)?.slice(0, 200)}`).toBe(false);
          expect(reply.error?.code).toBe('invalidInput');
          // A frame without any input at all is refused as a malformed frame, before it names a method.
          expect(reply.error?.message).toMatch(
            new RegExp(`^(Invalid .* for ${method.replace('.', '\\.')}: |Malformed call frame)`),
          );
        }),
        { numRuns: 40 },
      );
      expect(await call(ws, 'accounts.list', {})).toEqual(before);
    } finally {
      ws.close();
    }
  });

  it('api.call with hostile parameters for any registered operation answers an envelope, never a server failure', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`);
    const hostile = fc.oneof(
      fc.constantFrom(
        '../../etc/passwd',
        '%2e%2e%2f',
        '\u0000',
        'x'.repeat(5_000),
        '__proto__',
        "' OR 1=1 --",
        '-1',
        'NaN',
      ),
      fc.string({ maxLength: 20 }),
      fc.integer(),
      fc.boolean(),
    );
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...operationList),
          fc.dictionary(
            fc.oneof(
              fc.constantFrom('fileId', 'calendarId', 'eventId', 'tasklist', 'task', 'q', 'maxResults', 'pageToken'),
              fc.string({ maxLength: 10 }),
            ),
            hostile,
            { maxKeys: 4 },
          ),
          fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }),
          async (op, params, body) => {
            const reply = await call(ws, 'api.call', {
              operation: op.name,
              params,
              ...(body === undefined ? {} : { body }),
            });
            if (reply.ok) return;
            expect(
              ['internal', 'unavailable'],
              `${op.name} ${JSON.stringify(params).slice(0, 200)}: ${reply.error?.message}`,
            ).not.toContain(reply.error?.code);
          },
        ),
        { numRuns: 150 },
      );
    } finally {
      ws.close();
    }
  });

  it('answers unknownMethod for names that are not contract methods, including prototype keys', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`);
    try {
      for (const method of [
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'api',
        'app.info ',
        'APP.INFO',
        '',
      ]) {
        expect(await call(ws, method, {})).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
      }
    } finally {
      ws.close();
    }
  });
});

describe('IPC over the browser host: hostile frames', () => {
  it('answers a malformed frame that carries an id with invalidInput, and ignores one without', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`);
    try {
      const malformed = [
        { frame: JSON.stringify({ type: 'call', id: 900_001, method: 42, input: {} }), id: 900_001 },
        { frame: JSON.stringify({ type: 'reply', id: 900_002, method: 'app.info' }), id: 900_002 },
        { frame: JSON.stringify({ id: 900_003 }), id: 900_003 },
        { frame: JSON.stringify({ type: 'call', id: 900_004, method: 'x'.repeat(101), input: {} }), id: 900_004 },
      ];
      for (const { frame, id } of malformed) {
        expect(await sendFrame(ws, frame, id)).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
      }
      for (const frame of [
        '',
        'not json',
        '{',
        'null',
        '[]',
        '"call"',
        '{"type":"call","id":-1}',
        '{"type":"call","id":1.5}',
      ]) {
        ws.send(frame);
      }
      // Still serving on the same connection.
      expect(await call(ws, 'app.info', {})).toMatchObject({ ok: true, value: { host: 'browser' } });
    } finally {
      ws.close();
    }
  });

  it('accepts a frame under the size limit and closes the connection on one over it (1009)', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`);
    const under = await call(ws, 'accounts.signIn', { loginHint: 'x'.repeat(maxFrameBytes - 200) });
    expect(under).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send(JSON.stringify({ type: 'call', id: 1, method: 'app.info', input: { pad: 'x'.repeat(maxFrameBytes) } }));
    expect(await closed).toBe(1009);
  });

  it('closes the connection on a binary frame (1003)', async () => {
    const ws = await openSocket(`/ipc?secret=${secret}`);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(Buffer.from(JSON.stringify({ type: 'call', id: 1, method: 'app.info', input: {} })), { binary: true });
    expect(await closed).toBe(1003);
  });
});

interface Answer {
  status: number;
  body: string;
}

function get(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, setHost: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An HTTP/1.0 request with no Host header at all, written by hand. */
function getWithoutHost(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.0\r\n\r\n`));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

const allowedHosts = (): Set<string> => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

/** Host headers an attacker's page could make a browser send (DNS rebinding), and other near misses. */
const foreignHost = (): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.domain().map((domain) => `${domain}:${port}`),
      fc.domain(),
      fc.constantFrom(
        '127.0.0.1',
        'localhost',
        `127.0.0.1:${port + 1}`,
        `127.0.0.2:${port}`,
        `0.0.0.0:${port}`,
        `[::1]:${port}`,
        `localhost.:${port}`,
        `127.0.0.1.nip.io:${port}`,
        `127.0.0.1:${port}.evil.example`,
        `evil.example:${port}`,
        `127.0.0.1:${port}@evil.example`,
        '',
      ),
    )
    .filter((host) => !allowedHosts().has(host.toLowerCase()));

const foreignOrigin = (): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.webUrl().map((url) => new URL(url).origin),
      fc.constantFrom(
        'null',
        'file://',
        `https://127.0.0.1:${port}`,
        `http://127.0.0.1:${port + 1}`,
        `http://127.0.0.1`,
        `http://localhost:${port}.evil.example`,
        `http://127.0.0.1:${port}.evil.example`,
        'http://evil.example',
        'app://atrium',
      ),
    )
    .filter((origin) => origin !== `http://127.0.0.1:${port}` && origin !== `http://localhost:${port}`);

describe('browser host: secret, Host and Origin checks', () => {
  it('refuses every page and asset request without the right secret', async () => {
    const host = `127.0.0.1:${port}`;
    const attempts: [string, Record<string, string>][] = [
      ['/', {}],
      ['/index.html', {}],
      ['/ipc', {}],
      [`/?secret=${secret.slice(0, -1)}`, {}],
      [`/?secret=${secret}x`, {}],
      [`/?secret=${secret.toUpperCase()}`, {}],
      [`/?secret=&secret=${secret}`, {}],
      [`/?secret[]=${secret}`, {}],
      ['/', { cookie: `atrium_secret_${port + 1}=${secret}` }],
      ['/', { cookie: `atrium_secret=${secret}` }],
      ['/', { cookie: `atrium_secret_${port}=${secret.slice(1)}` }],
      ['/', { authorization: `Bearer ${secret}` }],
    ];
    for (const [path, headers] of attempts) {
      const answer = await get(path, { host, ...headers });
      expect(answer.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(answer.body).not.toContain('<title>Atrium</title>');
    }
    await expect(openSocket('/ipc')).rejects.toThrow('refused with 403');
    await expect(openSocket(`/ipc?secret=${secret.slice(0, -2)}`)).rejects.toThrow('refused with 403');
  });

  it('refuses any foreign Host header, even with the secret (DNS rebinding)', async () => {
    await fc.assert(
      fc.asyncProperty(foreignHost(), async (host) => {
        const answer = await get(`/?secret=${secret}`, { host });
        expect([400, 403], `Host: ${host}`).toContain(answer.status);
        expect(answer.body).not.toContain('<title>Atrium</title>');
      }),
      { numRuns: 60 },
    );
    expect(await getWithoutHost(`/?secret=${secret}`)).toMatch(/^HTTP\/1\.[01] (400|403) /);
    expect((await get(`/?secret=${secret}`, { host: `127.0.0.1:${port}` })).status).toBe(200);
  });

  it('refuses WebSocket upgrades from any foreign Origin or Host, even with the secret', async () => {
    await fc.assert(
      fc.asyncProperty(foreignOrigin(), async (origin) => {
        await expect(openSocket(`/ipc?secret=${secret}`, { origin })).rejects.toThrow(/refused with (400|403)/);
      }),
      { numRuns: 40 },
    );
    // (ws replaces an empty Host with its own, so that case is left to the HTTP test above.)
    await fc.assert(
      fc.asyncProperty(
        foreignHost().filter((host) => host !== ''),
        async (host) => {
          await expect(openSocket(`/ipc?secret=${secret}`, { host, origin: pageOrigin() })).rejects.toThrow(
            /refused with (400|403)/,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('never sends the local account token to the page', () => {
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((frame) => frame.includes(app.localUser.token))).toEqual([]);
  });
});
