import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServiceWorker, type ServiceRestart, type ServiceWorkerHandle } from './worker-host';

const token = 'worker-token';
let dir: string;
let service: ServiceWorkerHandle | undefined;
const logged: string[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-service-worker-'));
  logged.length = 0;
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const start = () =>
  startServiceWorker({
    dataDir: dir,
    users: [{ email: 'me@atrium.local', token }],
    debugHooks: true,
    log: (message) => logged.push(message),
  });

const listTasklists = (url: string, bearer = token) =>
  fetch(`${url}/tasks/v1/users/@me/lists`, { headers: { Authorization: `Bearer ${bearer}` } });

function nextRestart(handle: ServiceWorkerHandle): Promise<ServiceRestart> {
  return new Promise((resolve) => {
    const stop = handle.onRestart((restart) => {
      stop();
      resolve(restart);
    });
  });
}

describe('startServiceWorker', () => {
  it('serves the API from the worker and adds users through the message channel', async () => {
    service = await start();
    expect(service.url).toBe(`http://127.0.0.1:${service.port}`);
    expect((await listTasklists(service.url)).status).toBe(200);

    const user = await service.addUser({ email: 'other@atrium.local', token: 'other-token' });
    expect(user).toMatchObject({ email: 'other@atrium.local' });
    expect((await listTasklists(service.url, 'other-token')).status).toBe(200);
    expect((await listTasklists(service.url, 'unknown-token')).status).toBe(401);
  });

  it('fails a call in progress when the worker dies, then answers again after the restart', async () => {
    service = await start();
    const restarted = nextRestart(service);
    const busy = service.debug('debugBlockCpu', 300);
    await service.crash();
    await expect(busy).rejects.toThrow(/stopped before answering/);
    const restart = await restarted;
    expect(restart.url).toBe(restart.previousUrl);
    expect(service.restarts).toBe(1);
    // The user created at the first start is still there (same data folder).
    expect((await listTasklists(service.url)).status).toBe(200);
    expect(await service.debug('debugBlockCpu', 1)).toBeGreaterThan(0);
  }, 60_000);

  it('moves to another port when its own was taken while it restarted, and says where', async () => {
    service = await start();
    const oldPort = service.port;
    const restarted = nextRestart(service);
    await service.crash();
    // The worker's listening socket is gone with it; take the port before the new worker listens.
    const squatter: Server = createServer((_req, res) => res.end('not the service'));
    await new Promise<void>((resolve, reject) => {
      squatter.once('error', reject);
      squatter.listen(oldPort, '127.0.0.1', resolve);
    });
    try {
      const restart = await restarted;
      expect(restart.previousUrl).toBe(`http://127.0.0.1:${oldPort}`);
      expect(restart.port).not.toBe(oldPort);
      expect(service.url).toBe(restart.url);
      expect((await listTasklists(service.url)).status).toBe(200);
      expect(logged.some((line) => line.includes(`now answers at ${restart.url}`))).toBe(true);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 60_000);

  it('does not restart a worker that was closed, and refuses calls after', async () => {
    service = await start();
    const url = service.url;
    await service.close();
    await expect(listTasklists(url)).rejects.toThrow();
    await expect(service.debug('debugBlockCpu', 1)).rejects.toThrow(/closed/);
    expect(service.restarts).toBe(0);
  });

  it('rejects when the service cannot start, with the reason', async () => {
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const port = (squatter.address() as { port: number }).port;
    try {
      await expect(startServiceWorker({ dataDir: dir, port, log: () => {} })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
