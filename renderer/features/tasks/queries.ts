import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, apiQueryPrefix, callApi, queryClient, useApiQuery, type ParamsFor } from '../../lib/api';
import { apiKeyParamsInclude } from '../../lib/keys';
import { subtreeOf } from './task-tree';
import { hasId, type TaskItem, type TaskPage } from './task-types';

/** Which tasks a column shows; part of each column's query key. */
export interface TaskView {
  showCompleted: boolean;
  showHidden: boolean;
}

const pageSize = 100;
/** A list longer than this many pages is not loaded further (100,000 tasks). */
const maxPages = 1000;

export function listParams(listId: string, view: TaskView): ParamsFor<'TasksTasksList'> {
  return { tasklist: listId, maxResults: pageSize, showCompleted: view.showCompleted, showHidden: view.showHidden };
}

export function taskListsKey() {
  return apiQueryKey('TasksTasklistsList', { maxResults: 100 });
}

export function useTaskLists() {
  const query = useApiQuery('TasksTasklistsList', { maxResults: 100 }, { allPagesOf: 'items' });
  return { ...query, lists: (query.data?.items ?? []).filter(hasId) };
}

/**
 * Every page of a list's tasks. On the first load the column shows each page as it arrives, so a
 * long list is on screen after its first page; a refetch replaces the data only once complete, so a
 * column never shrinks while it reloads.
 */
export async function fetchAllTasks(
  params: ParamsFor<'TasksTasksList'>,
  progressive: boolean,
): Promise<TaskPage & { items: TaskItem[] }> {
  const key = apiQueryKey('TasksTasksList', params);
  const firstLoad = progressive && queryClient.getQueryData(key) === undefined;
  let items: TaskItem[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await callApi('TasksTasksList', { ...params, ...(pageToken ? { pageToken } : {}) });
    items = items.concat((answer.items ?? []).filter(hasId));
    pageToken = answer.nextPageToken || undefined;
    if (!pageToken) break;
    if (firstLoad) queryClient.setQueryData<TaskPage>(key, { kind: 'tasks#tasks', items, partial: true });
  }
  return { kind: 'tasks#tasks', items };
}

export function useColumnTasks(listId: string, view: TaskView) {
  const params = listParams(listId, view);
  const query = useQuery<TaskPage>({
    queryKey: apiQueryKey('TasksTasksList', params),
    queryFn: () => fetchAllTasks(params, true),
  });
  return { ...query, tasks: query.data?.items ?? [], partial: query.data?.partial === true };
}

/** The tasks a column currently shows, read from the cache (for planning drops). */
export function cachedTasks(listId: string, view: TaskView): TaskItem[] {
  return queryClient.getQueryData<TaskPage>(apiQueryKey('TasksTasksList', listParams(listId, view)))?.items ?? [];
}

/** Every task of a list the cache knows of, whichever views loaded them. */
export function cachedListTasks(listId: string): TaskItem[] {
  const byId = new Map<string, TaskItem>();
  for (const [key, page] of queryClient.getQueriesData<TaskPage>({ queryKey: apiQueryPrefix('TasksTasksList') })) {
    if (!apiKeyParamsInclude(key, { tasklist: listId })) continue;
    for (const task of page?.items ?? []) byId.set(task.id, task);
  }
  return [...byId.values()];
}

/** A task and its subtasks as the cache knows them (root first, parents before children). */
export function cachedSubtree(listId: string, taskId: string): TaskItem[] {
  return subtreeOf(cachedListTasks(listId), taskId);
}

/** Every task of a list from the service, deleted ones included (to restore what was deleted). */
export async function fetchListWithDeleted(listId: string): Promise<TaskItem[]> {
  const page = await fetchAllTasks(
    { ...listParams(listId, { showCompleted: true, showHidden: true }), showDeleted: true },
    false,
  );
  return page.items;
}
