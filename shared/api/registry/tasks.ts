import { defineOperation } from '../operation';
import { Task, TaskInput, TaskList, TaskListInput, TaskLists, Tasks } from '../schemas/tasks';

// Parameters shared by several Tasks operations. Limits follow docs/spec/tasks.md.

const tasklist = { type: 'string', in: 'path', required: true, description: 'Task list identifier.' } as const;
const task = { type: 'string', in: 'path', required: true, description: 'Task identifier.' } as const;
const pageToken = { type: 'string', in: 'query', description: 'Token specifying the result page to return.' } as const;
const maxResults = {
  type: 'integer',
  in: 'query',
  default: 20,
  minimum: 1,
  maximum: 100,
  description: 'Maximum number of entries returned on one page.',
} as const;
const timeBound = (description: string) => ({ type: 'string', in: 'query', format: 'date-time', description }) as const;

export const tasksOperations = {
  // Task lists
  TasksTasklistsGet: defineOperation({
    name: 'TasksTasklistsGet',
    area: 'tasks',
    method: 'GET',
    path: '/tasks/v1/users/@me/lists/{tasklist}',
    params: { tasklist },
    request: null,
    response: TaskList,
  }),
  TasksTasklistsList: defineOperation({
    name: 'TasksTasklistsList',
    area: 'tasks',
    method: 'GET',
    path: '/tasks/v1/users/@me/lists',
    params: { maxResults, pageToken },
    request: null,
    response: TaskLists,
  }),
  TasksTasklistsInsert: defineOperation({
    name: 'TasksTasklistsInsert',
    area: 'tasks',
    method: 'POST',
    path: '/tasks/v1/users/@me/lists',
    params: {},
    request: TaskListInput,
    response: TaskList,
  }),
  TasksTasklistsUpdate: defineOperation({
    name: 'TasksTasklistsUpdate',
    area: 'tasks',
    method: 'PUT',
    path: '/tasks/v1/users/@me/lists/{tasklist}',
    params: { tasklist },
    request: TaskListInput,
    response: TaskList,
  }),
  TasksTasklistsPatch: defineOperation({
    name: 'TasksTasklistsPatch',
    area: 'tasks',
    method: 'PATCH',
    path: '/tasks/v1/users/@me/lists/{tasklist}',
    params: { tasklist },
    request: TaskListInput,
    response: TaskList,
    patch: true,
  }),
  TasksTasklistsDelete: defineOperation({
    name: 'TasksTasklistsDelete',
    area: 'tasks',
    method: 'DELETE',
    path: '/tasks/v1/users/@me/lists/{tasklist}',
    params: { tasklist },
    request: null,
    response: null,
  }),

  // Tasks
  TasksTasksGet: defineOperation({
    name: 'TasksTasksGet',
    area: 'tasks',
    method: 'GET',
    path: '/tasks/v1/lists/{tasklist}/tasks/{task}',
    params: { task, tasklist },
    request: null,
    response: Task,
  }),
  TasksTasksList: defineOperation({
    name: 'TasksTasksList',
    area: 'tasks',
    method: 'GET',
    path: '/tasks/v1/lists/{tasklist}/tasks',
    params: {
      completedMax: timeBound("Upper bound for a task's completion date."),
      completedMin: timeBound("Lower bound for a task's completion date."),
      dueMax: timeBound("Upper bound for a task's due date."),
      dueMin: timeBound("Lower bound for a task's due date."),
      maxResults,
      pageToken,
      showAssigned: {
        type: 'boolean',
        in: 'query',
        default: false,
        description: 'Include tasks assigned to the current user.',
      },
      showCompleted: { type: 'boolean', in: 'query', default: true, description: 'Include completed tasks.' },
      showDeleted: { type: 'boolean', in: 'query', default: false, description: 'Include deleted tasks.' },
      showHidden: { type: 'boolean', in: 'query', default: false, description: 'Include hidden tasks.' },
      tasklist,
      updatedMin: timeBound("Lower bound for a task's last modification time."),
    },
    request: null,
    response: Tasks,
  }),
  TasksTasksClear: defineOperation({
    name: 'TasksTasksClear',
    area: 'tasks',
    method: 'POST',
    path: '/tasks/v1/lists/{tasklist}/clear',
    params: { tasklist },
    request: null,
    response: null,
  }),
  TasksTasksInsert: defineOperation({
    name: 'TasksTasksInsert',
    area: 'tasks',
    method: 'POST',
    path: '/tasks/v1/lists/{tasklist}/tasks',
    params: {
      parent: { type: 'string', in: 'query', description: 'Parent task id; omitted for a top-level task.' },
      previous: {
        type: 'string',
        in: 'query',
        description: 'Previous sibling task id; omitted for the first position.',
      },
      tasklist,
    },
    request: TaskInput,
    response: Task,
  }),
  TasksTasksMove: defineOperation({
    name: 'TasksTasksMove',
    area: 'tasks',
    method: 'POST',
    path: '/tasks/v1/lists/{tasklist}/tasks/{task}/move',
    params: {
      destinationTasklist: {
        type: 'string',
        in: 'query',
        description: 'Task list to move the task to; default its current list.',
      },
      parent: { type: 'string', in: 'query', description: 'New parent task id; omitted to move to the top level.' },
      previous: {
        type: 'string',
        in: 'query',
        description: 'New previous sibling task id; omitted to move to the first position.',
      },
      task,
      tasklist,
    },
    request: null,
    response: Task,
  }),
  TasksTasksUpdate: defineOperation({
    name: 'TasksTasksUpdate',
    area: 'tasks',
    method: 'PUT',
    path: '/tasks/v1/lists/{tasklist}/tasks/{task}',
    params: { task, tasklist },
    request: TaskInput,
    response: Task,
  }),
  TasksTasksPatch: defineOperation({
    name: 'TasksTasksPatch',
    area: 'tasks',
    method: 'PATCH',
    path: '/tasks/v1/lists/{tasklist}/tasks/{task}',
    params: { task, tasklist },
    request: TaskInput,
    response: Task,
    patch: true,
  }),
  TasksTasksDelete: defineOperation({
    name: 'TasksTasksDelete',
    area: 'tasks',
    method: 'DELETE',
    path: '/tasks/v1/lists/{tasklist}/tasks/{task}',
    params: { task, tasklist },
    request: null,
    response: null,
  }),
} as const;
