import type { ApiClient } from './api-client';
import { ApiCallError } from './api-call-error';
import type { EventFeed } from './event-feed';

export interface TasksPollerOptions {
  readonly api: ApiClient;
  readonly account: string;
  readonly feed: EventFeed;
  /** Wait between polls; asked before each wait, so it can follow window focus. */
  readonly intervalMs: number | (() => number);
  /** A poll could not reach the service. */
  readonly onUnreachable?: (error: ApiCallError) => void;
  /** A poll went through. */
  readonly onReached?: () => void;
  /** A mirror kept of the task lists and their tasks: it gets every list and every changed task. */
  readonly sink?: TasksSink;
  readonly log?: (message: string) => void;
}

/** Where a mirror keeps what polling Tasks finds. */
export interface TasksSink {
  /** When the last poll kept here started (a restart asks only for what changed since). */
  since(): Date | undefined;
  /** Whether a list's tasks have been read whole once. */
  hasTasks(tasklist: string): boolean;
  applyLists(lists: Record<string, unknown>[], at: Date): void;
  /** `full`: every task of the list (anything else there is gone); otherwise the ones updated since. */
  applyTasks(tasklist: string, tasks: Record<string, unknown>[], full: boolean, at: Date): void;
}

/** Asking for changes a little before the previous poll started covers clocks that disagree slightly. */
const sinceMarginMs = 5_000;

interface ListSummary {
  readonly id: string;
  readonly version: string;
}

const maxListPages = 10;
/** 200 pages of 100: a list of 20,000 tasks. */
const maxTaskPages = 200;

function asItems(answer: unknown): Record<string, unknown>[] {
  const items = typeof answer === 'object' && answer !== null ? (answer as { items?: unknown }).items : undefined;
  return Array.isArray(items)
    ? items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
}

const nextPage = (answer: unknown): string | undefined => {
  const token =
    typeof answer === 'object' && answer !== null ? (answer as { nextPageToken?: unknown }).nextPageToken : undefined;
  return typeof token === 'string' && token ? token : undefined;
};

/**
 * Tasks offers no watch channels, so changes made elsewhere are found by polling slowly: the task
 * lists (a list added, removed or renamed) and, per list, whether any task was updated since the
 * previous poll (`updatedMin`, deleted and hidden ones included).
 */
export class TasksPoller {
  private timer: NodeJS.Timeout | undefined;
  private lists: Map<string, string> | undefined;
  private since: Date | undefined;
  private running = false;
  private closed = false;

  constructor(private readonly options: TasksPollerOptions) {}

  start(): void {
    this.schedule(0);
  }

  /** Polls now and restarts the wait (focus came back, or the network did). */
  pollSoon(): void {
    this.schedule(0);
  }

  /** Restarts the wait with the current interval (it may have become shorter). */
  reschedule(): void {
    this.schedule(this.interval());
  }

  private interval(): number {
    const { intervalMs } = this.options;
    return typeof intervalMs === 'function' ? intervalMs() : intervalMs;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
  }

  /** One poll; the first only records where things stand. */
  async pollOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const startedAt = new Date();
    try {
      if (this.options.sink) {
        await this.pollIntoSink(this.options.sink, startedAt);
        this.options.onReached?.();
        return;
      }
      const lists = await this.readLists();
      const previousLists = this.lists;
      const since = this.since;
      if (previousLists && since) {
        const changedLists =
          lists.length !== previousLists.size || lists.some((list) => previousLists.get(list.id) !== list.version);
        if (changedLists) this.options.feed.changed(this.options.account, { collection: 'tasklists' });
        for (const list of lists) {
          if (await this.tasksChangedSince(list.id, since))
            this.options.feed.changed(this.options.account, { collection: 'tasks', key: list.id });
        }
      }
      this.lists = new Map(lists.map((list) => [list.id, list.version]));
      this.since = startedAt;
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 0) this.options.onUnreachable?.(error);
      else if (error instanceof ApiCallError && error.reason === 'reauthRequired') {
        // The account shows "sign in again"; polling resumes by itself after the sign-in.
      } else if (!(error instanceof ApiCallError && error.status === 501)) {
        this.options.log?.(`Polling tasks failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      this.running = false;
    }
  }

  /** A poll that keeps what it finds: every list, and each list's tasks (all of them once, then what changed). */
  private async pollIntoSink(sink: TasksSink, startedAt: Date): Promise<void> {
    const raw: Record<string, unknown>[] = [];
    const lists = await this.readLists(raw);
    const previousLists = this.lists;
    sink.applyLists(raw, startedAt);
    if (previousLists) {
      const changedLists =
        lists.length !== previousLists.size || lists.some((list) => previousLists.get(list.id) !== list.version);
      if (changedLists) this.options.feed.changed(this.options.account, { collection: 'tasklists' });
    }
    this.lists = new Map(lists.map((list) => [list.id, list.version]));
    const since = this.since ?? sink.since();
    for (const list of lists) {
      const full = !sink.hasTasks(list.id) || since === undefined;
      const tasks = await this.readTasks(list.id, full ? undefined : new Date(since.getTime() - sinceMarginMs));
      sink.applyTasks(list.id, tasks, full, startedAt);
      if (tasks.length > 0 && previousLists)
        this.options.feed.changed(
          this.options.account,
          { collection: 'tasks', key: list.id },
          {
            ids: tasks.flatMap((task) => (typeof task.id === 'string' ? [task.id] : [])),
          },
        );
    }
    this.since = startedAt;
  }

  /** A list's tasks, all of them (deleted ones left out) or those updated since `updatedMin` (deleted ones in). */
  private async readTasks(tasklist: string, updatedMin: Date | undefined): Promise<Record<string, unknown>[]> {
    const tasks: Record<string, unknown>[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxTaskPages; page++) {
      const answer = await this.options.api.callByName('TasksTasksList', {
        tasklist,
        maxResults: 100,
        showCompleted: true,
        showHidden: true,
        ...(updatedMin ? { updatedMin: updatedMin.toISOString(), showDeleted: true } : {}),
        ...(pageToken ? { pageToken } : {}),
      });
      tasks.push(...asItems(answer));
      pageToken = nextPage(answer);
      if (!pageToken) return tasks;
    }
    throw new Error(`TasksTasksList had more than ${maxTaskPages} pages`);
  }

  private async readLists(raw?: Record<string, unknown>[]): Promise<ListSummary[]> {
    const lists: ListSummary[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < maxListPages; page++) {
      const answer = await this.options.api.callByName('TasksTasklistsList', {
        maxResults: 100,
        ...(pageToken ? { pageToken } : {}),
      });
      for (const item of asItems(answer)) {
        if (typeof item.id !== 'string') continue;
        raw?.push(item);
        lists.push({
          id: item.id,
          version: `${String(item.etag ?? '')}|${String(item.updated ?? '')}|${String(item.title ?? '')}`,
        });
      }
      pageToken = nextPage(answer);
      if (!pageToken) break;
    }
    return lists;
  }

  private async tasksChangedSince(tasklist: string, since: Date): Promise<boolean> {
    const answer = await this.options.api.callByName('TasksTasksList', {
      tasklist,
      updatedMin: since.toISOString(),
      showDeleted: true,
      showHidden: true,
      showCompleted: true,
      maxResults: 1,
    });
    return asItems(answer).length > 0;
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.pollOnce().finally(() => this.schedule(this.interval()));
    }, ms);
    this.timer.unref();
  }
}
