import type { Destination } from './drop-plan';
import { siblingsOf } from './task-tree';
import type { TaskItem } from './task-types';

/**
 * Indenting and outdenting, as in an outliner: indent makes a task the last subtask of the task
 * above it at its own level; outdent puts it right after its parent, one level up. Only tasks the
 * column shows count as "above" (completed tasks sit in their own section).
 */

const open = (t: TaskItem) => t.status !== 'completed';

export function indentDestination(
  listId: string,
  tasks: readonly TaskItem[],
  task: TaskItem,
): { to: Destination; under: TaskItem } | null {
  const siblings = siblingsOf(tasks, task.parent).filter((t) => open(t) || t.id === task.id);
  const index = siblings.findIndex((t) => t.id === task.id);
  const above = index > 0 ? siblings[index - 1] : undefined;
  if (!above) return null;
  const last = siblingsOf(tasks, above.id, task.id).at(-1);
  return { to: { listId, parent: above.id, ...(last ? { previous: last.id } : {}) }, under: above };
}

export function outdentDestination(
  listId: string,
  tasks: readonly TaskItem[],
  task: TaskItem,
): { to: Destination; from: TaskItem } | null {
  const parent = task.parent ? tasks.find((t) => t.id === task.parent) : undefined;
  if (!parent) return null;
  return { to: { listId, ...(parent.parent ? { parent: parent.parent } : {}), previous: parent.id }, from: parent };
}

/** `YYYY-MM-DD` `days` after `today` (`YYYY-MM-DD`). */
export function addDays(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** The Monday after `today` ("next week"), as people plan it. */
export function nextWeek(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const weekday = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return addDays(today, (8 - weekday) % 7 || 7);
}

/** A due date as Tasks stores it: the date at midnight UTC. */
export const dueValue = (date: string) => `${date}T00:00:00.000Z`;
