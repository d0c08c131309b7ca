import type { ServiceModule } from '../http/handler';
import { newId } from './ids';
import { tasksMigrations } from './migrations';
import { tasksRepository } from './repository';
import { taskHandlers } from './task-handlers';
import { defaultTaskListTitle, taskListHandlers } from './tasklist-handlers';
import { formatMillis } from './time-formats';

/** Tasks v1: task lists and tasks with subtasks, fractional sibling positions and queued-request fields. */
export const tasksModule: ServiceModule = {
  migrations: tasksMigrations,
  handlers: { ...taskListHandlers, ...taskHandlers },
  provisionUser(user, service) {
    tasksRepository(service.store).insertList({
      id: newId(),
      user_id: user.id,
      title: defaultTaskListTitle,
      is_default: 1,
      updated: formatMillis(service.now()),
    });
  },
};
