import { expect, type Locator, type Page } from '@playwright/test';
import type { Task as ApiTask, TaskList as ApiTaskList } from '../shared/api/schemas/tasks';
import { serviceGet, serviceRequest, type AtriumApp } from './fixtures';

/** Helpers for the task board's e2e specs: the service side (seeding, stored outlines) and the board side. */

/** A task and a task list as the service answers them (the shared schema), with the id they always have. */
export type Task = ApiTask & { id: string };
export type TaskList = ApiTaskList & { id: string };

// ---- the service side ----

export async function lists(app: AtriumApp): Promise<TaskList[]> {
  return (await serviceGet<{ items?: TaskList[] }>(app, '/tasks/v1/users/@me/lists?maxResults=100')).items ?? [];
}

export async function listId(app: AtriumApp, title: string): Promise<string> {
  const found = (await lists(app)).find((l) => l.title === title);
  if (!found) throw new Error(`no list ${title}`);
  return found.id;
}

export async function tasksOf(app: AtriumApp, list: string, query = ''): Promise<Task[]> {
  const out: Task[] = [];
  let pageToken = '';
  do {
    const page = await serviceGet<{ items?: Task[]; nextPageToken?: string }>(
      app,
      `/tasks/v1/lists/${list}/tasks?maxResults=100${query}${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
    );
    out.push(...(page.items ?? []));
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return out;
}

/** A list as an outline, from the service: `title` per task, two spaces per level, siblings by position. */
export async function storedOutline(app: AtriumApp, list: string, query = ''): Promise<string[]> {
  const tasks = await tasksOf(app, list, query);
  const lines: string[] = [];
  const walk = (parent: string | undefined, depth: number) => {
    const children = tasks
      .filter((t) => t.parent === parent)
      .sort((a, b) => ((a.position ?? '') < (b.position ?? '') ? -1 : 1));
    for (const child of children) {
      lines.push(`${'  '.repeat(depth)}${child.title ?? ''}`);
      walk(child.id, depth + 1);
    }
  };
  walk(undefined, 0);
  return lines;
}

/** Adds tasks through the service: strings are top-level tasks, arrays hold the subtasks of the task before them. */
export async function seed(app: AtriumApp, list: string, outline: (string | string[])[]): Promise<void> {
  let previous: string | undefined;
  for (const entry of outline) {
    if (typeof entry === 'string') {
      const query = previous ? `?previous=${previous}` : '';
      previous = (await serviceRequest<Task>(app, 'POST', `/tasks/v1/lists/${list}/tasks${query}`, { title: entry }))
        .id;
      continue;
    }
    let previousChild: string | undefined;
    for (const title of entry) {
      const query = `?parent=${previous}${previousChild ? `&previous=${previousChild}` : ''}`;
      previousChild = (await serviceRequest<Task>(app, 'POST', `/tasks/v1/lists/${list}/tasks${query}`, { title })).id;
    }
  }
}

// ---- the board side ----

export async function openBoard(page: Page): Promise<void> {
  await page.getByTestId('nav-tasks').click();
  await expect(page.getByTestId('task-board-columns')).toBeVisible();
}

export const column = (page: Page, title: string): Locator => page.getByRole('region', { name: `List ${title}` });
export const card = (page: Page, title: string): Locator => page.getByRole('article', { name: title, exact: true });
export const row = (page: Page, title: string): Locator =>
  page.getByTestId('task-row').filter({ has: card(page, title) });

/** What a column shows: titles indented two spaces per level, top to bottom. */
export async function shownOutline(page: Page, listTitle: string): Promise<string[]> {
  const cards = column(page, listTitle).getByTestId('task-card');
  const count = await cards.count();
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const c = cards.nth(i);
    const depth = Number(await c.getAttribute('data-depth'));
    lines.push(`${'  '.repeat(depth)}${await c.getAttribute('aria-label')}`);
  }
  return lines;
}

/** After a reload, every column shows exactly what the service stores. */
export async function expectBoardMatchesService(page: Page, app: AtriumApp): Promise<void> {
  await page.reload();
  await openBoard(page);
  for (const list of await lists(app)) {
    const expected = await storedOutline(app, list.id);
    await expect
      .poll(() => shownOutline(page, list.title ?? ''), { message: `column ${list.title}` })
      .toEqual(expected);
  }
}

export type Zone = 'before' | 'inside' | 'after';

/** Drags a card by its handle to a zone of another card's row (or to an element's middle). */
export async function drag(page: Page, title: string, target: Locator, zone: Zone = 'inside'): Promise<void> {
  await dragTo(page, title, async () => {
    const to = await target.boundingBox();
    if (!to) throw new Error('no drop target');
    const share = zone === 'before' ? 0.1 : zone === 'after' ? 0.9 : 0.5;
    return { x: to.x + to.width / 2, y: to.y + to.height * share };
  });
}

/** Drags a card by its handle with real pointer moves to a point (asked for once the drag is under way). */
export async function dragTo(
  page: Page,
  title: string,
  point: () => Promise<{ x: number; y: number }>,
  release = true,
): Promise<void> {
  const handle = card(page, title).getByTestId('task-drag-handle');
  // Pointing at the handle waits until it has stopped moving and is what the pointer would hit: right
  // after a drop the board may still be placing its cards, and a press read from an earlier layout
  // lands beside the handle (a text selection, not a drag).
  await handle.hover();
  const from = await handle.boundingBox();
  if (!from) throw new Error(`no handle for ${title}`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 6, from.y + from.height / 2 + 6, { steps: 3 });
  const { x, y } = await point();
  await page.mouse.move(x, y, { steps: 15 });
  await page.mouse.move(x, y + 1, { steps: 2 });
  if (release) await page.mouse.up();
}

/** Waits until no request of the board is in flight and nothing is pending. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-task-id*="-pending-"]')).toHaveCount(0);
  await expect(errorToasts(page)).toHaveCount(0);
}

export const toasts = (page: Page): Locator => page.getByTestId('toast');
export const errorToasts = (page: Page): Locator => page.locator('[data-testid="toast"][data-kind="error"]');
