/**
 * Cost of one TasksTasksMove into the middle of a long list against a short one: sibling positions
 * are fractional keys, so a move writes one row whatever the list's length. The lists are seeded
 * straight into the store in one transaction (seeding 10,000 tasks request by request only measures
 * the disk); every timed move is one HTTP round trip on a keep-alive connection. The database lives
 * on a RAM disk where there is one, so the figure shows the service's work rather than fsync latency.
 *
 *   tsx bench/tasks-move.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { generateNKeysBetween } from 'fractional-indexing';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmbeddedService, type EmbeddedService } from '../electron/service/server';
import { tasksModule } from '../electron/service/tasks';
import { TasksRepository } from '../electron/service/tasks/domain/repository';
import type { User } from '../electron/service/store/users';

const token = 'bench-token';
const longList = 10_000;
const shortList = 100;
const moves = 400;
const warmupMoves = 50;
const goal = 2;

export interface TasksMoveResult {
  longMedianMs: number;
  shortMedianMs: number;
  ratio: number;
}

interface Task {
  id: string;
  position: string;
}

async function call<T>(service: EmbeddedService, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A list of `count` top-level tasks, written in one transaction. */
async function seedList(
  service: EmbeddedService,
  user: User,
  title: string,
  count: number,
): Promise<{ list: string; tasks: Task[] }> {
  const { id: list } = await call<{ id: string }>(service, 'POST', '/tasks/v1/users/@me/lists', { title });
  const store = service.context.store;
  const repo = new TasksRepository(store);
  const positions = generateNKeysBetween(null, null, count);
  const now = new Date().toISOString();
  const tasks: Task[] = positions.map((position, i) => ({ id: `${title.toLowerCase()}-${i}`, position }));
  store.transaction(() => {
    for (const [i, task] of tasks.entries()) {
      repo.insertTask({
        id: task.id,
        list_id: list,
        user_id: user.id,
        parent_id: '',
        position: task.position,
        title: `Task ${i}`,
        notes: null,
        status: 'needsAction',
        due: null,
        completed: null,
        deleted: 0,
        hidden: 0,
        links: '[]',
        updated: now,
        created: now,
        version: 1,
        queue_name: null,
        schedule_time: null,
        dispatch_deadline: null,
        platform_http_request: null,
      });
    }
  });
  return { list, tasks };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Moves tasks taken from near the end of the list to just after the middle task, round after round.
 * Times `count` moves after `warmup` untimed ones.
 */
async function timeMoves(
  service: EmbeddedService,
  list: string,
  tasks: Task[],
  count: number,
  warmup: number,
): Promise<number[]> {
  const middle = tasks[Math.floor(tasks.length / 2)]!.id;
  const movers = tasks.slice(-10).map((t) => t.id);
  const times: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    const task = movers[i % movers.length]!;
    const started = performance.now();
    await call(service, 'POST', `/tasks/v1/lists/${list}/tasks/${task}/move?previous=${encodeURIComponent(middle)}`);
    if (i >= warmup) times.push(performance.now() - started);
  }
  return times;
}

export async function run(): Promise<TasksMoveResult> {
  const ramDisk = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(ramDisk, 'atrium-bench-tasks-'));
  console.log(`database in ${dataDir}`);
  const service = await startEmbeddedService({
    dataDir,
    port: 0,
    modules: [tasksModule],
    log: (m) => console.error(m),
  });
  const user = service.addUser({ email: 'me@atrium.local', token });
  try {
    const seedStarted = performance.now();
    const long = await seedList(service, user, 'Long', longList);
    const short = await seedList(service, user, 'Short', shortList);
    console.log(
      `seeded ${longList} + ${shortList} tasks in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    // Alternate the two lists in rounds, so a change in machine load hits both alike.
    const longTimes: number[] = [];
    const shortTimes: number[] = [];
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      longTimes.push(
        ...(await timeMoves(service, long.list, long.tasks, moves / rounds, round === 0 ? warmupMoves : 5)),
      );
      shortTimes.push(
        ...(await timeMoves(service, short.list, short.tasks, moves / rounds, round === 0 ? warmupMoves : 5)),
      );
    }
    const longMedianMs = median(longTimes);
    const shortMedianMs = median(shortTimes);
    const ratio = longMedianMs / shortMedianMs;
    console.log(
      `move into the middle of ${longList} tasks: median ${longMedianMs.toFixed(3)} ms (${longTimes.length} moves)`,
    );
    console.log(
      `move into the middle of ${shortList} tasks:    median ${shortMedianMs.toFixed(3)} ms (${shortTimes.length} moves)`,
    );
    console.log(
      `target tasks.move-10k-vs-100: ${ratio.toFixed(2)} ratio (goal <= ${goal}) ${ratio <= goal ? 'ok' : 'miss'}`,
    );
    return { longMedianMs, shortMedianMs, ratio };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await run();
}
