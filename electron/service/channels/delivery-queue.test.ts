import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryQueue, type DeliveryTarget } from './delivery-queue';

/** A receiver that holds every request until `release()`, as a slow or hung webhook does. */
const held: ServerResponse[] = [];
const received: IncomingHttpHeaders[] = [];
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received.push(req.headers);
    held.push(res);
  });
});
const release = (): void => {
  for (const res of held.splice(0)) res.writeHead(200).end();
};
let address = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('DeliveryQueue', () => {
  it('holds a bounded number of messages for a receiver that does not keep up, the newest last', async () => {
    const queue = new DeliveryQueue({
      retryBaseDelayMs: 5,
      maxAttempts: 1,
      timeoutMs: 5000,
      maxPending: 4,
      isLive: () => true,
      log: () => {},
    });
    const target: DeliveryTarget = {
      channelId: 'slow',
      address,
      token: null,
      expiration: Date.parse('2040-01-01T00:00:00Z'),
      resourceId: 'r',
      resourceUri: 'u',
    };
    try {
      queue.enqueue(target, { messageNumber: 1, state: 'sync' });
      await until(() => received.length === 1, 'the first message in flight');
      for (let n = 2; n <= 1000; n++) {
        queue.enqueue(target, { messageNumber: n, state: 'change', changed: [n % 2 ? 'content' : 'properties'] });
        expect(queue.pendingFor('slow')).toBeLessThanOrEqual(4);
      }
      while (!queue.idle) {
        release();
        await new Promise((r) => setTimeout(r, 5));
      }
      const numbers = received.map((h) => Number(h['x-goog-message-number']));
      expect(numbers).toEqual([1, 2, 3, 1000]);
      // The last message stands for every change after 3: both kinds of part changed.
      expect(received.at(-1)!['x-goog-changed']).toBe('properties,content');
    } finally {
      release();
      await queue.close();
    }
  });
});
