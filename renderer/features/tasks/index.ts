export { TaskBoard } from './TaskBoard';
