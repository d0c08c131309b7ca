import type { DropTarget } from './drop-plan';

/** Words for where a dragged task would land, for screen-reader announcements. */
export function describeTarget(
  target: DropTarget | null,
  sourceListId: string,
  taskTitleOf: (listId: string, taskId: string) => string,
  listTitleOf: (listId: string) => string,
): string {
  if (!target) return 'not over a drop place';
  const inList = target.listId === sourceListId ? '' : ` in list “${listTitleOf(target.listId)}”`;
  if (target.kind === 'end') return `at the end of list “${listTitleOf(target.listId)}”`;
  const other = `“${taskTitleOf(target.listId, target.taskId)}”`;
  if (target.zone === 'inside') return `onto ${other}${inList}, as its subtask`;
  return `${target.zone} ${other}${inList}`;
}

export const dragInstructions =
  'To move a task, focus its move button and press Space or Enter. ' +
  'Up and Down arrows choose where it goes: before a task, onto a task to make it a subtask, or after it. ' +
  'Left and Right arrows move it to the next list. Press Space or Enter to drop it there, or Escape to cancel.';
