export { TaskBoard } from './TaskBoard';
export { followTaskRoutes } from './task-route';
