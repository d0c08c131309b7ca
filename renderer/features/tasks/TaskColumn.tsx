import { useDroppable } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { EndDropData } from './drag-geometry';
import type { DropTarget } from './drop-plan';
import type { CardCommands } from './CardMenu';
import { CompletedSection } from './CompletedSection';
import { useListSort } from './list-prefs';
import { ListMenu } from './ListMenu';
import { addTask, clearCompleted, setCompleted } from './mutations';
import { TaskRow } from './TaskCard';
import { useColumnTasks, type TaskView } from './queries';
import { buildRows, sortRowsByDue, subtreeOf } from './task-tree';
import { focusCardSoon, successorOf } from './card-focus';
import { useToday } from '../../lib/today';
import { describeDue } from './due-date';
import { asTyped, loadTaskInputReader, useTaskInputReader } from './task-input-reader';
import type { TaskItem, TaskListItem } from './task-types';

export interface ColumnCommands {
  rename(list: TaskListItem): void;
  remove(list: TaskListItem): void;
  move(listId: string, delta: -1 | 1): void;
  open(listId: string, task: TaskItem): void;
  card: CardCommands;
}

interface TaskColumnProps {
  list: TaskListItem;
  index: number;
  count: number;
  view: TaskView;
  /** The drop target while it is in this column. */
  target: DropTarget | null;
  /** True when dropping on `target` is refused (a task into its own subtree). */
  refused: boolean;
  activeTaskId: string | null;
  /** True while any card of the board is being dragged. */
  dragging: boolean;
  commands: ColumnCommands;
}

const estimatedRowHeight = 56;

