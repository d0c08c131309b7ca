import type { UnitOfWork } from '../../area/unit-of-work';
import { notFound } from '../../http/api-error';
import type { ServiceContext } from '../../http/handler';
import type { TaskListRow, TasksRepository } from './repository';

/** What the Tasks handlers of one service share: its repository (with its caches) and its writes. */
export class TasksState {
  constructor(
    readonly service: ServiceContext,
    readonly repo: TasksRepository,
    private readonly units: { write<T>(fn: (work: UnitOfWork) => T): T },
  ) {}

  /** Runs `fn` as one unit of work: one transaction, everything or nothing. */
  write<T>(fn: (repo: TasksRepository) => T): T {
    return this.units.write(() => fn(this.repo));
  }

  /** The task list `id` names among the user's (`@default` = their default list), or 404. */
  taskList(userId: string, id: string): TaskListRow {
    const row = id === '@default' ? this.repo.defaultList(userId) : this.repo.listById(userId, id);
    if (!row) throw notFound('Task list not found.');
    return row;
  }
}
