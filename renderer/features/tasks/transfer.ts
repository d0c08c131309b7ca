import type { Destination } from './drop-plan';
import { subtreeOf } from './task-tree';
import { copyableFields, type TaskItem } from './task-types';

/** The calls a transfer needs, so the sequence can run against any transport (and be tested). */
export interface TransferApi {
  /** Every live task of a list, completed and hidden ones included. */
  listAll(listId: string): Promise<TaskItem[]>;
  insert(listId: string, placement: { parent?: string; previous?: string }, body: Partial<TaskItem>): Promise<TaskItem>;
  remove(listId: string, taskId: string): Promise<void>;
}

export class TransferError extends Error {
  constructor(
    message: string,
    readonly failure: unknown,
    /** Copies that could not be removed again after the failure (the source is untouched either way). */
    readonly leftoverCopies: readonly string[],
  ) {
    super(message);
    this.name = 'TransferError';
  }
}

/**
 * Moves a task with its subtasks into another list. The interface has no such move, so the tasks
 * are inserted into the target (parents first, siblings in order) and only when every insert has
 * succeeded is the original removed (removing a task removes its subtasks). If any step fails the
 * copies made so far are removed again and the original stays: a task is never lost, at worst
 * left in its source list.
 */
export async function transferSubtree(
  api: TransferApi,
  fromListId: string,
  taskId: string,
  to: Destination,
): Promise<Map<string, string>> {
  // Read the whole subtree from the service: the board may not show completed or hidden subtasks,
  // and removing the original removes those too.
  const subtree = subtreeOf(await api.listAll(fromListId), taskId);
  const root = subtree[0];
  if (!root) throw new TransferError('The task no longer exists.', undefined, []);

  const copyOf = new Map<string, string>();
  const lastCopiedChild = new Map<string, string>();
  const created: string[] = [];
  try {
    for (const task of subtree) {
      const isRoot = task.id === root.id;
      const parent = isRoot ? to.parent : copyOf.get(task.parent ?? '');
      const previous = isRoot ? to.previous : lastCopiedChild.get(task.parent ?? '');
      const copy = await api.insert(
        to.listId,
        { ...(parent === undefined ? {} : { parent }), ...(previous === undefined ? {} : { previous }) },
        copyableFields(task),
      );
      copyOf.set(task.id, copy.id);
      created.push(copy.id);
      if (!isRoot && task.parent) lastCopiedChild.set(task.parent, copy.id);
    }
    await removeOriginal(api, fromListId, root.id);
  } catch (error) {
    const leftovers: string[] = [];
    // Children first, so each removal is of a task whose copies below are already gone.
    for (const id of [...created].reverse()) {
      try {
        await api.remove(to.listId, id);
      } catch {
        leftovers.push(id);
      }
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new TransferError(reason, error, leftovers);
  }
  return copyOf;
}

/** Removes the original; if the answer was lost but the removal happened, that is success too. */
async function removeOriginal(api: TransferApi, listId: string, taskId: string): Promise<void> {
  try {
    await api.remove(listId, taskId);
  } catch (error) {
    let stillThere = true;
    try {
      stillThere = (await api.listAll(listId)).some((t) => t.id === taskId);
    } catch {
      // Unknown: assume it is still there, so the copies are taken back and nothing is doubled.
    }
    if (stillThere) throw error;
  }
}
