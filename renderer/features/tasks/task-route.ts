import type { AppRoute } from '../../../shared/ipc/contract';
import { callApi, errorMessage } from '../../lib/api';
import { ipc } from '../../platform/ipc';
import { enterAccountOf } from '../../shell/route-account';
import { useViewStore } from '../../shell/views';
import { useBoardStore } from './board-store';

type TaskRoute = Extract<AppRoute, { kind: 'task' }>;

/** Shows the board and opens the task a route names in its details dialog, in the account it belongs to. */
export async function openTaskRoute(route: TaskRoute): Promise<void> {
  const board = useBoardStore.getState();
  const entered = await enterAccountOf(route);
  useViewStore.getState().show('tasks');
  if (!entered.ok) {
    board.fail(`Couldn’t open the task: ${entered.reason}`);
    return;
  }
  try {
    const task = await callApi('TasksTasksGet', { tasklist: route.tasklist, task: route.task });
    if (task.deleted || !task.id) throw new Error('it was deleted');
    board.reveal({ listId: route.tasklist, task: { ...task, id: task.id } });
  } catch (error) {
    board.fail(`Couldn’t open the task: ${errorMessage(error)}`);
  }
}

/** Follows `task` routes (deep links) for the app's lifetime, whichever view is shown. Returns the unsubscribe function. */
export function followTaskRoutes(): () => void {
  return ipc.onEvent((event) => {
    if (event.type === 'navigate' && event.route.kind === 'task') void openTaskRoute(event.route);
  });
}
