import type { TaskOrderRow } from './repository';
import { formatDue } from './time-formats';

/** TasksTasksList filters; bounds are `...000Z` instants and inclusive. */
export interface TaskFilter {
  showCompleted: boolean;
  showDeleted: boolean;
  showHidden: boolean;
  completedMin?: string | undefined;
  completedMax?: string | undefined;
  dueMin?: string | undefined;
  dueMax?: string | undefined;
  updatedMin?: string | undefined;
}

export function taskMatches(row: TaskOrderRow, f: TaskFilter): boolean {
  if (!f.showDeleted && row.deleted) return false;
  if (!f.showHidden && row.hidden) return false;
  if (!f.showCompleted && row.status === 'completed') return false;
  if (f.completedMin !== undefined && (row.completed === null || row.completed < f.completedMin)) return false;
  if (f.completedMax !== undefined && (row.completed === null || row.completed > f.completedMax)) return false;
  if (f.dueMin !== undefined || f.dueMax !== undefined) {
    if (row.due === null) return false;
    const due = formatDue(row.due);
    if (f.dueMin !== undefined && due < f.dueMin) return false;
    if (f.dueMax !== undefined && due > f.dueMax) return false;
  }
  if (f.updatedMin !== undefined && row.updated < f.updatedMin) return false;
  return true;
}

export function filterTasks<T extends TaskOrderRow>(rows: readonly T[], f: TaskFilter): T[] {
  return rows.filter((r) => taskMatches(r, f));
}
