import { UnitsOfWork } from '../area/unit-of-work';
import { bindHandlers, type ServiceArea } from '../http/handler';
import { newId } from './domain/ids';
import { TasksRepository } from './domain/repository';
import { TasksState } from './domain/tasks-state';
import { formatMillis } from './domain/time-formats';
import { taskHandlers } from './handlers/tasks';
import { defaultTaskListTitle, taskListHandlers } from './handlers/tasklists';
import { tasksMigrations } from './schema';

/** Tasks v1: task lists and tasks with subtasks, fractional sibling positions and queued-request fields. */
export const tasksModule: ServiceArea = {
  migrations: tasksMigrations,
  create(service) {
    const repo = new TasksRepository(service.store);
    const tasks = new TasksState(service, repo, new UnitsOfWork(service));
    return {
      handlers: bindHandlers(tasks, taskListHandlers, taskHandlers),
      provisionUser(user) {
        repo.insertList({
          id: newId(),
          user_id: user.id,
          title: defaultTaskListTitle,
          is_default: 1,
          updated: formatMillis(service.now()),
        });
      },
      close() {
        repo.clear();
      },
    };
  },
};