export const TaskColumn = memo(function TaskColumn({
  list,
  index,
  count,
  view,
  target,
  refused,
  activeTaskId,
  dragging,
  commands,
}: TaskColumnProps) {
  const title = list.title?.trim() || 'Untitled list';
  const { tasks, isPending, isError, error, partial, refetch } = useColumnTasks(list.id, view);
  const [sort, setSort] = useListSort(list.id);
  // Completed tasks leave the outline for the "Completed" section below it, as in Google Tasks.
  const open = useMemo(() => tasks.filter((t) => t.status !== 'completed'), [tasks]);
  const done = useMemo(() => tasks.filter((t) => t.status === 'completed'), [tasks]);
  const rows = useMemo(() => (sort === 'date' ? sortRowsByDue(buildRows(open)) : buildRows(open)), [open, sort]);
  const scroller = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');

  const activeIndex = activeTaskId === null ? -1 : rows.findIndex((r) => r.task.id === activeTaskId);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      // The dragged row stays mounted while it is scrolled out of view, so the drag is not lost.
      if (activeIndex >= 0 && !indexes.includes(activeIndex)) indexes.push(activeIndex);
      return indexes;
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatedRowHeight,
    overscan: 6,
    getItemKey: (i) => rows[i]?.task.id ?? i,
    rangeExtractor,
  });

  // The whole column takes a drop: anywhere off the cards puts the task last at the top level.
  const endData: EndDropData = { type: 'end', listId: list.id };
  const end = useDroppable({ id: `end:${list.id}`, data: endData });

  const onToggle = useCallback(
    (task: TaskItem, completed: boolean) => {
      // The keyboard follows: to the card that takes a completed task's place, to a reopened one's new place.
      if (completed) {
        const going = new Set(subtreeOf(open, task.id).map((t) => t.id));
        const next = successorOf(list.id, task.id, going);
        if (next !== undefined) focusCardSoon(list.id, task.id, next);
      } else if (document.activeElement?.closest('[data-testid="task-card"]')) {
        focusCardSoon(list.id, task.id, task.id);
      }
      void setCompleted(list.id, task, completed);
    },
    [list.id, open],
  );
  const onOpen = useCallback((task: TaskItem) => commands.open(list.id, task), [commands, list.id]);

  // The due date read from the words typed ("Pay rent tomorrow"), shown under the field before it is added.
  const reader = useTaskInputReader();
  const today = useToday();
  const [keptAsText, setKeptAsText] = useState<string | null>(null);
  const read = reader && draft.trim() ? reader(draft) : null;
  const readDue = read?.due && read.phrase !== keptAsText ? read : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft('');
    setKeptAsText(null);
    const found = (reader ?? (await loadTaskInputReader().catch(() => asTyped)))(text);
    if (found.due && found.phrase !== keptAsText) void addTask(list.id, found.title, undefined, found.due);
    else void addTask(list.id, text);
  };

  const completedCount = tasks.filter((t) => t.status === 'completed' && !t.hidden).length;

  return (
    <section
      ref={end.setNodeRef}
      className={`task-column${target?.kind === 'end' ? ' task-column--drop' : ''}`}
      aria-label={`List ${title}`}
      data-testid="task-column"
      data-list-id={list.id}
      data-drop-column=""
    >
      <header className="task-column__header">
        <h2 className="task-column__title" data-testid="task-column-title">
          {title}
        </h2>
        <span className="task-column__count" data-testid="task-column-count">
          {partial ? `${rows.length}…` : rows.length}
        </span>
        <ListMenu
          title={title}
          index={index}
          count={count}
          completedCount={completedCount}
          sort={sort}
          onRename={() => commands.rename(list)}
          onDelete={() => commands.remove(list)}
          onClearCompleted={() => void clearCompleted(list.id, title)}
          onMove={(delta) => commands.move(list.id, delta)}
          onSort={setSort}
        />
      </header>
      <form className="task-column__add" onSubmit={(event) => void submit(event)}>
        <input
          className="input"
          value={draft}
          maxLength={1024}
          placeholder="Add a task"
          aria-label={`New task in ${title}`}
          data-testid="task-new-title"
          onChange={(event) => setDraft(event.target.value)}
          onFocus={() => void loadTaskInputReader().catch(() => undefined)}
        />
        <button type="submit" className="button" disabled={!draft.trim()} data-testid="task-add">
          Add
        </button>
        {readDue?.due ? (
          <p className="task-column__due-read" data-testid="task-new-due" aria-live="polite">
            <span>
              Due: {describeDue(readDue.due, today).text}{' '}
              <span className="task-column__due-phrase">(from “{readDue.phrase}”)</span>
            </span>
            <button
              type="button"
              className="task-column__due-keep"
              aria-label={`Keep “${readDue.phrase}” in the title`}
              onClick={() => setKeptAsText(readDue.phrase)}
            >
              ✕
            </button>
          </p>
        ) : null}
      </form>
      <div ref={scroller} className="task-column__scroller" data-testid="task-column-scroller">
        {isPending ? (
          <p className="task-column__end" role="status">
            Loading tasks…
          </p>
        ) : isError ? (
          <div className="banner banner--error" role="alert">
            <span className="banner__text">{error.message}</span>
            <button type="button" className="button" onClick={() => void refetch()}>
              Retry
            </button>
          </div>
        ) : rows.length === 0 && !dragging ? (
          // Nothing open: what Google Tasks says, not an empty box.
          done.length > 0 ? (
            <div className="task-column__empty" data-testid="task-column-empty">
              <CheckCircleIcon />
              <p className="task-column__empty-title">All tasks complete</p>
              <p className="task-column__empty-hint">Nice work!</p>
            </div>
          ) : (
            <div className="task-column__empty" data-testid="task-column-empty">
              <ListIcon />
              <p className="task-column__empty-title">No tasks yet</p>
              <p className="task-column__empty-hint">Add a task above, or drag one here from another list.</p>
            </div>
          )
        ) : (
          <div
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
            role="list"
            aria-label={`Tasks in ${title}`}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const zone = target?.kind === 'task' && target.taskId === row.task.id ? target.zone : null;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  // Its place in the outline, as a screen reader tells it: the list is drawn a screenful at a time.
                  aria-level={row.depth + 1}
                  aria-posinset={item.index + 1}
                  aria-setsize={rows.length}
                >
                  <TaskRow
                    listId={list.id}
                    task={row.task}
                    index={item.index}
                    depth={row.depth}
                    childCount={row.childCount}
                    start={item.start}
                    dropZone={zone}
                    refused={zone !== null && refused}
                    measure={virtualizer.measureElement}
                    onToggle={onToggle}
                    onOpen={onOpen}
                    commands={commands.card}
                    reorderable={sort === 'manual'}
                  />
                </div>
              );
            })}
          </div>
        )}
        {/* Under the open tasks, in the same scroll, as in Google Tasks: opening it takes no room from them. */}
        {view.showCompleted && done.length > 0 ? (
          <CompletedSection listId={list.id} title={title} tasks={done} onToggle={onToggle} onOpen={onOpen} />
        ) : null}
      </div>
      <div
        className={`task-column__end${target?.kind === 'end' ? ' task-column__end--active' : ''}`}
        data-testid="task-column-end"
      >
        {/* What a drop here does, said while a card is dragged; otherwise only why cards keep their place. */}
        {sort === 'date'
          ? 'Sorted by date'
          : rows.length === 0 && !isPending
            ? dragging
              ? 'Drop here to add it to this list'
              : null
            : dragging
              ? 'Drop here to put last'
              : null}
      </div>
    </section>
  );
});

function CheckCircleIcon() {
  return (
    <svg className="task-column__empty-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="m8 12.5 2.7 2.7L16.5 9.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function ListIcon() {
  return (
    <svg className="task-column__empty-icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
      <rect x="4" y="3.5" width="16" height="17" rx="2" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M8 9h8M8 13h8M8 17h5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
