import { useDraggable, useDroppable } from '@dnd-kit/core';
import { memo, useCallback, useEffect, useState, type CSSProperties } from 'react';
import type { DragData, RowDropData } from './drag-geometry';
import type { DropZone } from './drop-plan';
import type { TaskItem } from './task-types';

const indentPx = 20;
const notesExcerptLength = 120;

/** `2024-05-10T00:00:00.000Z` → `2024-05-10` (the interface keeps only the date). */
export function dueDate(task: TaskItem): string | null {
  return task.due ? task.due.slice(0, 10) : null;
}

export function formatDue(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(undefined, {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

export function taskTitle(task: Pick<TaskItem, 'title'>): string {
  return task.title?.trim() || 'Untitled task';
}

interface TaskCardProps {
  task: TaskItem;
  depth: number;
  childCount: number;
  onToggle?: (task: TaskItem, completed: boolean) => void;
  onOpen?: (task: TaskItem) => void;
  /** The drag handle's props; absent on the floating copy shown while dragging. */
  handle?: Record<string, unknown> & { ref?: (node: HTMLElement | null) => void };
  overlay?: boolean;
}

export function TaskCard({ task, depth, childCount, onToggle, onOpen, handle, overlay }: TaskCardProps) {
  const title = taskTitle(task);
  // The box flips at once; the cache (optimistic, or rolled back) decides from its next change on.
  const [clicked, setClicked] = useState<boolean | null>(null);
  useEffect(() => setClicked(null), [task]);
  const completed = clicked ?? task.status === 'completed';
  const due = dueDate(task);
  const notes = task.notes?.trim();
  const classes = ['task-card'];
  if (depth > 0) classes.push('task-card--subtask');
  if (completed) classes.push('task-card--completed');
  if (overlay) classes.push('task-card--overlay');
  return (
    <article
      className={classes.join(' ')}
      style={{ marginLeft: depth * indentPx }}
      aria-label={title}
      data-testid="task-card"
      data-task-id={task.id}
      data-depth={depth}
      data-status={task.status ?? 'needsAction'}
      {...(task.hidden ? { 'data-hidden': 'true' } : {})}
    >
      <button
        type="button"
        className="task-card__handle"
        aria-label={`Move task ${title}`}
        data-testid="task-drag-handle"
        tabIndex={overlay ? -1 : 0}
        {...(handle ?? {})}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <input
        type="checkbox"
        className="task-card__check"
        checked={completed}
        aria-label={`Completed: ${title}`}
        data-testid="task-complete"
        disabled={overlay}
        onChange={(event) => {
          setClicked(event.target.checked);
          onToggle?.(task, event.target.checked);
        }}
      />
      <div className="task-card__body">
        <button
          type="button"
          className="task-card__title"
          data-testid="task-title"
          onClick={() => onOpen?.(task)}
          aria-label={`Open task ${title}`}
        >
          {title}
        </button>
        {due || childCount > 0 ? (
          <div className="task-card__meta">
            {due ? (
              <span data-testid="task-due" data-due={due}>
                Due {formatDue(due)}
              </span>
            ) : null}
            {childCount > 0 ? (
              <span data-testid="task-subtask-count">{childCount === 1 ? '1 subtask' : `${childCount} subtasks`}</span>
            ) : null}
          </div>
        ) : null}
        {notes ? (
          <p className="task-card__notes" data-testid="task-notes">
            {notes.length > notesExcerptLength ? `${notes.slice(0, notesExcerptLength)}…` : notes}
          </p>
        ) : null}
      </div>
    </article>
  );
}

interface TaskRowProps {
  listId: string;
  task: TaskItem;
  index: number;
  depth: number;
  childCount: number;
  start: number;
  dropZone: DropZone | null;
  refused: boolean;
  measure: (node: Element | null) => void;
  onToggle: (task: TaskItem, completed: boolean) => void;
  onOpen: (task: TaskItem) => void;
}

/** One positioned row of a column: a drag source (by its handle) and a drop target (above, onto, below). */
export const TaskRow = memo(function TaskRow({
  listId,
  task,
  index,
  depth,
  childCount,
  start,
  dropZone,
  refused,
  measure,
  onToggle,
  onOpen,
}: TaskRowProps) {
  const title = taskTitle(task);
  const dragData: DragData = { listId, taskId: task.id, title };
  const dropData: RowDropData & { title: string } = { type: 'task', listId, taskId: task.id, index, depth, title };
  // One id for both roles: sortableKeyboardCoordinates finds the dragged row among the drop targets by it.
  const id = `task:${listId}:${task.id}`;
  const drag = useDraggable({ id, data: dragData });
  const drop = useDroppable({ id, data: dropData });
  const { setNodeRef: setDragNode } = drag;
  const { setNodeRef: setDropNode } = drop;
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      setDragNode(node);
      setDropNode(node);
      measure(node);
    },
    [setDragNode, setDropNode, measure],
  );
  const classes = ['task-row'];
  if (dropZone && !refused) classes.push(`task-row--${dropZone}`);
  if (dropZone && refused) classes.push('task-row--refused');
  if (drag.isDragging) classes.push('task-row--dragging');
  // Placed with `top`, not a transform: dnd-kit measures drop targets ignoring transforms.
  const style: CSSProperties = { top: start };
  return (
    <div ref={ref} className={classes.join(' ')} style={style} data-index={index} data-testid="task-row">
      <TaskCard
        task={task}
        depth={depth}
        childCount={childCount}
        onToggle={onToggle}
        onOpen={onOpen}
        handle={{ ref: drag.setActivatorNodeRef, ...drag.attributes, ...drag.listeners }}
      />
    </div>
  );
});
