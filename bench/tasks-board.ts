/**
 * Task board render time with 10 lists of 1,000 tasks against 10 lists of 100, in Chromium over the
 * browser host (the real renderer, IPC and embedded service). Columns are virtualised and show a
 * list from its first page on, so the time to a usable board should hardly depend on list length.
 *
 * Measured in the page: from the click on "Tasks" (the app already booted on another view) until
 * every column shows its first cards ("first content", the target), and until every column has
 * loaded all its tasks ("fully loaded", printed for information). Each size is loaded afresh
 * `runs` times, alternating the two, and the medians are compared. The renderer measured is the one
 * in dist/renderer (`npm run build`; built here only when missing).
 *
 *   tsx bench/tasks-board.ts
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { startBrowserApp } from '../electron/web';
import { builtRenderer, launchChromium, scratchDataDir } from './browser';

const listCount = 10;
const runs = 5;
const goal = 3;

export interface TasksBoardResult {
  firstContentMs: { large: number; small: number };
  fullyLoadedMs: { large: number; small: number };
  ratio: number;
}

interface Scenario {
  tasksPerList: number;
  app: Awaited<ReturnType<typeof startBrowserApp>>;
  dataDir: string;
}

async function api<T>(scenario: Scenario, method: string, path: string, body?: unknown): Promise<T> {
  const base = scenario.app.serviceUrl.replace(/\/$/, '');
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${scenario.app.localUser.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** `listCount` lists (the default one included) of `tasksPerList` tasks, some with notes, due dates and subtasks. */
async function seed(scenario: Scenario): Promise<void> {
  const { items = [] } = await api<{ items?: { id: string }[] }>(scenario, 'GET', '/tasks/v1/users/@me/lists');
  const lists = items.map((l) => l.id);
  while (lists.length < listCount)
    lists.push(
      (await api<{ id: string }>(scenario, 'POST', '/tasks/v1/users/@me/lists', { title: `List ${lists.length + 1}` }))
        .id,
    );
  await Promise.all(
    lists.map(async (list) => {
      let previousTop: string | undefined;
      let previousChild: string | undefined;
      for (let i = 0; i < scenario.tasksPerList; i++) {
        const subtask = i % 5 === 4 && previousTop !== undefined;
        const query = subtask
          ? `?parent=${previousTop}${previousChild ? `&previous=${previousChild}` : ''}`
          : previousTop
            ? `?previous=${previousTop}`
            : '';
        const body = {
          title: `Task ${i + 1} of ${scenario.tasksPerList}`,
          ...(i % 3 === 0 ? { notes: 'Some notes that go on for a while, to be cut short on the card.' } : {}),
          ...(i % 4 === 0 ? { due: `2030-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z` } : {}),
        };
        const { id } = await api<{ id: string }>(scenario, 'POST', `/tasks/v1/lists/${list}/tasks${query}`, body);
        if (subtask) previousChild = id;
        else {
          previousTop = id;
          previousChild = undefined;
        }
      }
    }),
  );
}

interface Timing {
  firstContent: number;
  fullyLoaded: number;
  cardsInDom: number;
}

/** Loads the app on the calendar, then times the switch to the board. */
async function timeBoard(page: Page, url: string, tasksPerList: number): Promise<Timing> {
  // tsx keeps function names with a `__name` helper that the page does not have.
  await page.addInitScript({
    content: "globalThis.__name = (f) => f; sessionStorage.setItem('atrium.view', 'calendar');",
  });
  await page.goto(url);
  await page.getByTestId('app-shell').waitFor();
  await page.getByTestId('nav-tasks').waitFor();
  return page.evaluate(
    ({ lists, perList }) =>
      new Promise<Timing>((resolveTiming, reject) => {
        const started = performance.now();
        let firstContent = 0;
        (document.querySelector('[data-testid="nav-tasks"]') as HTMLElement).click();
        const deadline = started + 120_000;
        const check = () => {
          const columns = [...document.querySelectorAll('[data-testid="task-column"]')];
          const now = performance.now();
          if (
            !firstContent &&
            columns.length === lists &&
            columns.every((c) => c.querySelector('[data-testid="task-card"]'))
          )
            firstContent = now - started;
          const counts = columns.map((c) => c.querySelector('[data-testid="task-column-count"]')?.textContent ?? '');
          if (firstContent && columns.length === lists && counts.every((text) => text === String(perList))) {
            resolveTiming({
              firstContent,
              fullyLoaded: now - started,
              cardsInDom: document.querySelectorAll('[data-testid="task-card"]').length,
            });
            return;
          }
          if (now > deadline) reject(new Error(`board not loaded: ${counts.join(', ')}`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { lists: listCount, perList: tasksPerList },
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function startScenario(tasksPerList: number): Promise<Scenario> {
  // A RAM disk where there is one: seeding thousands of tasks one request at a time would otherwise measure fsync.
  const dataDir = scratchDataDir('board');
  const app = await startBrowserApp({ dataDir, port: 0, changeWatch: false });
  const scenario = { tasksPerList, app, dataDir };
  const started = performance.now();
  await seed(scenario);
  console.log(
    `seeded ${listCount} lists × ${tasksPerList} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return scenario;
}

export async function run(): Promise<TasksBoardResult> {
  builtRenderer();
  const scenarios: Scenario[] = [];
  let browser: Browser | undefined;
  try {
    scenarios.push(await startScenario(1000), await startScenario(100));
    browser = await launchChromium();
    const timings = new Map<number, Timing[]>(scenarios.map((s) => [s.tasksPerList, []]));
    for (let round = 0; round <= runs; round++) {
      for (const scenario of scenarios) {
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        const page = await context.newPage();
        const timing = await timeBoard(page, scenario.app.url, scenario.tasksPerList);
        await context.close();
        // Round 0 warms up the service and the browser's code cache.
        if (round > 0) timings.get(scenario.tasksPerList)!.push(timing);
      }
    }
    const summary = (perList: number) => {
      const list = timings.get(perList)!;
      return {
        first: median(list.map((t) => t.firstContent)),
        full: median(list.map((t) => t.fullyLoaded)),
        cards: median(list.map((t) => t.cardsInDom)),
      };
    };
    const large = summary(1000);
    const small = summary(100);
    console.log(
      `${listCount} × 1000 tasks: first content ${large.first.toFixed(0)} ms, fully loaded ${large.full.toFixed(0)} ms, ${large.cards} cards in the DOM`,
    );
    console.log(
      `${listCount} × 100 tasks:  first content ${small.first.toFixed(0)} ms, fully loaded ${small.full.toFixed(0)} ms, ${small.cards} cards in the DOM`,
    );
    const ratio = large.first / small.first;
    console.log(
      `target tasks.board-render-1000-vs-100: ${ratio.toFixed(2)} ratio (goal <= ${goal}) ${ratio <= goal ? 'ok' : 'miss'}`,
    );
    return {
      firstContentMs: { large: large.first, small: small.first },
      fullyLoadedMs: { large: large.full, small: small.full },
      ratio,
    };
  } finally {
    await browser?.close();
    for (const scenario of scenarios) {
      await scenario.app.close();
      rmSync(scenario.dataDir, { recursive: true, force: true });
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await run();
}
