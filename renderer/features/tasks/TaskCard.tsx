import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
} from 'react';
import { WaitingDot } from '../../components/WaitingDot';
import { useWaitingToSync } from '../../lib/offline';
import { openCards } from './card-focus';
import { commandKeyHeld } from '../../lib/platform';
import {
  CardMenu,
  indentShortcut,
  openCardMenu,
  outdentShortcut,
  sortedByDateNote,
  type CardCommands,
} from './CardMenu';
import { notify } from '../../lib/notify';
import type { DragData, RowDropData } from './drag-geometry';
import type { DropZone } from './drop-plan';
import { useToday } from '../../lib/today';
import { describeDue } from './due-date';
import type { TaskItem } from './task-types';

const indentPx = 20;
const notesExcerptLength = 120;

/** `2024-05-10T00:00:00.000Z` → `2024-05-10` (the interface keeps only the date). */
export function dueDate(task: TaskItem): string | null {
  return task.due ? task.due.slice(0, 10) : null;
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
  /** The drag handle's props; absent on the floating copy shown while dragging and where cards do not move. */
  handle?: Record<string, unknown> & { ref?: (node: HTMLElement | null) => void };
  overlay?: boolean;
  /** Shows the card's hover and focus actions (add a subtask, the card's menu). */
  onAddSubtask?: (task: TaskItem) => void;
  onMenu?: (button: HTMLElement) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

export function TaskCard({
  task,
  depth,
  childCount,
  onToggle,
  onOpen,
  handle,
  overlay,
  onAddSubtask,
  onMenu,
  onKeyDown,
}: TaskCardProps) {
  const title = taskTitle(task);
  // The box flips at once; the cache (optimistic, or rolled back) decides from its next change on.
  const [clicked, setClicked] = useState<boolean | null>(null);
  useEffect(() => setClicked(null), [task]);
  const completed = clicked ?? task.status === 'completed';
  const due = dueDate(task);
  const notes = task.notes?.trim();
  const waiting = useWaitingToSync('tasks', task.id);
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
      {...(onKeyDown
        ? { tabIndex: 0, onKeyDown, 'aria-keyshortcuts': `${indentShortcut.aria} ${outdentShortcut.aria}` }
        : {})}
    >
      {handle || overlay ? (
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
      ) : (
        <span className="task-card__handle task-card__handle--still" aria-hidden="true" />
      )}
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
      <div className={`task-card__body${waiting ? ' task-card__body--waiting' : ''}`}>
        {/* A change not yet on the server: a dot before the title. */}
        {waiting ? <WaitingDot collection="tasks" id={task.id} className="task-card__waiting" /> : null}
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
            {due ? <DueDate date={due} completed={completed} /> : null}
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
      {onAddSubtask || onMenu ? (
        <div className="task-card__actions">
          {onAddSubtask ? (
            <button
              type="button"
              className="task-card__action"
              aria-label={`Add subtask to ${title}`}
              title="Add subtask"
              data-testid="task-add-subtask"
              onClick={() => onAddSubtask(task)}
            >
              <span aria-hidden="true">+</span>
            </button>
          ) : null}
          {onMenu ? (
            <button
              type="button"
              className="task-card__action"
              aria-label={`More actions for ${title}`}
              aria-haspopup="menu"
              title="More actions"
              data-testid="task-menu-button"
              onClick={(event) => onMenu(event.currentTarget)}
            >
              <span aria-hidden="true">⋯</span>
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

function DueDate({ date, completed }: { date: string; completed: boolean }) {
  const label = describeDue(date, useToday(), !completed);
  return (
    <span
      className={`task-card__due${label.overdue ? ' task-card__due--overdue' : ''}${label.days === 0 ? ' task-card__due--today' : ''}`}
      data-testid="task-due"
      data-due={date}
      {...(label.overdue ? { 'data-overdue': 'true' } : {})}
    >
      <span aria-hidden="true">
        {label.overdue ? '⚠ ' : ''}
        {label.text}
      </span>
      <span className="visually-hidden">{label.full}</span>
    </span>
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
  commands: CardCommands;
  /** False while the column is sorted by date: cards keep their place (no drag, no indent or outdent). */
  reorderable: boolean;
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
  commands,
  reorderable,
}: TaskRowProps) {
  const title = taskTitle(task);
  const dragData: DragData = { listId, taskId: task.id, title };
  const dropData: RowDropData & { title: string } = { type: 'task', listId, taskId: task.id, index, depth, title };
  // One id for both roles: sortableKeyboardCoordinates finds the dragged row among the drop targets by it.
  const id = `task:${listId}:${task.id}`;
  const drag = useDraggable({ id, data: dragData, disabled: !reorderable });
  const drop = useDroppable({ id, data: dropData });
  const { setNodeRef: setDragNode } = drag;
  const { setNodeRef: setDropNode } = drop;
  const node = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      node.current = element;
      setDragNode(element);
      setDropNode(element);
      measure(element);
    },
    [setDragNode, setDropNode, measure],
  );
  // A card that grows or shrinks (a subtask line, a due date) moves the cards below it before the
  // next paint, not a frame or more later when the resize observer reports: a card never shifts
  // under a pointer that is already aiming at it.
  useLayoutEffect(() => {
    if (node.current) measure(node.current);
  }, [task, childCount, depth, measure]);
  const classes = ['task-row'];
  if (dropZone && !refused) classes.push(`task-row--${dropZone}`);
  if (dropZone && refused) classes.push('task-row--refused');
  if (drag.isDragging) classes.push('task-row--dragging');
  // Placed with `top`, not a transform: dnd-kit measures drop targets ignoring transforms.
  const style: CSSProperties = { top: start };
  return (
    <div
      ref={ref}
      className={classes.join(' ')}
      style={style}
      data-index={index}
      data-testid="task-row"
      data-drop-row=""
      data-list-id={listId}
      data-task-id={task.id}
    >
      <CardMenu listId={listId} task={task} title={title} commands={commands} reorderable={reorderable}>
        <TaskCard
          task={task}
          depth={depth}
          childCount={childCount}
          onToggle={onToggle}
          onOpen={onOpen}
          {...(reorderable ? { handle: { ref: drag.setActivatorNodeRef, ...drag.attributes, ...drag.listeners } } : {})}
          onAddSubtask={(t) => commands.addSubtask(listId, t)}
          onMenu={openCardMenu}
          onKeyDown={(event) => cardKeys(event, listId, task, commands, reorderable)}
        />
      </CardMenu>
    </div>
  );
});

/**
 * Keys on a focused card (the card itself, not a control in it): ⌘]/Ctrl+] and ⌘[/Ctrl+[ indent
 * and outdent, Up and Down go to the card above and below, Shift+F10 and the context-menu key open
 * the card's menu. Tab only moves the focus: going through the board never changes it.
 */
const pageKeys = new Set(['PageDown', 'PageUp', 'Home', 'End']);

/**
 * Page Down / Page Up move the keyboard a screenful through the column, Home / End to its first and
 * last task, as in a list box. The column draws only the rows in view: it is scrolled first, and the
 * card then at the focused card's height on screen (the first or last one for Home and End) takes the
 * focus once drawn. Left to the browser, the page would scroll away from the focused card, whose row
 * is then taken out, and the keyboard would fall to the page.
 */
function focusPageAway(column: Element, card: HTMLElement, key: string) {
  const scroller = column.querySelector<HTMLElement>('[data-testid="task-column-scroller"]');
  if (!scroller) return;
  const view = scroller.getBoundingClientRect();
  const offset = card.getBoundingClientRect().top - view.top;
  const page = Math.max(card.offsetHeight, scroller.clientHeight - card.offsetHeight);
  if (key === 'Home') scroller.scrollTop = 0;
  else if (key === 'End') scroller.scrollTop = scroller.scrollHeight;
  else scroller.scrollTop += key === 'PageDown' ? page : -page;
  let frames = 0;
  const settle = () => {
    const cards = openCards(column);
    const top = scroller.getBoundingClientRect().top + offset;
    const target =
      key === 'Home'
        ? cards[0]
        : key === 'End'
          ? cards.at(-1)
          : cards.reduce<HTMLElement | undefined>((best, entry) => {
              const distance = Math.abs(entry.getBoundingClientRect().top - top);
              return !best || distance < Math.abs(best.getBoundingClientRect().top - top) ? entry : best;
            }, undefined);
    // Drawn once the list has caught up with the scroll (a frame or two).
    if ((!target || target === card) && ++frames < 4) {
      requestAnimationFrame(settle);
      return;
    }
    (target ?? card).focus({ preventScroll: true });
    (target ?? card).scrollIntoView({ block: 'nearest' });
  };
  requestAnimationFrame(settle);
}

function cardKeys(
  event: KeyboardEvent<HTMLElement>,
  listId: string,
  task: TaskItem,
  commands: CardCommands,
  reorderable: boolean,
) {
  if (event.target !== event.currentTarget) return;
  const card = event.currentTarget;
  if ((event.key === ']' || event.key === '[') && commandKeyHeld(event) && !event.altKey && !event.shiftKey) {
    // Handled either way: the browser's own ⌘[ goes back a page.
    event.preventDefault();
    // Sorted by date, "the task above" is not where the task is kept: say why nothing happens.
    if (!reorderable) notify({ message: sortedByDateNote });
    else if (event.key === ']') commands.indent(listId, task);
    else commands.outdent(listId, task);
    return;
  }
  if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
    event.preventDefault();
    openCardMenu(card);
    return;
  }
  if (pageKeys.has(event.key)) {
    const column = card.closest('[data-drop-column]');
    if (!column) return;
    event.preventDefault();
    focusPageAway(column, card, event.key);
    return;
  }
  if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
    const column = card.closest('[data-drop-column]');
    const cards = column ? openCards(column) : [];
    const next = cards[cards.indexOf(card) + (event.key === 'ArrowDown' ? 1 : -1)];
    if (next) {
      event.preventDefault();
      next.focus();
      next.scrollIntoView({ block: 'nearest' });
    }
  }
}
