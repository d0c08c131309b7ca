export { TaskBoard } from './TaskBoard';
export { useDueTasks, useOtherViewTaskLists, type DueTask } from './due-tasks';
export { setCompleted, setDueDate } from './mutations';
export { describeDue, todayIn } from './due-date';
export type { TaskListItem } from './task-types';
