import { describe, expect, it } from 'vitest';
import { createIpcClient } from './client';
import type { IpcEvent } from './contract';
import { createIpcDispatcher } from './dispatcher';
import { ReplyWithMeta, type IpcHandlers } from './dispatcher';
import { IpcCallError } from './errors';
import { createFramedClientTransport } from './framed-client';
import type { FramedClientTransport } from './framed-client';
import { serveFramedConnection } from './framed-host';
import type { FramedHostConnection } from './framed-host';

/** shared/ has no timer globals: frames are delivered on later microtasks instead. */
const defer = (work: () => void): void => void Promise.resolve().then(work);
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const calls: { method: string; input: unknown }[] = [];

const handlers: IpcHandlers = {
  'app.info': () => ({ version: '1.2.3', host: 'browser', platform: 'test' }),
  'accounts.list': () => {
    throw new Error('database is locked');
  },
  'api.call': (input) => {
    calls.push({ method: 'api.call', input });
    if (input.operation === 'Missing') {
      throw new IpcCallError({ code: 'notFound', message: 'Not Found', status: 404, reason: 'notFound' });
    }
    if (input.operation === 'Nothing') return undefined;
    if (input.operation === 'Mirrored')
      return new ReplyWithMeta({ items: [] }, { freshness: { source: 'mirror', offline: true, syncedAt: 'then' } });
    return { echoed: input.params };
  },
  'files.uploadStart': () => ({ upload: 'u1' }),
  'files.uploadChunk': (input) => ({ received: input.offset }),
  'files.uploadStatus': () => ({ received: 0 }),
  'files.uploadCancel': () => ({}),
  'files.thumbnail': () => null,
  'files.activity': () => ({ entries: [] }),
  'files.download': (input) => ({ kind: 'link', url: `/downloads/${input.fileId}` }),
  'accounts.signIn': () => ({ flow: 'f1', authorizationUrl: 'https://example.test/auth', opened: false }),
  'accounts.cancelSignIn': () => ({ cancelled: false }),
  'accounts.switch': (input) => ({ accounts: [], active: input.account }),
  'accounts.rename': (input) => ({ accounts: [], active: input.account }),
  'accounts.setOverlay': (input) => ({ accounts: [], active: input.account }),
  'accounts.remove': (input) => ({ accounts: [], active: input.account, revoked: true }),
  'vault.status': () => ({ backend: 'memory', persistent: false, warning: 'memory only' }),
  'app.focus': () => ({}),
  'calendar.applySeriesEdit': (input) => ({ results: input.steps.map((step) => ({ summary: step.op })), undo: [] }),
  'tasks.moveToList': (input) => ({ task: { id: input.task } }),
  'offline.status': () => ({ accounts: [] }),
  'offline.pending': () => ({ changes: [] }),
  'offline.pendingResources': () => ({ resources: [] }),
  'offline.retryNow': () => ({ pending: 0 }),
  'offline.discard': () => ({ discarded: false }),
  'offline.conflicts': () => ({ conflicts: [] }),
  'offline.resolve': () => ({ resolved: false }),
};

/** A client and host wired through an in-memory "connection" that delivers frames asynchronously. */
function connectInMemory(): { transport: FramedClientTransport; host: FramedHostConnection; framesToHost: string[] } {
  const transport = createFramedClientTransport();
  const framesToHost: string[] = [];
  const dispatcher = createIpcDispatcher(handlers);
  const host = serveFramedConnection(dispatcher, (frame) => defer(() => transport.receive(frame)));
  transport.connected({
    send(frame) {
      framesToHost.push(frame);
      defer(() => void host.receive(frame));
    },
  });
  return { transport, host, framesToHost };
}

