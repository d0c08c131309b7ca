import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auth, tasks } from '@googleapis/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from './server';
import { databaseDigest } from './store/database-digest';

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

async function call(
  service: EmbeddedService,
  method: string,
  path: string,
  options: { token?: string | null; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? 'alice-token' : options.token;
  if (token !== null) headers['Authorization'] = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(service.url + path, { method, headers, body: options.body });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Google's error shape, with the first error's reason (and location when given). */
function expectGoogleError(answer: Answer, code: number, reason: string, location?: string): void {
  expect(answer.status).toBe(code);
  expect(answer.headers.get('content-type')).toBe('application/json; charset=UTF-8');
  const body = answer.json as {
    error: { code: number; message: string; status: string; errors: Record<string, string>[] };
  };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(typeof body.error.status).toBe('string');
  expect(body.error.errors).toHaveLength(1);
  expect(body.error.errors[0]).toMatchObject({ domain: 'global', reason, message: body.error.message });
  if (location !== undefined) expect(body.error.errors[0]!.location).toBe(location);
}

describe('embedded service HTTP framework', () => {
  let dir: string;
  let service: EmbeddedService;
  let listId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-server-'));
    service = await startEmbeddedService({
      dataDir: dir,
      port: 0,
      users: [
        { email: 'alice@example.com', token: 'alice-token', displayName: 'Alice' },
        { email: 'bob@example.com', token: 'bob-token' },
      ],
    });
    const created = await call(service, 'POST', '/tasks/v1/users/@me/lists', {
      body: JSON.stringify({ title: 'Errands' }),
    });
    expect(created.status).toBe(200);
    listId = (created.json as { id: string }).id;
  });

  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('rejected requests answer Google-shaped errors and change nothing', () => {
    let before: string;
    beforeAll(() => {
      before = databaseDigest(service.context.store);
    });
    afterAll(() => {
      expect(databaseDigest(service.context.store)).toBe(before);
    });

    it('unknown path: 404', async () => {
      expectGoogleError(await call(service, 'GET', '/calendar/v3/nowhere'), 404, 'notFound');
      expectGoogleError(await call(service, 'GET', '/'), 404, 'notFound');
      expectGoogleError(await call(service, 'GET', '/tasks/v1/users/@me/lists/%E0%A4%A'), 404, 'notFound');
    });

    it('known path, wrong method: 405 with Allow', async () => {
      const answer = await call(service, 'PUT', '/tasks/v1/users/@me/lists');
      expectGoogleError(answer, 405, 'httpMethodNotAllowed');
      expect(answer.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'POST']);
    });

    it('missing, malformed or unknown bearer token: 401, before parameters or body are looked at', async () => {
      const attempts: Record<string, string>[] = [
        {},
        { Authorization: 'Bearer nope' },
        { Authorization: 'Basic YWxpY2U6eA==' },
      ];
      for (const headers of attempts) {
        const answer = await call(service, 'POST', '/tasks/v1/users/@me/lists?bogus=1', {
          token: null,
          headers,
          body: '{bad',
        });
        expectGoogleError(answer, 401, 'authError', 'Authorization');
        expect((answer.json as { error: { message: string } }).error.message).toMatch(
          /^Request had invalid authentication credentials/,
        );
        expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      }
    });

    it('missing required parameter: 400 naming it', async () => {
      const answer = await call(service, 'POST', '/calendar/v3/calendars/primary/events/abc/move');
      expectGoogleError(answer, 400, 'required', 'destination');
      expect((answer.json as { error: { message: string } }).error.message).toContain('destination');
    });

    it('bad or unknown parameter: 400 naming it', async () => {
      expectGoogleError(
        await call(service, 'GET', '/tasks/v1/users/@me/lists?maxResults=many'),
        400,
        'invalid',
        'maxResults',
      );
      expectGoogleError(
        // Of a parameter given twice the first occurrence is the one read (see repeated-params.test.ts).
        await call(service, 'GET', '/tasks/v1/users/@me/lists?maxResults=many&maxResults=2'),
        400,
        'invalid',
        'maxResults',
      );
      expectGoogleError(
        await call(service, 'GET', '/tasks/v1/users/@me/lists?colour=red'),
        400,
        'invalidParameter',
        'colour',
      );
      expectGoogleError(
        await call(service, 'GET', '/tasks/v1/users/@me/lists?__proto__=x'),
        400,
        'invalidParameter',
        '__proto__',
      );
    });

    it('alt other than json, or media where the operation has no content: 400', async () => {
      expectGoogleError(
        await call(service, 'GET', '/tasks/v1/users/@me/lists?alt=media'),
        400,
        'invalidParameter',
        'alt',
      );
      expectGoogleError(
        await call(service, 'GET', '/tasks/v1/users/@me/lists?alt=proto'),
        400,
        'invalidParameter',
        'alt',
      );
      expect((await call(service, 'GET', '/tasks/v1/users/@me/lists?alt=json')).status).toBe(200);
    });

    it('malformed JSON body: 400 parseError', async () => {
      const answer = await call(service, 'POST', '/tasks/v1/users/@me/lists', { body: '{"title": "Half' });
      expectGoogleError(answer, 400, 'parseError');
    });

    it('body with wrong types: 400 naming the field', async () => {
      const answer = await call(service, 'POST', '/tasks/v1/users/@me/lists', { body: JSON.stringify({ title: 5 }) });
      expectGoogleError(answer, 400, 'invalid', 'title');
      expect((answer.json as { error: { message: string } }).error.message).toContain("'title'");
      const notObject = await call(service, 'POST', '/tasks/v1/users/@me/lists', { body: '[1,2]' });
      expectGoogleError(notObject, 400, 'invalid');
    });

    it('body over the JSON limit: 413, answered without reading it', async () => {
      // Announce 17 MB but send only a little: the answer must come from the declared length alone.
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = request(`${service.url}/tasks/v1/users/@me/lists`, {
          method: 'POST',
          headers: {
            Authorization: 'Bearer alice-token',
            'Content-Type': 'application/json',
            'Content-Length': 17 * 1024 * 1024,
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            req.destroy();
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              if (typeof value === 'string') headers.set(name, value);
            resolve({ status: res.statusCode ?? 0, headers, text, json: JSON.parse(text) as unknown });
          });
        });
        req.on('error', reject);
        req.write('{"title":"');
      });
      expectGoogleError(answer, 413, 'requestTooLarge');
      expect(answer.headers.get('connection')).toBe('close');
    });

    it('unknown fields selection: 400 invalidParameter on fields', async () => {
      const answer = await call(service, 'GET', '/tasks/v1/users/@me/lists?fields=items(title,colour)');
      expectGoogleError(answer, 400, 'invalidParameter', 'fields');
      expect((answer.json as { error: { message: string } }).error.message).toContain('items/colour');
      expectGoogleError(
        await call(service, 'GET', '/tasks/v1/users/@me/lists?fields=items(title'),
        400,
        'invalidParameter',
        'fields',
      );
    });

    it('upload path without a valid uploadType: 400', async () => {
      const answer = await call(service, 'POST', '/upload/drive/v3/files?uploadType=chunked', { body: 'content' });
      expectGoogleError(answer, 400, 'invalid', 'uploadType');
      const missing = await call(service, 'POST', '/upload/drive/v3/files', { body: 'content' });
      expectGoogleError(missing, 400, 'badRequest', 'uploadType');
    });
  });

  it('official client: partial response with fields, ETag header, bearer from OAuth2 credentials', async () => {
    const oauth = new auth.OAuth2();
    oauth.setCredentials({ access_token: 'alice-token' });
    const client = tasks({ version: 'v1', rootUrl: `${service.url}/`, auth: oauth });
    const full = await client.tasklists.list();
    expect(full.data.items?.map((l) => l.title)).toContain('Errands');
    expect(new Headers(full.headers as unknown as ConstructorParameters<typeof Headers>[0]).get('etag')).toBe(
      full.data.etag,
    );

    const partial = await client.tasklists.list({ fields: 'items(id,title)' });
    expect(Object.keys(partial.data)).toEqual(['items']);
    for (const item of partial.data.items ?? []) expect(Object.keys(item).sort()).toEqual(['id', 'title']);

    const slash = await client.tasklists.get({ tasklist: listId, fields: 'kind,title' });
    expect(slash.data).toEqual({ kind: 'tasks#taskList', title: 'Errands' });
    const whole = await client.tasklists.get({ tasklist: listId });
    expect(new Headers(slash.headers as unknown as ConstructorParameters<typeof Headers>[0]).get('etag')).toBe(
      whole.data.etag,
    );
  });

  it('prettyPrint=true indents; default is compact', async () => {
    const pretty = await call(service, 'GET', `/tasks/v1/users/@me/lists/${listId}?prettyPrint=true`);
    expect(pretty.text).toContain('\n  "');
    const compact = await call(service, 'GET', `/tasks/v1/users/@me/lists/${listId}`);
    expect(compact.text).not.toContain('\n');
    expect(pretty.json).toEqual(compact.json);
  });

  it('answers 304 to a GET whose If-None-Match is the current ETag', async () => {
    const first = await call(service, 'GET', `/tasks/v1/users/@me/lists/${listId}`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await call(service, 'GET', `/tasks/v1/users/@me/lists/${listId}`, {
      headers: { 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('access_token query parameter authenticates like the header', async () => {
    const answer = await call(service, 'GET', `/tasks/v1/users/@me/lists?access_token=bob-token`, { token: null });
    expect(answer.status).toBe(200);
  });

  it('deletes answer 204 without a body', async () => {
    const created = await call(service, 'POST', '/tasks/v1/users/@me/lists', {
      body: JSON.stringify({ title: 'Temp' }),
    });
    const id = (created.json as { id: string }).id;
    const deleted = await call(service, 'DELETE', `/tasks/v1/users/@me/lists/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(deleted.headers.get('content-type')).toBeNull();
  });

  it('addUser is idempotent by email and adds the token', async () => {
    const again = service.addUser({ email: 'Alice@Example.com', token: 'alice-second-token' });
    expect(again.email).toBe('alice@example.com');
    const withNew = await call(service, 'GET', '/tasks/v1/users/@me/lists', { token: 'alice-second-token' });
    const withOld = await call(service, 'GET', '/tasks/v1/users/@me/lists');
    expect(withNew.json).toEqual(withOld.json);
    expect(() => service.addUser({ email: 'carol@example.com', token: 'alice-token' })).toThrow(/another user/);
    const rows = service.context.store.db.prepare('SELECT email FROM users ORDER BY email').all();
    expect(rows).toEqual([{ email: 'alice@example.com' }, { email: 'bob@example.com' }]);
  });

  it('keeps users apart: each token sees its own data', async () => {
    const bobs = await call(service, 'GET', '/tasks/v1/users/@me/lists', { token: 'bob-token' });
    const titles = (bobs.json as { items: { title: string }[] }).items.map((l) => l.title);
    expect(titles).not.toContain('Errands');
  });
});
