import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './http/api-error';
import type { OperationName } from '../../shared/api';
import { ReadWorker, type ReadCall } from './read-worker';
import { defaultServiceConfig } from './server';

/**
 * A stand-in read worker: answers each read with its thread id, and ends its thread (as a crash or
 * running out of memory would) when asked to read the operation `Die`.
 */
const script = new URL(
  `data:text/javascript,${encodeURIComponent(`
import { parentPort, threadId } from 'node:worker_threads';
parentPort.postMessage({ kind: 'ready' });
parentPort.on('message', (call) => {
  if (call.operation === 'Die') setTimeout(() => process.exit(3), 50);
  else parentPort.postMessage({ kind: 'answer', id: call.id, answer: { status: 200, headers: {}, text: String(threadId) } });
});
`)}`,
);

const call = (operation: OperationName | 'Die'): ReadCall => ({
  // The stand-in reads nothing but the name.
  operation: operation as OperationName,
  params: {},
  body: undefined,
  given: [],
  user: { id: 'u1', email: 'r@example.com', displayName: 'R' },
  headers: {},
  method: 'GET',
  pretty: false,
  nowMs: 0,
  baseUrl: 'http://127.0.0.1',
});

describe('read worker restarts', () => {
  let reader: ReadWorker | undefined;
  afterEach(async () => {
    await reader?.close();
  });

  it('answers a read lost with its worker 503, then reads again from a new worker', async () => {
    const logged: string[] = [];
    reader = await ReadWorker.start(script, { dataDir: '/nonexistent', config: defaultServiceConfig }, (m) =>
      logged.push(m),
    );
    const first = await reader.run(call('CalendarEventsInstances'));
    expect(first.status).toBe(200);

    const lost = reader.run(call('Die'));
    const alongside = reader.run(call('CalendarEventsInstances'));
    const answered = await alongside;
    const error = await lost.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(503);
    expect((error as ApiError).reason).toBe('backendError');
    expect((error as ApiError).message).toMatch(/read worker ended \(exit code 3\)/);
    expect(answered.text).toBe(first.text);

    // Unavailable until a new one is up (reads meanwhile run on the service thread), then handed over again.
    await expect.poll(() => reader!.available, { timeout: 10_000 }).toBe(true);
    const after = await reader.run(call('CalendarEventsInstances'));
    expect(after.status).toBe(200);
    expect(after.text).not.toBe(first.text);
    expect(logged).toEqual([]);
  });

  it('is not started again once closed, and refuses reads', async () => {
    reader = await ReadWorker.start(script, { dataDir: '/nonexistent', config: defaultServiceConfig }, () => {});
    await reader.close();
    expect(reader.available).toBe(false);
    await expect(reader.run(call('CalendarEventsInstances'))).rejects.toThrow(/not running/);
  });
});