describe('IPC dispatcher and client over a framed in-memory transport', () => {
  it('round-trips a call and types its output', async () => {
    const client = createIpcClient(connectInMemory().transport);
    const info = await client.invoke('app.info', {});
    expect(info).toEqual({ version: '1.2.3', host: 'browser', platform: 'test' });
  });

  it('applies input defaults before the handler runs', async () => {
    const client = createIpcClient(connectInMemory().transport);
    const answer = await client.invoke('api.call', { operation: 'CalendarEventsList' });
    expect(answer).toEqual({ echoed: {} });
  });

  it('carries an undefined answer (a 204) across the JSON frames', async () => {
    const client = createIpcClient(connectInMemory().transport);
    expect(await client.invoke('api.call', { operation: 'Nothing' })).toBeUndefined();
  });

  it('carries reply metadata beside the value, not inside it', async () => {
    const client = createIpcClient(connectInMemory().transport);
    const answer = await client.invokeWithMeta('api.call', { operation: 'Mirrored' });
    expect(answer).toEqual({
      value: { items: [] },
      meta: { freshness: { source: 'mirror', offline: true, syncedAt: 'then' } },
    });
    expect(await client.invoke('api.call', { operation: 'Mirrored' })).toEqual({ items: [] });
    expect(await client.invokeWithMeta('app.info', {})).not.toHaveProperty('meta');
  });

  it('refuses an unknown method with unknownMethod', async () => {
    const { transport } = connectInMemory();
    const reply = await transport.invoke('nope.never', {});
    expect(reply).toEqual({
      ok: false,
      error: { code: 'unknownMethod', message: expect.stringContaining('nope.never') },
    });
  });

  it('refuses invalid input naming the field, without running the handler', async () => {
    const client = createIpcClient(connectInMemory().transport);
    const before = calls.length;
    const error = await client
      .invoke('api.call', { operation: 'X', params: 'not-an-object' as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpcCallError);
    expect(error).toMatchObject({ code: 'invalidInput', location: 'params' });
    expect((error as IpcCallError).message).toContain('"params"');
    expect(calls.length).toBe(before);
  });

  it('names nested fields of invalid input', async () => {
    const dispatcher = createIpcDispatcher(handlers);
    const reply = await dispatcher.dispatch('files.uploadStart', { metadata: {}, size: 'seven' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalidInput', location: 'size' } });
    const strict = await dispatcher.dispatch('app.info', { extra: true });
    expect(strict).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('passes an IpcCallError thrown by a handler through with its fields', async () => {
    const client = createIpcClient(connectInMemory().transport);
    const error = await client.invoke('api.call', { operation: 'Missing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IpcCallError);
    expect(error).toMatchObject({ code: 'notFound', status: 404, reason: 'notFound', message: 'Not Found' });
  });

  it('turns any other handler failure into an internal error envelope', async () => {
    const internal: unknown[] = [];
    const dispatcher = createIpcDispatcher(handlers, { onInternalError: (_m, e) => internal.push(e) });
    const reply = await dispatcher.dispatch('accounts.list', {});
    expect(reply).toEqual({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining('database is locked') },
    });
    expect(internal).toHaveLength(1);
  });

  it('refuses a handler answer that breaks the output contract', async () => {
    const dispatcher = createIpcDispatcher({ ...handlers, 'app.info': () => ({ version: 1 }) as never });
    const reply = await dispatcher.dispatch('app.info', {});
    expect(reply).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('answers a malformed frame that carries an id instead of leaving the caller waiting', async () => {
    const sent: string[] = [];
    const host = serveFramedConnection(createIpcDispatcher(handlers), (frame) => sent.push(frame));
    await host.receive(JSON.stringify({ type: 'call', id: 9, method: 42 }));
    await host.receive('not json at all');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? '')).toMatchObject({
      type: 'reply',
      id: 9,
      reply: { ok: false, error: { code: 'invalidInput' } },
    });
  });

  it('trims account names and refuses empty ones before the handler runs', async () => {
    const dispatcher = createIpcDispatcher(handlers);
    expect(await dispatcher.dispatch('accounts.rename', { account: 'local', displayName: '   ' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'displayName' },
    });
    expect(await dispatcher.dispatch('accounts.switch', { account: '' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'account' },
    });
    expect(await dispatcher.dispatch('app.focus', { focused: 'yes' })).toMatchObject({
      ok: false,
      error: { code: 'invalidInput', location: 'focused' },
    });
  });

  it('refuses download names that are paths, empty, too long or hold control characters', async () => {
    const dispatcher = createIpcDispatcher(handlers);
    for (const fileName of [
      '',
      '../secret',
      'a/b.txt',
      'a\\b.txt',
      '.',
      '..',
      'x'.repeat(256),
      'line\nbreak',
      'nul\u0000',
    ]) {
      const reply = await dispatcher.dispatch('files.download', { fileId: 'f1', fileName });
      expect(reply, JSON.stringify(fileName)).toMatchObject({
        ok: false,
        error: { code: 'invalidInput', location: 'fileName' },
      });
    }
    expect(await dispatcher.dispatch('files.download', { fileId: 'f1', fileName: 'Report (final) — v2.pdf' })).toEqual({
      ok: true,
      value: { kind: 'link', url: '/downloads/f1' },
    });
    expect(await dispatcher.dispatch('files.download', { fileId: 'f1', fileName: 'x'.repeat(255) })).toMatchObject({
      ok: true,
    });
    expect(
      await dispatcher.dispatch('files.download', {
        fileId: 'f1',
        fileName: 'a.pdf',
        revisionId: 'r1',
        exportMimeType: 'application/pdf',
      }),
    ).toMatchObject({ ok: false, error: { code: 'invalidInput', location: 'exportMimeType' } });
    expect(
      await dispatcher.dispatch('files.download', { fileId: 'f1', fileName: 'a.pdf', path: '/etc/passwd' }),
    ).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('refuses a download answer outside the outcome union', async () => {
    const dispatcher = createIpcDispatcher({
      ...handlers,
      'files.download': () => ({ kind: 'saved', path: '/tmp/x' }) as never,
    });
    expect(await dispatcher.dispatch('files.download', { fileId: 'f1', fileName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('carries the extended events (change ids, accounts, sign-in outcomes, routes) through the frames', async () => {
    const { transport, host } = connectInMemory();
    const client = createIpcClient(transport);
    const seen: IpcEvent[] = [];
    client.onEvent((event) => seen.push(event));
    const events: IpcEvent[] = [
      { type: 'changed', account: 'local', collection: 'events', key: 'me@atrium.local', ids: ['e1', 'e2'] },
      { type: 'changed', account: 'local', collection: 'changes', full: true },
      {
        type: 'accounts',
        accounts: [
          { id: 'local', kind: 'local', email: 'me@atrium.local', displayName: 'Me', state: 'ok', overlay: false },
        ],
        active: 'local',
      },
      { type: 'signIn', flow: 'f1', outcome: 'failed', message: 'declined' },
      { type: 'navigate', route: { kind: 'event', calendarId: 'primary', eventId: 'e1', account: 'local' } },
    ];
    for (const event of events) host.pushEvent(event);
    transport.receive(JSON.stringify({ type: 'event', event: { type: 'navigate', route: { kind: 'somewhere' } } }));
    await settle();
    expect(seen).toEqual(events);
  });

  it('delivers pushed events to subscribers until they unsubscribe', async () => {
    const { transport, host } = connectInMemory();
    const client = createIpcClient(transport);
    const seen: IpcEvent[] = [];
    const unsubscribe = client.onEvent((event) => seen.push(event));
    const event: IpcEvent = { type: 'changed', account: 'local', collection: 'tasklists' };
    host.pushEvent(event);
    await settle();
    unsubscribe();
    host.pushEvent(event);
    await settle();
    expect(seen).toEqual([event]);
  });

  it('matches replies to calls by id when answers arrive out of order', async () => {
    const transport = createFramedClientTransport();
    const sent: { id: number; method: string }[] = [];
    transport.connected({ send: (frame) => sent.push(JSON.parse(frame) as { id: number; method: string }) });
    const first = transport.invoke('app.info', {});
    const second = transport.invoke('accounts.list', {});
    const [a, b] = sent;
    transport.receive(JSON.stringify({ type: 'reply', id: b?.id, reply: { ok: true, value: 'second' } }));
    transport.receive(JSON.stringify({ type: 'reply', id: a?.id, reply: { ok: true, value: 'first' } }));
    expect(await first).toEqual({ ok: true, value: 'first' });
    expect(await second).toEqual({ ok: true, value: 'second' });
    expect(transport.pendingCount()).toBe(0);
  });

  it('ends a call whose reply cannot be read', async () => {
    const transport = createFramedClientTransport();
    const sent: { id: number }[] = [];
    transport.connected({ send: (frame) => sent.push(JSON.parse(frame) as { id: number }) });
    const call = transport.invoke('app.info', {});
    transport.receive(
      JSON.stringify({ type: 'reply', id: sent[0]?.id, reply: { ok: false, error: { code: 'no-such-code' } } }),
    );
    expect(await call).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('holds calls made while disconnected and answers sent calls unavailable when the connection drops', async () => {
    const transport = createFramedClientTransport();
    const sent: string[] = [];
    transport.connected({ send: (frame) => sent.push(frame) });
    const inFlight = transport.invoke('app.info', {});
    transport.disconnected();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'unavailable' } });

    const queued = transport.invoke('app.info', {});
    expect(sent).toHaveLength(1);
    const resent: string[] = [];
    transport.connected({ send: (frame) => resent.push(frame) });
    expect(resent).toHaveLength(1);
    const { id } = JSON.parse(resent[0] ?? '{}') as { id: number };
    transport.receive(JSON.stringify({ type: 'reply', id, reply: { ok: true, value: 42 } }));
    expect(await queued).toEqual({ ok: true, value: 42 });
  });
});
