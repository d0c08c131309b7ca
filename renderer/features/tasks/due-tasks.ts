import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { apiQueryKey, callApiAllPages, useActiveAccount, type ParamsFor } from '../../lib/api';
import { fetchAllTasks } from './queries';
import { hasId, type TaskItem, type TaskPage } from './task-types';

/** A task with a due date, as another view (the calendar) places it: on its due day, with its list. */
export interface DueTask {
  listId: string;
  task: TaskItem;
  /** The due day, `YYYY-MM-DD` (Tasks keeps a due date as that day at midnight UTC). */
  date: string;
}

/**
 * The person's task lists, for another view. Kept apart from the board's own copy (a key one
 * longer, which the board's key and every change to task lists still match as a prefix): Tasks
 * pushes no changes, so a copy read here a moment ago must not stand in for the board's first
 * read when it opens.
 */
export function useOtherViewTaskLists() {
  const account = useActiveAccount() ?? '';
  const params = { maxResults: 100 };
  const query = useQuery({
    queryKey: [...apiQueryKey('TasksTasklistsList', params, account), 'elsewhere'],
    queryFn: () => callApiAllPages('TasksTasklistsList', params, 'items', account ? { account } : {}),
  });
  return useMemo(() => (query.data?.items ?? []).filter(hasId), [query.data]);
}

/** The list's tasks due from `from` to `to` (both `YYYY-MM-DD`, inclusive), completed ones too. */
function dueParams(listId: string, from: string, to: string): ParamsFor<'TasksTasksList'> {
  return {
    tasklist: listId,
    maxResults: 100,
    showCompleted: true,
    showHidden: true,
    dueMin: `${from}T00:00:00.000Z`,
    dueMax: `${to}T00:00:00.000Z`,
  };
}

/**
 * Tasks due between two dates in the given lists. The pages sit in the same cache as the board's,
 * so completing a task (mutations.ts) updates both at once, and pushed changes refresh them.
 */
export function useDueTasks(listIds: readonly string[], from: string | null, to: string | null) {
  const key = listIds.join('\n');
  const combine = useCallback(
    (results: UseQueryResult<TaskPage, Error>[]) => {
      const ids = key ? key.split('\n') : [];
      const tasks: DueTask[] = [];
      results.forEach((result, index) => {
        const listId = ids[index];
        if (!listId) return;
        for (const task of result.data?.items ?? []) {
          if (!task.due || task.deleted) continue;
          tasks.push({ listId, task, date: task.due.slice(0, 10) });
        }
      });
      return { tasks, isFetching: results.some((result) => result.isFetching) };
    },
    [key],
  );
  return useQueries({
    queries: listIds.map((listId) => {
      const params = dueParams(listId, from ?? '', to ?? '');
      return {
        queryKey: apiQueryKey('TasksTasksList', params),
        queryFn: (): Promise<TaskPage> => fetchAllTasks(params, false),
        enabled: from !== null && to !== null,
        staleTime: 15_000,
      };
    }),
    combine,
  });
}
