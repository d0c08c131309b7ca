import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent } from '../../shared/ipc/contract';
import { createCore } from './core';
import type { Core } from './core';
import { MemoryVault } from './vault';

let dir: string;
let core: Core;
const events: IpcEvent[] = [];
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-isolation-'));
  core = await createCore({
    userDataDir: dir,
    vault: new MemoryVault(),
    host: 'browser',
    changeWatch: false,
    serviceDebugHooks: true,
    log: (message) => logged.push(message),
  });
  core.onEvent((event) => events.push(event));
});

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

async function value(method: string, input: unknown): Promise<unknown> {
  const reply = await core.dispatcher.dispatch(method, input);
  if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { value: result, ms: performance.now() - started };
}

describe('the embedded service in its worker thread', () => {
  it('leaves IPC that needs no service answering while a request holds the service busy', async () => {
    // Warm both paths first, so the timings below are not first-call costs.
    await value('app.info', {});
    await value('api.call', { operation: 'TasksTasklistsList', params: {} });

    const blocked = core.localService.debug('debugBlockCpu', 1_500);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A service call made now waits for the busy worker...
    const serviceCall = timed(() => value('api.call', { operation: 'TasksTasklistsList', params: {} }));
    // ...while these answer from the main thread at once.
    const info = await timed(() => value('app.info', {}));
    const accounts = await timed(() => value('accounts.list', {}));
    expect(info.value).toMatchObject({ host: 'browser' });
    expect(info.ms).toBeLessThan(200);
    expect(accounts.value).toMatchObject({ active: 'local' });
    expect(accounts.ms).toBeLessThan(200);

    expect(await blocked).toBeGreaterThan(0);
    expect((await serviceCall).ms).toBeGreaterThan(1_000);
  });

  it('restarts a worker that died on the same data and port, tells the window, and keeps acknowledged writes', async () => {
    const created = (await value('api.call', {
      operation: 'TasksTasklistsInsert',
      body: { title: 'Kept across a crash' },
    })) as { id: string };
    const urlBefore = core.serviceUrl;
    const mark = events.length;

    await core.localService.crash();
    const deadline = Date.now() + 45_000;
    while (!events.slice(mark).some((event) => event.type === 'serviceRestarted')) {
      if (Date.now() > deadline) throw new Error(`no restart event; logged ${JSON.stringify(logged)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    expect(core.localService.restarts).toBe(1);
    expect(core.serviceUrl).toBe(urlBefore);
    const lists = (await value('api.call', { operation: 'TasksTasklistsList', params: {} })) as {
      items: { id: string; title: string }[];
    };
    expect(lists.items).toContainEqual(expect.objectContaining({ id: created.id, title: 'Kept across a crash' }));
    expect(logged.some((line) => line.includes('stopped unexpectedly'))).toBe(true);
  }, 60_000);

  it('follows the service to another port when its own was taken during the restart', async () => {
    const oldUrl = core.serviceUrl;
    const oldPort = core.localService.port;
    const mark = events.length;
    await core.localService.crash();
    const squatter = createServer((_req, res) => res.end('not the service'));
    await new Promise<void>((resolve, reject) => {
      squatter.once('error', reject);
      squatter.listen(oldPort, '127.0.0.1', resolve);
    });
    try {
      const deadline = Date.now() + 45_000;
      while (!events.slice(mark).some((event) => event.type === 'serviceRestarted')) {
        if (Date.now() > deadline) throw new Error(`no restart event; logged ${JSON.stringify(logged)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(core.serviceUrl).not.toBe(oldUrl);
      const created = (await value('api.call', {
        operation: 'TasksTasklistsInsert',
        body: { title: 'On the new port' },
      })) as { title: string };
      expect(created.title).toBe('On the new port');
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  }, 60_000);

  it('refuses the debug operations of a worker started without them', async () => {
    const other = await mkdtemp(join(tmpdir(), 'atrium-isolation-plain-'));
    const plain = await createCore({
      userDataDir: other,
      vault: new MemoryVault(),
      host: 'browser',
      changeWatch: false,
      log: () => {},
    });
    try {
      await expect(plain.localService.debug('debugBlockCpu', 10)).rejects.toThrow(/no method debugBlockCpu/);
    } finally {
      await plain.close();
      await rm(other, { recursive: true, force: true });
    }
  });
});
