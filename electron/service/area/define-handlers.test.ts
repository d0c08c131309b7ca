import { describe, expect, it } from 'vitest';
import { defineHandlers } from '../http/handler';

describe('defineHandlers', () => {
  it('types each context from its operation and refuses names outside the registry', () => {
    const handlers = defineHandlers({
      TasksTasksList(ctx) {
        // Defaulted parameters are always present, with their registry types.
        const size: number = ctx.params.maxResults;
        const completed: boolean = ctx.params.showCompleted;
        const list: string = ctx.params.tasklist;
        // @ts-expect-error TasksTasksList has no `task` parameter
        void ctx.params.task;
        return { body: { size, completed, list, given: ctx.given('maxResults') } };
      },
      TasksTasklistsInsert(ctx) {
        // The body is the request schema's output.
        const title: string | null | undefined = ctx.body.title;
        return { body: { title } };
      },
      // @ts-expect-error not an operation of the registry
      TasksTasksGte: () => ({}),
    });
    expect(Object.keys(handlers).sort()).toEqual(['TasksTasklistsInsert', 'TasksTasksGte', 'TasksTasksList']);
  });
});
