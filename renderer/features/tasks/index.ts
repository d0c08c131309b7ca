export { TaskBoard } from './TaskBoard';
export { useTaskLists } from './queries';
export { useDueTasks, type DueTask } from './due-tasks';
export { setCompleted } from './mutations';
export { describeDue, todayIn } from './due-date';
export type { TaskListItem } from './task-types';
