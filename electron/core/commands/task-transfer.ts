import { ApiCallError } from '../api-call-error';
import type { CommandApi } from './command-api';
import { isGone, messageOf } from './command-api';

export interface TaskDestination {
  readonly tasklist: string;
  /** undefined = top level */
  readonly parent?: string;
  /** undefined = first position */
  readonly previous?: string;
}

export interface TaskTransferRequest {
  readonly tasklist: string;
  readonly task: string;
  readonly destination: TaskDestination;
}

export interface TaskTransferEntry extends TaskTransferRequest {
  readonly kind: 'tasks.transfer';
  readonly account: string;
  /** Copies made in the destination list, parents first, each journalled as soon as it exists. */
  readonly copies: string[];
  /** Every copy exists and the original is being removed: from here on the move is finished, not undone. */
  removingOriginal: boolean;
}

export interface TaskTransferJournal {
  begin(entry: TaskTransferEntry): Promise<string>;
  record(id: string, entry: TaskTransferEntry): Promise<void>;
  finish(id: string): Promise<void>;
}

interface Task {
  id: string;
  parent?: string;
  position?: string;
  title?: string;
  notes?: string;
  status?: string;
  due?: string;
  completed?: string;
  deleted?: boolean;
}

/** Every live task of a list, completed and hidden ones included. */
async function listAll(api: CommandApi, tasklist: string): Promise<Task[]> {
  const tasks: Task[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < 1000; page += 1) {
    const answer = (await api.callByName('TasksTasksList', {
      tasklist,
      showCompleted: true,
      showHidden: true,
      maxResults: 100,
      ...(pageToken ? { pageToken } : {}),
    })) as { items?: Task[]; nextPageToken?: string };
    tasks.push(...(answer.items ?? []));
    pageToken = answer.nextPageToken;
    if (!pageToken) break;
  }
  return tasks;
}

/** The task and its descendants, parents before children and siblings in order. */
function subtreeOf(tasks: readonly Task[], rootId: string): Task[] {
  const root = tasks.find((task) => task.id === rootId);
  if (!root) return [];
  const children = new Map<string, Task[]>();
  for (const task of tasks) if (task.parent) children.set(task.parent, [...(children.get(task.parent) ?? []), task]);
  const out: Task[] = [];
  const visit = (task: Task): void => {
    out.push(task);
    const below = [...(children.get(task.id) ?? [])].sort((a, b) =>
      (a.position ?? '') < (b.position ?? '') ? -1 : (a.position ?? '') > (b.position ?? '') ? 1 : 0,
    );
    for (const child of below) visit(child);
  };
  visit(root);
  return out;
}

/** What a copy keeps of a task; ids, positions and links are the service's. */
function copyableFields(task: Task): Record<string, unknown> {
  return {
    title: task.title ?? '',
    ...(task.notes !== undefined ? { notes: task.notes } : {}),
    status: task.status ?? 'needsAction',
    ...(task.due !== undefined ? { due: task.due } : {}),
    ...(task.status === 'completed' && task.completed !== undefined ? { completed: task.completed } : {}),
  };
}

/** The service's own move between lists: one request, nothing to journal. */
export async function moveTaskAtomically(api: CommandApi, request: TaskTransferRequest): Promise<unknown> {
  const { destination } = request;
  return api.callByName('TasksTasksMove', {
    tasklist: request.tasklist,
    task: request.task,
    destinationTasklist: destination.tasklist,
    ...(destination.parent === undefined ? {} : { parent: destination.parent }),
    ...(destination.previous === undefined ? {} : { previous: destination.previous }),
  });
}

async function stillThere(api: CommandApi, tasklist: string, task: string): Promise<boolean> {
  try {
    const found = (await api.callByName('TasksTasksGet', { tasklist, task })) as Task;
    return found.deleted !== true;
  } catch (error) {
    if (isGone(error)) return false;
    throw error;
  }
}

