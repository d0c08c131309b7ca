import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tasks, type tasks_v1 } from '@googleapis/tasks';
import { expect } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from '../server';
import { tasksModule } from '.';

/** A running service with only the Tasks area, and official clients for its users. */
export interface TasksTestService {
  service: EmbeddedService;
  /** Client for me@atrium.local. */
  api: tasks_v1.Tasks;
  /** Client for a second user, bob@example.com. */
  bob: tasks_v1.Tasks;
  url: string;
  /** The service clock; tests set it. */
  clock: { now: Date };
  close(): Promise<void>;
}

export function clientFor(url: string, token: string): tasks_v1.Tasks {
  return tasks({ version: 'v1', rootUrl: `${url}/`, headers: { Authorization: `Bearer ${token}` }, retry: false });
}

export async function startTasksService(): Promise<TasksTestService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-tasks-'));
  const clock = { now: new Date('2024-05-01T10:00:00.000Z') };
  const service = await startEmbeddedService({
    dataDir,
    port: 0,
    modules: [tasksModule],
    now: () => new Date(clock.now),
    users: [
      { email: 'me@atrium.local', token: 'me-token', displayName: 'Me' },
      { email: 'bob@example.com', token: 'bob-token', displayName: 'Bob' },
    ],
    log: () => undefined,
  });
  return {
    service,
    url: service.url,
    api: clientFor(service.url, 'me-token'),
    bob: clientFor(service.url, 'bob-token'),
    clock,
    async close() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    status: string;
    errors: { reason: string; message: string; domain: string }[];
  };
}

/** Awaits a call that must fail with a Google-shaped error of this status (and reason, when given). */
export async function expectApiError(
  call: Promise<unknown>,
  status: number,
  reason?: string,
): Promise<GoogleErrorBody['error']> {
  const failure = await call.then(
    () => {
      throw new Error(`expected HTTP ${status}, the call succeeded`);
    },
    (error: unknown) => error as { status?: number; response?: { status: number; data: GoogleErrorBody } },
  );
  expect(failure.response?.status ?? failure.status).toBe(status);
  const body = failure.response?.data;
  expect(body?.error.code).toBe(status);
  expect(body?.error.message).toEqual(expect.any(String));
  expect(body?.error.errors[0]?.domain).toBe('global');
  if (reason) expect(body?.error.errors[0]?.reason).toBe(reason);
  return body!.error;
}

/** Inserts tasks one after another at the top level (each after the previous), returning them in order. */
export async function insertInOrder(
  api: tasks_v1.Tasks,
  tasklist: string,
  titles: readonly string[],
  parent?: string,
): Promise<tasks_v1.Schema$Task[]> {
  const out: tasks_v1.Schema$Task[] = [];
  for (const title of titles) {
    const previous = out.at(-1)?.id ?? undefined;
    const { data } = await api.tasks.insert({
      tasklist,
      ...(parent ? { parent } : {}),
      ...(previous ? { previous } : {}),
      requestBody: { title },
    });
    out.push(data);
  }
  return out;
}

/** Every task of a list (all pages), as the service orders them. */
export async function listAll(
  api: tasks_v1.Tasks,
  tasklist: string,
  params: Omit<tasks_v1.Params$Resource$Tasks$List, 'tasklist'> = {},
): Promise<tasks_v1.Schema$Task[]> {
  const out: tasks_v1.Schema$Task[] = [];
  let pageToken: string | undefined;
  do {
    const { data } = await api.tasks.list({
      tasklist,
      maxResults: 100,
      ...params,
      ...(pageToken ? { pageToken } : {}),
    });
    out.push(...(data.items ?? []));
    pageToken = data.nextPageToken ?? undefined;
  } while (pageToken);
  return out;
}

/** The list as an outline: titles indented by depth, siblings ordered by their position strings. */
export function outline(items: readonly tasks_v1.Schema$Task[]): string[] {
  const byParent = new Map<string, tasks_v1.Schema$Task[]>();
  for (const t of items) {
    const key = t.parent ?? '';
    byParent.set(key, [...(byParent.get(key) ?? []), t]);
  }
  const lines: string[] = [];
  const walk = (key: string, depth: number) => {
    const children = [...(byParent.get(key) ?? [])].sort((a, b) =>
      a.position! < b.position! ? -1 : a.position! > b.position! ? 1 : 0,
    );
    for (const child of children) {
      lines.push(`${'  '.repeat(depth)}${child.title}`);
      walk(child.id!, depth + 1);
    }
  };
  walk('', 0);
  return lines;
}

export async function defaultListId(api: tasks_v1.Tasks): Promise<string> {
  const { data } = await api.tasklists.get({ tasklist: '@default' });
  return data.id!;
}
