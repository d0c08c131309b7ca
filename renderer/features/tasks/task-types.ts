import type { Task, TaskList } from '../../../shared/api/schemas/tasks';

/** A Tasks v1 `tasks#task` as the board holds it: one the service has given an id. */
export type TaskItem = Task & { id: string };

/** A `tasks#taskList` with its id. */
export type TaskListItem = TaskList & { id: string };

/** The cached answer of TasksTasksList with every page merged (`partial` while the first load is under way). */
export interface TaskPage {
  kind?: string;
  items?: TaskItem[];
  partial?: boolean;
}

export function hasId<T extends { id?: string }>(resource: T): resource is T & { id: string } {
  return typeof resource.id === 'string' && resource.id !== '';
}
