import { getActiveAccount } from '../../lib/api';
import { ipc } from '../../platform/ipc';
import type { Destination } from './drop-plan';

/**
 * Moves a task with its subtasks into another list. The core does it (`tasks.moveToList`): with
 * the service's own move where it offers one, otherwise by copying into the target and removing
 * the original, undoing the copies if a step fails. Running there, it finishes or is undone even
 * when this window reloads half-way: a task is never lost, at worst left in its source list.
 */
export async function transferSubtree(fromListId: string, taskId: string, to: Destination): Promise<string> {
  const account = getActiveAccount();
  const moved = await ipc.invoke('tasks.moveToList', {
    ...(account ? { account } : {}),
    tasklist: fromListId,
    task: taskId,
    destination: {
      tasklist: to.listId,
      ...(to.parent === undefined ? {} : { parent: to.parent }),
      ...(to.previous === undefined ? {} : { previous: to.previous }),
    },
  });
  // The service's own move keeps the id; a copy made where there is none has a new one.
  const id = (moved.task as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : taskId;
}
