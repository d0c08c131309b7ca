/** The parts of Tasks v1 resources the board reads (kinds `tasks#task`, `tasks#taskList`). */
export interface TaskItem {
  id: string;
  title?: string;
  parent?: string;
  position?: string;
  notes?: string;
  status?: 'needsAction' | 'completed';
  due?: string;
  completed?: string;
  deleted?: boolean;
  hidden?: boolean;
  updated?: string;
  etag?: string;
}

export interface TaskListItem {
  id: string;
  title?: string;
  updated?: string;
  etag?: string;
}

/** The cached answer of TasksTasksList with every page merged. */
export interface TaskPage {
  items?: TaskItem[];
  [field: string]: unknown;
}

/** The fields a task keeps when it is copied into another list. */
export function copyableFields(task: TaskItem): Pick<TaskItem, 'title' | 'notes' | 'status' | 'due' | 'completed'> {
  return {
    title: task.title ?? '',
    ...(task.notes !== undefined ? { notes: task.notes } : {}),
    status: task.status ?? 'needsAction',
    ...(task.due !== undefined ? { due: task.due } : {}),
    ...(task.status === 'completed' && task.completed !== undefined ? { completed: task.completed } : {}),
  };
}
