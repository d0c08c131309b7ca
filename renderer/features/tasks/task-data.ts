import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, callApi, queryClient, useApiQuery, type ParamsFor } from '../../lib/api';
import type { TaskItem, TaskListItem, TaskPage } from './task-types';

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
  return { ...query, lists: ((query.data as { items?: TaskListItem[] } | undefined)?.items ?? []) as TaskListItem[] };
}

/**
 * Every page of a list's tasks. On the first load the column shows each page as it arrives, so a
 * long list is on screen after its first page; a refetch replaces the data only once complete, so a
 * column never shrinks while it reloads.
 */
async function fetchAllTasks(params: ParamsFor<'TasksTasksList'>, progressive: boolean): Promise<TaskPage> {
  const key = apiQueryKey('TasksTasksList', params);
  const firstLoad = progressive && queryClient.getQueryData(key) === undefined;
  let items: TaskItem[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = (await callApi('TasksTasksList', { ...params, ...(pageToken ? { pageToken } : {}) })) as TaskPage & {
      nextPageToken?: string;
    };
    items = items.concat(answer.items ?? []);
    pageToken = answer.nextPageToken || undefined;
    if (!pageToken) break;
    if (firstLoad) queryClient.setQueryData(key, { kind: 'tasks#tasks', items, partial: true });
  }
  return { kind: 'tasks#tasks', items };
}

export function useColumnTasks(listId: string, view: TaskView) {
  const params = listParams(listId, view);
  const query = useQuery({
    queryKey: apiQueryKey('TasksTasksList', params),
    queryFn: () => fetchAllTasks(params, true),
  });
  const page = query.data as TaskPage | undefined;
  return { ...query, tasks: page?.items ?? [], partial: page?.partial === true };
}

/** The tasks a column currently shows, read from the cache (for planning drops). */
export function cachedTasks(listId: string, view: TaskView): TaskItem[] {
  return (
    (queryClient.getQueryData(apiQueryKey('TasksTasksList', listParams(listId, view))) as TaskPage | undefined)
      ?.items ?? []
  );
}

/** Every live task of a list from the service, completed and hidden ones included. */
export async function fetchCompleteList(listId: string): Promise<TaskItem[]> {
  const page = await fetchAllTasks(listParams(listId, { showCompleted: true, showHidden: true }), false);
  return page.items ?? [];
}
