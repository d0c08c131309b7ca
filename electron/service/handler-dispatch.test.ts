import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from './http/api-error';
import { bindHandlers, defineHandlers, type ServiceArea } from './http/handler';
import { startEmbeddedService, type EmbeddedService } from './server';

/**
 * A module with hand-written handlers, to check what the framework does around any handler:
 * streaming uploads, raw responses, thrown errors, provisioning inside the user's transaction.
 */
const probe: ServiceArea = {
  migrations: {
    area: 'probe',
    migrations: [
      { version: 1, name: 'provisioned', up: (db) => db.exec('CREATE TABLE provisioned (user_id TEXT PRIMARY KEY)') },
    ],
  },
  create: (service) => ({
    handlers: bindHandlers(
      undefined,
      defineHandlers({
        CalendarColorsGet() {
          throw new Error('secret internal detail');
        },
        CalendarSettingsGet(ctx) {
          if (ctx.params.setting === 'taken') throw conflict('That one is taken.');
          return { body: { kind: 'calendar#setting', id: ctx.params.setting, value: ctx.user.email, etag: '"v1"' } };
        },
        async DriveFilesCreate(ctx) {
          let bytes = 0;
          if (ctx.upload) for await (const chunk of ctx.req as AsyncIterable<Buffer>) bytes += chunk.length;
          return {
            body: {
              kind: 'drive#file',
              id: 'f1',
              name: `${ctx.req.method} ${String(ctx.params.uploadType)} ${bytes}`,
              size: String(bytes),
            },
            headers: { 'X-Upload-Note': ctx.body === undefined ? 'body unread' : 'body read' },
          };
        },
        DriveFilesGet(ctx) {
          ctx.res.writeHead(200, { 'Content-Type': 'text/plain' });
          ctx.res.end(`content of ${ctx.params.fileId}`);
          return { sent: true };
        },
        TasksTasksClear() {
          return { status: 204 };
        },
      }),
    ),
    provisionUser(user) {
      service.store.prepare('INSERT INTO provisioned (user_id) VALUES (?)').run(user.id);
      if (user.email.startsWith('broken')) throw new Error('provisioning failed');
    },
    close() {},
  }),
};

describe('handler dispatch', () => {
  let dir: string;
  let service: EmbeddedService;
  const logged: string[] = [];
  const headers = { Authorization: 'Bearer t-1' };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-dispatch-'));
    service = await startEmbeddedService({
      dataDir: dir,
      modules: [probe],
      users: [{ email: 'me@atrium.local', token: 't-1', displayName: 'Me' }],
      log: (message) => logged.push(message),
    });
  });

  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a thrown non-API error is a 500 backendError that hides the cause and logs the stack', async () => {
    const response = await fetch(`${service.url}/calendar/v3/colors`, { headers });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({
      error: { code: 500, errors: [{ reason: 'backendError' }], status: 'INTERNAL' },
    });
    expect(logged.some((line) => line.includes('secret internal detail') && line.includes('CalendarColorsGet'))).toBe(
      true,
    );
  });

  it('a thrown ApiError is answered as is', async () => {
    const response = await fetch(`${service.url}/calendar/v3/users/me/settings/taken`, { headers });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: { code: 409, message: 'That one is taken.', errors: [{ reason: 'duplicate' }] },
    });
  });

  it('answers JSON with the ETag taken from the body', async () => {
    const response = await fetch(`${service.url}/calendar/v3/users/me/settings/timezone`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(await response.json()).toEqual({
      kind: 'calendar#setting',
      id: 'timezone',
      value: 'me@atrium.local',
      etag: '"v1"',
    });
  });

  it('leaves an upload body unread for the handler to stream', async () => {
    const content = Buffer.alloc(300_000, 7);
    const response = await fetch(`${service.url}/upload/drive/v3/files?uploadType=media`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      body: content,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upload-note')).toBe('body unread');
    expect(await response.json()).toMatchObject({ name: 'POST media 300000' });
  });

  it('routes a resumable session PUT to the operation that opened it, on its upload path', async () => {
    const response = await fetch(`${service.url}/upload/drive/v3/files?uploadType=resumable&upload_id=abc`, {
      method: 'PUT',
      headers,
      body: 'hello',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: 'PUT resumable 5' });
  });

  it('reads and validates the JSON body on the metadata path', async () => {
    const response = await fetch(`${service.url}/drive/v3/files`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'a.txt' }),
    });
    expect(response.headers.get('x-upload-note')).toBe('body read');
  });

  it('lets a handler write the response itself', async () => {
    const response = await fetch(`${service.url}/drive/v3/files/abc?alt=media`, { headers });
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('content of abc');
  });

  it('answers 204 with no body when the handler returns none', async () => {
    const response = await fetch(`${service.url}/tasks/v1/lists/l1/clear`, { method: 'POST', headers });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('an operation without a handler answers 501 notImplemented', async () => {
    const response = await fetch(`${service.url}/tasks/v1/users/@me/lists`, { headers });
    expect(response.status).toBe(501);
    expect(await response.json()).toMatchObject({
      error: { code: 501, errors: [{ domain: 'global', reason: 'notImplemented' }], status: 'UNIMPLEMENTED' },
    });
  });

  it('provisions a new user in the same transaction that creates it', () => {
    const db = service.context.store.db;
    const me = db.prepare<[], { id: string }>("SELECT id FROM users WHERE email = 'me@atrium.local'").get()!;
    expect(db.prepare('SELECT user_id FROM provisioned').all()).toEqual([{ user_id: me.id }]);

    expect(() => service.addUser({ email: 'broken@atrium.local', token: 'broken-token' })).toThrow(
      'provisioning failed',
    );
    expect(db.prepare("SELECT COUNT(*) AS n FROM users WHERE email = 'broken@atrium.local'").get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM tokens').get()).toEqual({ n: 1 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM provisioned').get()).toEqual({ n: 1 });

    // A known email is not provisioned again; its new token works.
    service.addUser({ email: 'me@atrium.local', token: 't-2' });
    expect(db.prepare('SELECT COUNT(*) AS n FROM provisioned').get()).toEqual({ n: 1 });
  });

  it('refuses handlers for operations outside the registry, or given twice', async () => {
    const stray: ServiceArea = {
      migrations: { area: 'stray', migrations: [] },
      create: () => ({
        handlers: bindHandlers(
          undefined,
          defineHandlers({
            // @ts-expect-error not an operation of the registry; the service refuses it when it starts too
            CalendarEventsTeleport: () => ({}),
          }),
        ),
        close() {},
      }),
    };
    await expect(startEmbeddedService({ dataDir: dir, modules: [stray] })).rejects.toThrow(/unknown operation/);
    await expect(
      startEmbeddedService({
        dataDir: dir,
        modules: [probe, { ...probe, migrations: { area: 'p2', migrations: [] } }],
      }),
    ).rejects.toThrow(/Two handlers/);
  });
});
