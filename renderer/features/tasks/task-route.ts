import type { AppRoute } from '../../../shared/ipc/contract';
import { callApi } from '../../lib/api';
import { notify, notifyError } from '../../lib/notify';
import { ipc } from '../../platform/ipc';
import { enterAccountOf } from '../../shell/route-account';
import { useViewStore } from '../../shell/views';
import { useBoardStore } from './board-store';

type TaskRoute = Extract<AppRoute, { kind: 'task' }>;

/** Shows the board and opens the task a route names in its details dialog, in the account it belongs to. */
export async function openTaskRoute(route: TaskRoute): Promise<void> {
  const entered = await enterAccountOf(route);
  useViewStore.getState().show('tasks');
  if (!entered.ok) {
    notify({ message: `Couldn’t open the task: ${entered.reason}`, kind: 'error' });
    return;
  }
  try {
    const task = await callApi('TasksTasksGet', { tasklist: route.tasklist, task: route.task });
    if (task.deleted || !task.id) throw new Error('The task was deleted.');
    useBoardStore.getState().reveal({ listId: route.tasklist, task: { ...task, id: task.id } });
  } catch (error) {
    notifyError('Couldn’t open the task. It may have been deleted, or you no longer have access to it.', error);
  }
}

/** Follows `task` routes (deep links) for the app's lifetime, whichever view is shown. Returns the unsubscribe function. */
export function followTaskRoutes(): () => void {
  return ipc.onEvent((event) => {
    if (event.type === 'navigate' && event.route.kind === 'task') void openTaskRoute(event.route);
  });
}