/** Removes copies made so far, children first; answers those that could not be removed now. */
async function removeCopies(
  api: CommandApi,
  tasklist: string,
  copies: readonly string[],
  log: (message: string) => void,
): Promise<string[]> {
  const left: string[] = [];
  for (const id of [...copies].reverse()) {
    try {
      await api.callByName('TasksTasksDelete', { tasklist, task: id });
    } catch (error) {
      if (isGone(error)) continue;
      log(`Could not remove the copied task ${id} from list ${tasklist}: ${messageOf(error)}`);
      left.push(id);
    }
  }
  return left.reverse();
}

/**
 * Ends a transfer cut short: finished when the original is already gone (every copy was made),
 * otherwise the copies are removed and the original stays. Answers whether nothing is left to do.
 */
export async function settleTaskTransfer(
  api: CommandApi,
  entry: TaskTransferEntry,
  log: (message: string) => void,
): Promise<{ done: boolean; entry: TaskTransferEntry }> {
  if (entry.removingOriginal && !(await stillThere(api, entry.tasklist, entry.task))) return { done: true, entry };
  const left = await removeCopies(api, entry.destination.tasklist, entry.copies, log);
  const rest = { ...entry, copies: left, removingOriginal: false };
  return { done: left.length === 0, entry: rest };
}

/**
 * Moves a task with its subtasks into another list without a service move: the tasks are inserted
 * into the destination (parents first, siblings in order) and only when every insert has succeeded
 * is the original removed (which removes its subtasks). If a step fails the copies are removed
 * again and the original stays: a task is never lost, at worst left where it was.
 */
export async function transferByCopies(
  api: CommandApi,
  journal: TaskTransferJournal,
  account: string,
  request: TaskTransferRequest,
  log: (message: string) => void,
): Promise<unknown> {
  // The whole subtree, read from the service: completed or hidden subtasks are removed with the original too.
  const subtree = subtreeOf(await listAll(api, request.tasklist), request.task);
  const root = subtree[0];
  if (!root) {
    // The same answer the service gives for a task that is not there.
    await api.callByName('TasksTasksGet', { tasklist: request.tasklist, task: request.task });
    throw new Error('The task no longer exists.');
  }
  const { destination } = request;
  const entry: TaskTransferEntry = { kind: 'tasks.transfer', account, ...request, copies: [], removingOriginal: false };
  const id = await journal.begin(entry);
  const copyOf = new Map<string, string>();
  const lastCopiedChild = new Map<string, string>();
  let rootCopy: unknown;
  try {
    for (const task of subtree) {
      const isRoot = task.id === root.id;
      const parent = isRoot ? destination.parent : copyOf.get(task.parent ?? '');
      const previous = isRoot ? destination.previous : lastCopiedChild.get(task.parent ?? '');
      const copy = (await api.callByName(
        'TasksTasksInsert',
        {
          tasklist: destination.tasklist,
          ...(parent === undefined ? {} : { parent }),
          ...(previous === undefined ? {} : { previous }),
        },
        copyableFields(task),
      )) as Task;
      entry.copies.push(copy.id);
      await journal.record(id, entry);
      if (isRoot) rootCopy = copy;
      copyOf.set(task.id, copy.id);
      if (!isRoot && task.parent) lastCopiedChild.set(task.parent, copy.id);
    }
    entry.removingOriginal = true;
    await journal.record(id, entry);
    try {
      await api.callByName('TasksTasksDelete', { tasklist: request.tasklist, task: root.id });
    } catch (error) {
      // If the answer was lost but the removal happened, the move is done; when unsure, undo it.
      const there = await stillThere(api, request.tasklist, root.id).catch(() => true);
      if (there) throw error;
    }
  } catch (error) {
    const settled = await settleTaskTransfer(api, { ...entry, removingOriginal: false }, log);
    if (settled.done) await journal.finish(id);
    else {
      await journal.record(id, settled.entry);
      const message = `${messageOf(error)} (${settled.entry.copies.length} copied task(s) could not be removed from the destination list yet)`;
      throw error instanceof ApiCallError
        ? new ApiCallError(error.status, error.reason, message, error.location)
        : new Error(message, { cause: error });
    }
    throw error;
  }
  await journal.finish(id);
  return rootCopy;
}
