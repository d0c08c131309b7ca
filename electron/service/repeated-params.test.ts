import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from './server';

/**
 * A single-valued parameter given more than once is read the same way in every area: the first
 * occurrence counts and later ones are ignored, even malformed. Each case lists a collection of
 * two items with a page-size parameter given twice.
 */
const collections = [
  { area: 'Calendar', path: '/calendar/v3/users/me/calendarList', size: 'maxResults', items: 'items' },
  { area: 'Tasks', path: '/tasks/v1/users/@me/lists', size: 'maxResults', items: 'items' },
  { area: 'Drive', path: '/drive/v3/files', size: 'pageSize', items: 'files' },
] as const;

describe('a single-valued parameter given twice', () => {
  let dir: string;
  let service: EmbeddedService;
  const headers = { Authorization: 'Bearer t-1', 'Content-Type': 'application/json' };

  const post = async (path: string, body: object): Promise<void> => {
    const response = await fetch(service.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'atrium-repeated-'));
    service = await startEmbeddedService({
      dataDir: dir,
      users: [{ email: 'me@atrium.local', token: 't-1', displayName: 'Me' }],
      log: () => undefined,
    });
    // Each collection holds two items: the provisioned one and one more.
    await post('/calendar/v3/calendars', { summary: 'Second' });
    await post('/tasks/v1/users/@me/lists', { title: 'Second' });
    await post('/drive/v3/files', { name: 'one.txt' });
    await post('/drive/v3/files', { name: 'two.txt' });
  });

  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async (path: string, query: string) => {
    const response = await fetch(`${service.url}${path}?${query}`, { headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  for (const c of collections) {
    it(`${c.area}: the first occurrence counts`, async () => {
      const first = await list(c.path, `${c.size}=1&${c.size}=5`);
      expect(first.status).toBe(200);
      expect(first.body[c.items]).toHaveLength(1);
      expect(first.body['nextPageToken']).toEqual(expect.any(String));

      const other = await list(c.path, `${c.size}=5&${c.size}=1`);
      expect(other.status).toBe(200);
      expect(other.body[c.items]).toHaveLength(2);
    });

    it(`${c.area}: a malformed later occurrence is ignored, a malformed first one refused`, async () => {
      const later = await list(c.path, `${c.size}=1&${c.size}=many`);
      expect(later.status).toBe(200);
      expect(later.body[c.items]).toHaveLength(1);

      const first = await list(c.path, `${c.size}=many&${c.size}=1`);
      expect(first.status).toBe(400);
      expect(first.body).toMatchObject({
        error: { code: 400, errors: [{ reason: 'invalid', location: c.size, locationType: 'parameter' }] },
      });
    });

    it(`${c.area}: a repeated system parameter takes its first occurrence too`, async () => {
      const response = await list(c.path, `fields=kind&fields=${c.items}`);
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['kind']);
    });
  }
});
