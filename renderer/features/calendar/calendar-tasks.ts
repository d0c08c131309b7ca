import type { EventInput } from '@fullcalendar/react';
import { useMemo } from 'react';
import { useDueTasks, useOtherViewTaskLists, type DueTask, type TaskListItem } from '../tasks';
import { useCalendarStore } from './calendar-store';
import { addDaysToDate, dateInZone } from './time-zone';
import type { VisibleRange } from './visible-range';

/** Tasks read in one colour on the grid, as in Google Calendar, whatever list they are on. */
export const taskColor = { background: '#1a73e8', foreground: '#ffffff' };

const taskKeyPrefix = 'task\u0002';

/** Grid key of a task: it never collides with an event's (`calendarId\u0001eventId`). */
export function taskKey(listId: string, taskId: string): string {
  return `${taskKeyPrefix}${listId}\u0002${taskId}`;
}

/** What a task entry carries back to the grid's handlers. */
export interface GridTaskProps {
  kind: 'task';
  listId: string;
  taskId: string;
  completed: boolean;
}

export interface ShownTaskList {
  list: TaskListItem;
  shown: boolean;
}

export interface CalendarTasks {
  lists: ShownTaskList[];
  /** One all-day entry per task on its due day. */
  inputs: EventInput[];
  byKey: Map<string, DueTask & { listTitle: string }>;
}

function taskInput(due: DueTask): EventInput {
  const completed = due.task.status === 'completed';
  const props: GridTaskProps = { kind: 'task', listId: due.listId, taskId: due.task.id, completed };
  return {
    id: taskKey(due.listId, due.task.id),
    title: due.task.title?.trim() || 'Untitled task',
    start: due.date,
    end: addDaysToDate(due.date, 1),
    allDay: true,
    // Dragged to another day to change its due date (a day long, and never onto the hours).
    startEditable: true,
    durationEditable: false,
    allow: (span) => span.allDay,
    color: taskColor.background,
    contrastColor: taskColor.foreground,
    extendedProps: props,
  };
}

/** Tasks due in the visible range, from the lists the person shows, as grid entries. */
export function useCalendarTasks(range: VisibleRange | null, displayZone: string): CalendarTasks {
  const lists = useOtherViewTaskLists();
  const hidden = useCalendarStore((state) => state.hiddenTaskLists);
  const shownLists = useMemo(() => lists.map((list) => ({ list, shown: !hidden.includes(list.id) })), [lists, hidden]);
  const shownIds = shownLists.filter((entry) => entry.shown).map((entry) => entry.list.id);
  // The range ends at midnight starting the day after the last shown: that day is not shown.
  const from = range ? dateInZone(range.start.getTime(), displayZone) : null;
  const to = range ? dateInZone(range.end.getTime() - 1, displayZone) : null;
  const { tasks } = useDueTasks(shownIds, from, to);

  // The grid lays the view out again for a new input array: keep it while the tasks read the same.
  const signature = tasks
    .map(({ listId, task, date }) => `${listId}/${task.id}/${date}/${task.status}/${task.title ?? ''}`)
    .join('\n');
  const titles = new Map(lists.map((list) => [list.id, list.title ?? '']));
  const titlesKey = [...titles].join('\n');
  return useMemo(() => {
    const byKey: CalendarTasks['byKey'] = new Map();
    for (const due of tasks)
      byKey.set(taskKey(due.listId, due.task.id), { ...due, listTitle: titles.get(due.listId) ?? '' });
    return { lists: shownLists, inputs: tasks.map(taskInput), byKey };
    // `tasks` and `titles` are read fresh when their signatures change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, titlesKey, shownLists]);
}
