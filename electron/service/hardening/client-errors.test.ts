import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { databaseDigest } from '../store/database-digest';

/*
 * Requests the HTTP parser refuses get Google-shaped errors, and never hide the answer of a complete
 * request that came before the bad bytes on the same connection.
 */
const token = 'client-error-token';
let dir: string;
let service: EmbeddedService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-client-errors-'));
  service = await startEmbeddedService({ dataDir: dir, port: 0, users: [{ email: 'ann@example.com', token }] });
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes raw bytes on a fresh connection and returns everything the server sent until it closed. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(service.port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
}

function answers(text: string): { status: number; body: string }[] {
  return [...text.matchAll(/HTTP\/1\.1 (\d{3}) [^\r]*\r\n([\s\S]*?)\r\n\r\n/g)].map((m) => {
    const length = /content-length: (\d+)/i.exec(m[2]!);
    const start = m.index + m[0].length;
    return { status: Number(m[1]), body: text.slice(start, start + (length ? Number(length[1]) : 0)) };
  });
}

function expectGoogleError(answer: { status: number; body: string } | undefined, status: number): void {
  expect(answer?.status).toBe(status);
  const body = JSON.parse(answer!.body) as { error: { code: number; errors: { reason: string }[]; status: string } };
  expect(body.error.code).toBe(status);
  expect(body.error.errors[0]!.reason).toMatch(/\w+/);
  expect(body.error.status).toMatch(/\w+/);
}

async function createList(title: string): Promise<string> {
  const response = await fetch(`${service.url}/tasks/v1/users/@me/lists`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title }),
  });
  return ((await response.json()) as { id: string }).id;
}

describe('requests the HTTP parser refuses', () => {
  it('a complete request followed by junk on a `Connection: close` connection gets its own answer, not a 400', async () => {
    const id = await createList('Doomed');
    const text = await raw(
      `DELETE /tasks/v1/users/@me/lists/${id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\nfalse`,
    );
    expect(answers(text).map((a) => a.status)).toEqual([204]);
    const gone = await fetch(`${service.url}/tasks/v1/users/@me/lists/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);
  });

  it('a URL over the header limit: 431 in Google shape', async () => {
    const text = await raw(`GET /tasks/v1/users/@me/lists?q=${'q'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectGoogleError(answers(text)[0], 431);
  });

  it('a malformed request line: 400 in Google shape', async () => {
    expectGoogleError(answers(await raw('GARBAGE\r\n\r\n'))[0], 400);
  });

  it('a chunked body that breaks off mid-way: 400 in Google shape, nothing written', async () => {
    const before = databaseDigest(service.context.store);
    const text = await raw(
      `POST /tasks/v1/users/@me/lists HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"tit\r\nZZ\r\nle":"x"}\r\n0\r\n\r\n',
    );
    const [first] = answers(text);
    expectGoogleError(first, 400);
    expect(databaseDigest(service.context.store)).toBe(before);
  });
});
