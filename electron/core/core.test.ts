import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcEvent, IpcReply } from '../../shared/ipc/contract';
import { ApiCallError } from './api-call-error';
import { ApiClient } from './api-client';
import { createCore } from './core';
import type { Core } from './core';
import { MemoryVault } from './vault';

let dir: string;
let vault: MemoryVault;
let core: Core;
const events: IpcEvent[] = [];
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'atrium-core-'));
  vault = new MemoryVault();
  core = await createCore({
    userDataDir: dir,
    vault,
    host: 'browser',
    version: '9.9.9',
    changeWatch: { retryMs: 500, tasksPollMs: 150 },
    log: (message) => logged.push(message),
  });
  core.onEvent((event) => events.push(event));
});

afterAll(async () => {
  await core?.close();
  await rm(dir, { recursive: true, force: true });
});

async function call(method: string, input: unknown): Promise<IpcReply<unknown>> {
  return core.dispatcher.dispatch(method, input);
}

async function value(method: string, input: unknown): Promise<unknown> {
  const reply = await call(method, input);
  if (!reply.ok) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  return reply.value;
}

/** Waits for an event matching `match` among those pushed after `since` (an index into `events`). */
async function waitForEvent(match: (event: IpcEvent) => boolean, since: number, timeoutMs = 5_000): Promise<IpcEvent> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = events.slice(since).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching event; saw ${JSON.stringify(events)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const changed = (area: string, resource: string) => (event: IpcEvent) =>
  event.type === 'changed' && event.account === 'local' && event.area === area && event.resource === resource;

describe('core composition', () => {
  it('keeps the local account token in the vault and answers app and account facts', async () => {
    expect(await vault.get('local-service-token')).toBe(core.localUser.token);
    expect(core.localUser.email).toBe('me@atrium.local');
    expect(await value('app.info', {})).toEqual({ version: '9.9.9', host: 'browser', platform: process.platform });
    expect(await value('accounts.list', {})).toEqual({
      accounts: [
        { id: 'local', kind: 'local', email: 'me@atrium.local', displayName: 'Me', state: 'ok', overlay: false },
      ],
      active: 'local',
    });
    expect(core.vaultWarning).toMatch(/memory/);
  });

  it('calls the embedded service through api.call and reports Tasks writes as changes', async () => {
    let mark = events.length;
    const created = (await value('api.call', { operation: 'TasksTasklistsInsert', body: { title: 'Errands' } })) as {
      id: string;
      title: string;
    };
    expect(created.title).toBe('Errands');
    const lists = (await value('api.call', { operation: 'TasksTasklistsList', params: { maxResults: '20' } })) as {
      items: { id: string }[];
    };
    expect(lists.items.map((list) => list.id)).toContain(created.id);
    await waitForEvent(changed('tasks', 'tasklists'), mark);

    mark = events.length;
    await value('api.call', {
      operation: 'TasksTasksInsert',
      params: { tasklist: created.id },
      body: { title: 'Buy stamps' },
    });
    await waitForEvent(changed('tasks', `tasks:${created.id}`), mark);
  });

  it('refuses unknown operations, accounts, parameters and bad bodies before calling, changing nothing', async () => {
    const before = (await value('api.call', { operation: 'TasksTasklistsList' })) as { items: unknown[] };

    expect(await call('api.call', { operation: 'TasksTasklistsExplode' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'operation' },
    });
    expect(await call('api.call', { account: 'someone-else', operation: 'TasksTasklistsList' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'account' },
    });
    expect(await call('api.call', { operation: 'TasksTasklistsList', params: { maxResults: 'many' } })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'params.maxResults', reason: 'invalid' },
    });
    expect(await call('api.call', { operation: 'TasksTasklistsList', params: { colour: 'red' } })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'params.colour', reason: 'invalidParameter' },
    });
    expect(await call('api.call', { operation: 'TasksTasksInsert', params: {}, body: { title: 'x' } })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'params.tasklist', reason: 'required' },
    });
    expect(await call('api.call', { operation: 'TasksTasklistsInsert', body: { title: 42 } })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'body.title' },
    });
    expect(
      await call('api.call', { operation: 'TasksTasklistsDelete', params: { tasklist: 'x' }, body: { title: 'no' } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'body' },
    });

    const after = (await value('api.call', { operation: 'TasksTasklistsList' })) as { items: unknown[] };
    expect(after.items).toHaveLength(before.items.length);
  });

  it('maps API errors to IPC error codes with status and reason', async () => {
    const reply = await call('api.call', { operation: 'TasksTasklistsGet', params: { tasklist: 'no-such-list' } });
    expect(reply).toMatchObject({ ok: false, error: { code: 'notFound', status: 404, reason: 'notFound' } });
  });

  it('turns watch notifications of the embedded service into changed events', async () => {
    let mark = events.length;
    await value('api.call', {
      operation: 'CalendarEventsInsert',
      params: { calendarId: 'primary' },
      body: {
        summary: 'Dentist',
        start: { dateTime: '2030-01-02T10:00:00Z' },
        end: { dateTime: '2030-01-02T11:00:00Z' },
      },
    });
    await waitForEvent(changed('calendar', 'events:me@atrium.local'), mark);

    mark = events.length;
    await value('api.call', { operation: 'CalendarCalendarsInsert', body: { summary: 'Club' } });
    await waitForEvent(changed('calendar', 'calendarList'), mark);
  });

  it('watches Drive changes where the service offers DriveChangesWatch, and skips it silently where it answers 501', async () => {
    const probe = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
    const offered = await probe
      .callByName(
        'DriveChangesWatch',
        { pageToken: '1' },
        { id: 'probe-channel', type: 'web_hook', address: `${new URL(core.relay!.address).origin}/none` },
      )
      .then(async (channel) => {
        await probe.callByName(
          'DriveChannelsStop',
          {},
          { id: 'probe-channel', resourceId: (channel as { resourceId: string }).resourceId },
        );
        return true;
      })
      .catch((error: unknown) => !(error instanceof ApiCallError && error.status === 501));
    const mark = events.length;
    await value('api.call', {
      operation: 'DriveFilesCreate',
      body: { name: 'Plans', mimeType: 'application/vnd.google-apps.folder' },
    });
    if (offered) {
      await waitForEvent(changed('drive', 'changes'), mark);
    } else {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(events.slice(mark).filter((event) => event.type === 'changed' && event.area === 'drive')).toEqual([]);
    }
    expect(logged.filter((line) => line.startsWith('Could not watch'))).toEqual([]);
  });

  it("lets the local service deliver to the core's relay only", async () => {
    const probe = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
    const relayPort = new URL(core.relay!.address).port;
    const otherPort = String((Number(relayPort) % 60_000) + 1_024);
    for (const address of [
      `http://127.0.0.1:${otherPort}/hook`,
      `http://localhost:${relayPort}/notifications`,
      'https://hooks.example.com/calendar',
    ]) {
      const refused = await probe
        .callByName('CalendarCalendarListWatch', {}, { id: 'elsewhere', type: 'web_hook', address })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(ApiCallError);
      expect((refused as ApiCallError).status).toBe(400);
      expect((refused as ApiCallError).reason).toBe('push.webhookUrlUnauthorized');
    }
  });

  it('notices Tasks changes made outside the core by polling', async () => {
    const outside = new ApiClient({ baseUrl: core.serviceUrl, accessToken: () => core.localUser.token });
    let mark = events.length;
    const list = await outside.call('TasksTasklistsInsert', {}, { title: 'Elsewhere' });
    await waitForEvent(changed('tasks', 'tasklists'), mark);
    const listId = (list as { id: string }).id;
    mark = events.length;
    await outside.call('TasksTasksInsert', { tasklist: listId }, { title: 'Made elsewhere' });
    await waitForEvent(changed('tasks', `tasks:${listId}`), mark);
  });

  it('reuses the vault token and the data on the next start', async () => {
    const reopenedDir = await mkdtemp(join(tmpdir(), 'atrium-core-restart-'));
    const keep = new MemoryVault();
    try {
      const first = await createCore({ userDataDir: reopenedDir, vault: keep, host: 'browser', changeWatch: false });
      const made = (await first.dispatcher.dispatch('api.call', {
        operation: 'TasksTasklistsInsert',
        body: { title: 'Survives' },
      })) as IpcReply<{ id: string }>;
      await first.close();
      const second = await createCore({ userDataDir: reopenedDir, vault: keep, host: 'browser', changeWatch: false });
      try {
        expect(second.localUser.token).toBe(first.localUser.token);
        const reply = await second.dispatcher.dispatch('api.call', { operation: 'TasksTasklistsList' });
        expect(reply.ok && (reply.value as { items: { id: string }[] }).items.map((l) => l.id)).toContain(
          made.ok && made.value.id,
        );
      } finally {
        await second.close();
      }
    } finally {
      await rm(reopenedDir, { recursive: true, force: true });
    }
  });
});
