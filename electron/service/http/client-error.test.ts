import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { ClientErrorGuard } from './client-error';
import { sendJson } from './respond';

/*
 * A request whose body breaks off part way must not leave its handler waiting for bytes that can never
 * come: the body stream ends with an error, the handler finishes, and nothing it would store is stored.
 */

/** What the handler of each request did: stored its body (complete) or gave up with an error. */
interface Outcome {
  stored: boolean;
  error?: unknown;
}

let server: Server;
let port: number;
let stored: Buffer[];
let outcomes: Promise<Outcome>[];

/** Reads the whole body, then "stores" it; wired like the service's server (track, then handle). */
async function handle(req: IncomingMessage): Promise<Outcome> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  } catch (error) {
    return { stored: false, error };
  }
  stored.push(Buffer.concat(chunks));
  return { stored: true };
}

beforeAll(async () => {
  const guard = new ClientErrorGuard();
  server = createServer((req, res) => {
    guard.track(req, res);
    // `/early` answers before it reads the body (as a handler that acknowledges and then streams might).
    if (req.url === '/early') sendJson(res, 202, { accepted: true }, false);
    const outcome = handle(req);
    outcomes.push(outcome);
    void outcome.then((o) => {
      if (!res.headersSent) sendJson(res, o.stored ? 200 : 500, { stored: o.stored }, false);
    });
  });
  server.on('clientError', guard.answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  stored = [];
  outcomes = [];
});

/** Opens a connection, runs `send` on it, and collects what the server answers until it closes. */
function exchange(send: (socket: Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => send(socket));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}

/** The handler's outcome, or a failure naming the hang when it does not finish within a few seconds. */
async function handlerOutcome(): Promise<Outcome> {
  for (let waited = 0; outcomes.length === 0 && waited < 2000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(outcomes).toHaveLength(1);
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the handler is still waiting for the body')), 3000);
  });
  try {
    return await Promise.race([outcomes[0]!, hang]);
  } finally {
    clearTimeout(timer);
  }
}

const head = (length: number, path = '/upload') =>
  `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: ${length}\r\n\r\n`;

describe('a request body that breaks off', () => {
  it('a connection half-closed mid-body: a 400 in Google shape, the handler finishes, nothing stored', async () => {
    const text = await exchange((socket) => {
      socket.write(head(1_000_000));
      socket.write(Buffer.alloc(100_000, 1), () => socket.end());
    });
    const outcome = await handlerOutcome();
    expect(outcome.stored).toBe(false);
    expect(outcome.error).toBeInstanceOf(ApiError);
    expect(stored).toEqual([]);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: number } };
    expect(body.error.code).toBe(400);
  });

  it('a connection closed mid-body: the handler finishes, nothing stored', async () => {
    await exchange((socket) => {
      socket.write(head(1_000_000));
      socket.write(Buffer.alloc(100_000, 1), () => setTimeout(() => socket.destroy(), 50));
    });
    const outcome = await handlerOutcome();
    expect(outcome).toMatchObject({ stored: false });
    expect(outcome.error).toBeInstanceOf(Error);
    expect(stored).toEqual([]);
  });

  it('a chunked body that turns malformed: a 400, the handler finishes, nothing stored', async () => {
    const text = await exchange((socket) => {
      socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n');
      setTimeout(() => socket.write('ZZ\r\nnot a chunk\r\n'), 50);
    });
    const outcome = await handlerOutcome();
    expect(outcome.stored).toBe(false);
    expect(stored).toEqual([]);
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('a connection closed mid-body after the handler answered: the handler still finishes, nothing stored', async () => {
    const text = await exchange((socket) => {
      socket.write(head(1_000_000, '/early'));
      socket.write(Buffer.alloc(100_000, 1));
      socket.once('data', () => socket.destroy());
    });
    expect(text).toMatch(/^HTTP\/1\.1 202 /);
    const outcome = await handlerOutcome();
    expect(outcome.stored).toBe(false);
    expect(stored).toEqual([]);
  });

  it('a whole body on the same kind of connection is stored (the guard leaves complete requests alone)', async () => {
    const text = await exchange((socket) => {
      socket.write(head(5) + 'hello');
      socket.once('data', () => socket.end());
    });
    expect(await handlerOutcome()).toEqual({ stored: true });
    expect(stored.map((b) => b.toString())).toEqual(['hello']);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});
