import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindHandlers, defineHandlers, type ServiceArea } from './http/handler';
import { startEmbeddedService, type EmbeddedService } from './server';

let dir: string;
let service: EmbeddedService;
const token = 'group-commit-token';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atrium-service-group-commit-'));
  service = await startEmbeddedService({
    dataDir: dir,
    users: [{ email: 'gc@atrium.local', token }],
    groupCommit: true,
  });
});
afterAll(async () => {
  await service?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('service with group commit', () => {
  it('answers concurrent writes, each visible to another connection when it is answered', async () => {
    const reader = new Database(join(dir, 'atrium.sqlite'), { readonly: true });
    try {
      const seen = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const response = await fetch(`${service.url}/tasks/v1/users/@me/lists`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ title: `List ${i}` }),
          });
          expect(response.status).toBe(200);
          const { id } = (await response.json()) as { id: string };
          // Read at the moment of the answer, from outside the service's connection.
          return reader.prepare('SELECT count(*) AS n FROM tasks_lists WHERE id = ?').get(id) as { n: number };
        }),
      );
      expect(seen).toEqual(Array.from({ length: 10 }, () => ({ n: 1 })));
    } finally {
      reader.close();
    }
  });

  it('keeps a rejected write out and the others of its group in', async () => {
    const post = (body: string) =>
      fetch(`${service.url}/tasks/v1/users/@me/lists`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
    const [good, bad] = await Promise.all([post(JSON.stringify({ title: 'Good' })), post('{"title": 5}')]);
    expect(good.status).toBe(200);
    expect(bad.status).toBe(400);
    const lists = (await (
      await fetch(`${service.url}/tasks/v1/users/@me/lists?maxResults=100`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { items: { title: string }[] };
    expect(lists.items.map((l) => l.title)).toContain('Good');
    expect(lists.items.map((l) => l.title)).not.toContain('5');
  });
});

describe('a group commit that fails', () => {
  it('answers 500 to every request of the group, keeps none of their writes, and reports the failure', async () => {
    let wroteOrphan!: () => void;
    const orphanWritten = new Promise<void>((resolve) => (wroteOrphan = resolve));
    const failDir = mkdtempSync(join(tmpdir(), 'atrium-service-group-commit-fail-'));
    // A deferred foreign key is checked at COMMIT: a write that violates it makes the group's commit fail.
    const probe: ServiceArea = {
      migrations: {
        area: 'probe',
        migrations: [
          {
            version: 1,
            name: 'probe',
            up: (db) =>
              db.exec(`CREATE TABLE probe_parents (id TEXT PRIMARY KEY);
                CREATE TABLE probe_children (id TEXT PRIMARY KEY,
                  parent TEXT REFERENCES probe_parents(id) DEFERRABLE INITIALLY DEFERRED)`),
          },
        ],
      },
      create: () => ({
        handlers: bindHandlers(
          undefined,
          defineHandlers({
            CalendarColorsGet: async (ctx) => {
              const orphan = ctx.headers['x-orphan'] === '1';
              const id = String(ctx.headers['x-id']);
              // The fine write waits for the orphan's, so both join one group (the same turn of the event loop).
              if (!orphan && ctx.headers['x-wait'] === '1') await orphanWritten;
              ctx.service.store.transaction(() =>
                ctx.service.store
                  .prepare('INSERT INTO probe_children (id, parent) VALUES (?, ?)')
                  .run(id, orphan ? 'missing' : null),
              );
              if (orphan) wroteOrphan();
              return { body: { kind: 'calendar#colors', id } };
            },
          }),
        ),
        close() {},
      }),
    };
    const failures: unknown[] = [];
    const failing = await startEmbeddedService({
      dataDir: failDir,
      users: [{ email: 'gc@atrium.local', token }],
      modules: [probe],
      groupCommit: true,
      onCommitFailure: (error) => failures.push(error),
      log: () => {},
    });
    try {
      const call = (id: string, orphan: boolean) =>
        fetch(`${failing.url}/calendar/v3/colors`, {
          headers: { Authorization: `Bearer ${token}`, 'x-id': id, 'x-orphan': orphan ? '1' : '0', 'x-wait': '1' },
        });
      const answers = await Promise.all([call('fine', false), call('orphan', true)]);
      expect(answers.map((a) => a.status)).toEqual([500, 500]);
      expect(failures).toHaveLength(1);
      expect(String(failures[0])).toMatch(/FOREIGN KEY/);
      const rows = failing.context.store.prepare('SELECT id FROM probe_children').all();
      expect(rows).toEqual([]);

      // The next group commits as usual.
      const later = await fetch(`${failing.url}/calendar/v3/colors`, {
        headers: { Authorization: `Bearer ${token}`, 'x-id': 'later', 'x-orphan': '0' },
      });
      expect(later.status).toBe(200);
      expect(failing.context.store.prepare('SELECT id FROM probe_children').all()).toEqual([{ id: 'later' }]);
    } finally {
      await failing.close();
      rmSync(failDir, { recursive: true, force: true });
    }
  });
});
