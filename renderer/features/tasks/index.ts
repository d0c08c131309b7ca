// What other views use. The board itself (with dnd-kit, TanStack Virtual and its styles) is
// loaded on its own by shell/view-loaders.tsx, so the calendar never loads it to show due tasks.
export { useDueTasks, useOtherViewTaskLists, type DueTask } from './due-tasks';
export { setCompleted, setDueDate } from './mutations';
export { describeDue } from './due-date';
export type { TaskListItem } from './task-types';
