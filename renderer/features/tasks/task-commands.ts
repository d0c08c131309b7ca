import { useEffect } from 'react';
import { create } from 'zustand';
import { callApiAllPages } from '../../lib/api';
import { registerCommandSource, registerCommands } from '../../lib/commands';
import { notify } from '../../lib/notify';
import { useViewStore } from '../../shell/views';
import { openTaskRoute } from './task-route';

/** How many tasks the palette lists for what is typed. */
const taskResults = 6;

/** A list to bring forward on the board, its new-task field focused (`null`: the first list). */
interface BoardRequest {
  listId: string | null;
}

const useRequestStore = create<{ request: BoardRequest | null; ask: (request: BoardRequest | null) => void }>(
  (set) => ({ request: null, ask: (request) => set({ request }) }),
);

function ask(request: BoardRequest) {
  useRequestStore.getState().ask(request);
  useViewStore.getState().show('tasks');
}

/**
 * The board's commands in the palette: a new task, and "go to" each task list by name. Registered for
 * the app's lifetime, whichever view is shown; returns the unregister function.
 */
export function registerTaskCommands(): () => void {
  const unregister = registerCommands([
    {
      id: 'tasks.newTask',
      title: 'New task',
      group: 'Create',
      keywords: ['create', 'add', 'todo', 'to-do', 'tasks'],
      run: () => ask({ listId: null }),
    },
  ]);
  const unregisterSource = registerCommandSource({
    id: 'tasks.lists',
    matches: 'palette',
    find: async () => {
      const page = await callApiAllPages('TasksTasklistsList', { maxResults: 100 }, 'items');
      return (page.items ?? []).flatMap((list) => {
        if (!list.id) return [];
        const title = list.title?.trim() || 'Untitled list';
        const listId = list.id;
        return [
          {
            id: `tasks.list.${listId}`,
            title,
            group: 'Task lists' as const,
            keywords: ['list', 'tasks'],
            hint: 'Task list',
            run: () => ask({ listId }),
          },
        ];
      });
    },
  });
  const unregisterTasks = registerCommandSource({
    id: 'tasks.byTitle',
    matches: 'source',
    find: async (query, signal) => {
      if (query.length < 2) return [];
      // Every word, in any order: "milk buy" finds "Buy milk".
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const lists = ((await callApiAllPages('TasksTasklistsList', { maxResults: 100 }, 'items')).items ?? []).filter(
        (list): list is typeof list & { id: string } => Boolean(list.id),
      );
      // Open tasks whose title has the words, list by list in the board's order, a few at most; every
      // page of a long list, not only its first hundred.
      const pages = await Promise.all(
        lists.map((list) =>
          callApiAllPages(
            'TasksTasksList',
            { tasklist: list.id, showCompleted: false, showHidden: false, maxResults: 100 },
            'items',
          ),
        ),
      );
      if (signal.aborted) return [];
      return lists
        .flatMap((list, index) =>
          (pages[index]?.items ?? []).flatMap((task) => {
            const taskId = task.id;
            const title = task.title?.trim() ?? '';
            const lower = title.toLowerCase();
            if (!taskId || !title || task.deleted || !words.every((word) => lower.includes(word))) return [];
            return [
              {
                id: `tasks.task.${list.id}.${taskId}`,
                title,
                group: 'Tasks' as const,
                hint: list.title?.trim() || 'Untitled list',
                run: () => void openTaskRoute({ kind: 'task', tasklist: list.id, task: taskId }),
              },
            ];
          }),
        )
        .slice(0, taskResults);
    },
  });
  return () => {
    unregister();
    unregisterSource();
    unregisterTasks();
  };
}

/**
 * On the board: brings the asked-for list's column into view and puts the focus in its "Add a task"
 * field, once the columns are drawn (`ready`).
 */
export function useBoardCommandRequests(ready: boolean) {
  const request = useRequestStore((state) => state.request);
  useEffect(() => {
    if (!request || !ready) return;
    useRequestStore.getState().ask(null);
    const columns = [
      ...document.querySelectorAll<HTMLElement>('[data-testid="task-board"] [data-testid="task-column"]'),
    ];
    const column = request.listId ? columns.find((entry) => entry.dataset.listId === request.listId) : columns[0];
    if (!column) {
      notify({ message: 'That list no longer exists.', kind: 'error' });
      return;
    }
    column.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    column.querySelector<HTMLInputElement>('[data-testid="task-new-title"]')?.focus();
  }, [request, ready]);
}
