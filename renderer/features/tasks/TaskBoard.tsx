import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyPanel, ErrorPanel, LoadingPanel } from '../../components/StatusPanel';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { useActiveAccount } from '../../lib/api';
import { describeTarget, dragInstructions } from './announcements';
import { useBoardStore } from './board-store';
import { useColumnOrder } from './column-order';
import {
  boardKeyboardCoordinates,
  dropDataOf,
  liveTargetAt,
  pointerPoint,
  probeCollision,
  probePoint,
  targetAt,
  type DragData,
} from './drag-geometry';
import { holdKeysUntilSensorListens } from './keyboard-handoff';
import { planDrop, sameTarget, type DropTarget } from './drop-plan';
import { dueValue, indentDestination, outdentDestination } from './card-actions';
import type { CardCommands } from './CardMenu';
import {
  addTask,
  createList,
  deleteList,
  deleteTask,
  editTask,
  moveTask,
  renameList,
  setCompleted,
  transferTask,
} from './mutations';
import { TaskCard, taskTitle } from './TaskCard';
import { TaskColumn, type ColumnCommands } from './TaskColumn';
import { cachedTasks, useTaskLists, type TaskView } from './queries';
import { TaskDetailsDialog } from './TaskDetailsDialog';
import { subtreeOf } from './task-tree';
import { focusCardSoon, successorOf } from './card-focus';
import type { TaskItem, TaskListItem } from './task-types';
import './tasks.css';
import { useBoardCommandRequests } from './task-commands';
import { taskShortcutSheet, useTaskShortcuts } from './task-shortcuts';
import { ShortcutSheet } from '../../components/ShortcutSheet';

interface ActiveDrag extends DragData {
  width: number | null;
}

/**
 * The task board: a column per task list, cards nested under their parents. Tasks are moved by
 * dragging their handle (pointer or keyboard) above, onto or below another card, or to the end of
 * a column; every change shows at once, can be undone from its toast, and is taken back, with the
 * reason shown, if the service refuses it.
 */
export function TaskBoard() {
  const account = useActiveAccount();
  const { lists, isPending, isError, error, refetch } = useTaskLists();
  const listIds = useMemo(() => lists.map((l) => l.id), [lists]);
  const { ordered, move } = useColumnOrder(account, listIds);
  const columns = useMemo(() => {
    const byId = new Map(lists.map((l) => [l.id, l]));
    return ordered.map((id) => byId.get(id)).filter((l): l is TaskListItem => l !== undefined);
  }, [lists, ordered]);

  const showCompleted = useBoardStore((s) => s.showCompleted);
  const showHidden = useBoardStore((s) => s.showHidden);
  const status = useBoardStore((s) => s.status);
  const view = useMemo<TaskView>(() => ({ showCompleted, showHidden }), [showCompleted, showHidden]);

  const [active, setActive] = useState<ActiveDrag | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const [refused, setRefused] = useState(false);
  const activeRef = useRef<ActiveDrag | null>(null);
  const targetRef = useRef<DropTarget | null>(null);
  const announcedRef = useRef('');

  const [details, setDetails] = useState<{ listId: string; task: TaskItem } | null>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useTaskShortcuts(() => setShortcutsOpen(true));
  // A task opened from outside the board (a deep link) shows in the details dialog.
  const revealed = useBoardStore((s) => s.revealed);
  useEffect(() => {
    if (!revealed) return;
    useBoardStore.getState().reveal(null);
    setDetails(revealed);
  }, [revealed]);
  const [creating, setCreating] = useState(false);
  useBoardCommandRequests(!isPending && columns.length > 0);
  const [addingSubtask, setAddingSubtask] = useState<{ listId: string; task: TaskItem } | null>(null);
  const [renaming, setRenaming] = useState<TaskListItem | null>(null);
  const [deleting, setDeleting] = useState<TaskListItem | null>(null);

  const listTitleOf = useCallback(
    (listId: string) => lists.find((l) => l.id === listId)?.title?.trim() || 'Untitled list',
    [lists],
  );
  const taskTitleOf = useCallback(
    (listId: string, taskId: string) => taskTitle(cachedTasks(listId, view).find((t) => t.id === taskId) ?? {}),
    [view],
  );

  const coordinateGetter = useMemo(
    () =>
      boardKeyboardCoordinates(
        () => targetRef.current,
        () => activeRef.current?.listId ?? null,
      ),
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const isRefused = useCallback(
    (t: DropTarget | null): boolean => {
      const drag = activeRef.current;
      if (!drag || t?.kind !== 'task' || t.listId !== drag.listId) return false;
      return subtreeOf(cachedTasks(drag.listId, view), drag.taskId).some(
        (task) => task.id === t.taskId && task.id !== drag.taskId,
      );
    },
    [view],
  );

  const follow = useCallback(
    (event: DragMoveEvent | DragEndEvent) => {
      // A pointer drop is judged against the page as it is now; the keyboard moves between measured places.
      const pointer = pointerPoint(event.activatorEvent, event.delta);
      const probe = pointer ?? probePoint(event.activatorEvent, event.delta, event.active.rect.current.translated);
      const next = pointer ? liveTargetAt(pointer) : targetAt(dropDataOf(event.over), event.over?.rect, probe);
      if (sameTarget(next, targetRef.current)) return;
      targetRef.current = next;
      setTarget(next);
      setRefused(isRefused(next));
    },
    [isRefused],
  );

  const finish = () => {
    activeRef.current = null;
    targetRef.current = null;
    announcedRef.current = '';
    setActive(null);
    setTarget(null);
    setRefused(false);
  };

  const onDragStart = ({ active: started }: DragStartEvent) => {
    const data = started.data.current as DragData | undefined;
    if (!data) return;
    const drag = { ...data, width: started.rect.current.initial?.width ?? null };
    holdKeysUntilSensorListens();
    activeRef.current = drag;
    setActive(drag);
  };

  const onDragEnd = (event: DragEndEvent) => {
    follow(event);
    const drag = activeRef.current;
    const dropTarget = targetRef.current;
    finish();
    if (!drag || !dropTarget) return;
    const sourceTasks = cachedTasks(drag.listId, view);
    const targetTasks = dropTarget.listId === drag.listId ? sourceTasks : cachedTasks(dropTarget.listId, view);
    const plan = planDrop(drag.listId, drag.taskId, sourceTasks, dropTarget, targetTasks);
    const task = sourceTasks.find((t) => t.id === drag.taskId);
    const board = useBoardStore.getState();
    if (plan.type === 'none' || !task) {
      board.announce(plan.type === 'none' ? plan.reason : 'The task is no longer there.');
      return;
    }
    const where = describeTarget(dropTarget, drag.listId, taskTitleOf, listTitleOf);
    const description = `“${drag.title}” moved ${where}.`;
    if (plan.type === 'move') void moveTask(drag.listId, task, plan.to, description);
    else void transferTask(drag.listId, task, sourceTasks, plan.to, description);
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => `Picked up task “${(a.data.current as DragData | undefined)?.title ?? ''}”.`,
    onDragMove: () => describeMove(),
    onDragOver: () => describeMove(),
    onDragEnd: ({ active: a }) => {
      const title = (a.data.current as DragData | undefined)?.title ?? '';
      return `Dropped task “${title}”.`;
    },
    onDragCancel: ({ active: a }) =>
      `Moving “${(a.data.current as DragData | undefined)?.title ?? ''}” was cancelled; it stays where it was.`,
  };

  function describeMove(): string | undefined {
    const drag = activeRef.current;
    if (!drag) return undefined;
    const t = targetRef.current;
    const own = t?.kind === 'task' && t.listId === drag.listId && t.taskId === drag.taskId;
    const text = own
      ? `“${drag.title}” is over its own place.`
      : isRefused(t)
        ? `“${drag.title}” cannot go inside its own subtask.`
        : `“${drag.title}” would go ${describeTarget(t, drag.listId, taskTitleOf, listTitleOf)}.`;
    if (text === announcedRef.current) return undefined;
    announcedRef.current = text;
    return text;
  }

  const listsRef = useRef(lists);
  listsRef.current = lists;
  const card = useMemo<CardCommands>(
    () => ({
      open: (listId, task) => setDetails({ listId, task }),
      addSubtask: (listId, task) => setAddingSubtask({ listId, task }),
      setDue: (listId, task, date) => void editTask(listId, task, { due: date === null ? null : dueValue(date) }),
      pickDue: (listId, task) => setDetails({ listId, task }),
      moveToList: (listId, task, toListId) => {
        const source = cachedTasks(listId, view);
        const plan = planDrop(listId, task.id, source, { kind: 'end', listId: toListId }, cachedTasks(toListId, view));
        if (plan.type !== 'transfer') return;
        void transferTask(listId, task, source, plan.to, `“${taskTitle(task)}” moved to “${listTitleOf(toListId)}”.`);
      },
      indent: (listId, task) => {
        const found = indentDestination(listId, cachedTasks(listId, view), task);
        if (!found) return false;
        const message = `“${taskTitle(task)}” is now a subtask of “${taskTitle(found.under)}”.`;
        useBoardStore.getState().announce(message);
        void moveTask(listId, task, found.to, message);
        return true;
      },
      outdent: (listId, task) => {
        const found = outdentDestination(listId, cachedTasks(listId, view), task);
        if (!found) return false;
        const message = `“${taskTitle(task)}” is no longer a subtask of “${taskTitle(found.from)}”.`;
        useBoardStore.getState().announce(message);
        void moveTask(listId, task, found.to, message);
        return true;
      },
      complete: (listId, task, completed) => void setCompleted(listId, task, completed),
      remove: (listId, task) => {
        // The card's menu had the keyboard: it goes on to the card that takes the deleted one's place.
        const going = new Set(subtreeOf(cachedTasks(listId, view), task.id).map((t) => t.id));
        const next = successorOf(listId, task.id, going, true);
        if (next !== undefined) focusCardSoon(listId, task.id, next);
        void deleteTask(listId, task);
      },
      lists: () => listsRef.current,
    }),
    [view, listTitleOf],
  );
  const commands = useMemo<ColumnCommands>(
    () => ({
      rename: (list) => setRenaming(list),
      remove: (list) => setDeleting(list),
      move: (listId, delta) => move(listId, delta),
      open: (listId, task) => setDetails({ listId, task }),
      card,
    }),
    [move, card],
  );

  return (
    <div className="task-board" data-testid="task-board">
      <div className="task-board__toolbar">
        <h1 className="task-board__title">Tasks</h1>
        <label className="task-board__toggle">
          <input
            type="checkbox"
            checked={showCompleted}
            onChange={(e) => useBoardStore.getState().setShowCompleted(e.target.checked)}
            data-testid="toggle-show-completed"
          />
          Show completed
        </label>
        <label className="task-board__toggle">
          <input
            type="checkbox"
            checked={showHidden}
            onChange={(e) => useBoardStore.getState().setShowHidden(e.target.checked)}
            data-testid="toggle-show-hidden"
          />
          Show hidden
        </label>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setCreating(true)}
          data-testid="list-create"
        >
          New list
        </button>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="task-board-status">
        {status}
      </div>
      {isPending ? (
        <LoadingPanel label="Loading task lists…" />
      ) : isError ? (
        <ErrorPanel title="Couldn’t load your task lists" error={error} onRetry={() => void refetch()} />
      ) : columns.length === 0 ? (
        <EmptyPanel title="No task lists" message="Create a list to start adding tasks." />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={probeCollision}
          measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
          accessibility={{ announcements, screenReaderInstructions: { draggable: dragInstructions } }}
          onDragStart={onDragStart}
          onDragMove={follow}
          onDragOver={follow}
          onDragEnd={onDragEnd}
          onDragCancel={finish}
        >
          <div className="task-board__columns" data-testid="task-board-columns">
            {columns.map((list, index) => (
              <TaskColumn
                key={list.id}
                list={list}
                index={index}
                count={columns.length}
                view={view}
                target={target?.listId === list.id ? target : null}
                refused={target?.listId === list.id && refused}
                activeTaskId={active?.listId === list.id ? active.taskId : null}
                dragging={active !== null}
                commands={commands}
              />
            ))}
          </div>
          <DragOverlay dropAnimation={null}>
            {active ? (
              <div style={{ width: active.width ?? undefined, padding: '3px 12px' }}>
                <TaskCard
                  task={
                    cachedTasks(active.listId, view).find((t) => t.id === active.taskId) ?? {
                      id: active.taskId,
                      title: active.title,
                    }
                  }
                  depth={0}
                  childCount={0}
                  overlay
                />
              </div>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}
      <TaskDetailsDialog listId={details?.listId ?? ''} task={details?.task ?? null} onClose={() => setDetails(null)} />
      <ShortcutSheet
        open={shortcutsOpen}
        onClose={() => setShortcutsOpen(false)}
        sections={taskShortcutSheet}
        description="On a focused task, or anywhere on the board when you are not typing."
      />
      <TextPromptDialog
        open={creating}
        title="New task list"
        label="List name"
        submitLabel="Create"
        testId="list-create-dialog"
        onCancel={() => setCreating(false)}
        onSubmit={(title) => {
          setCreating(false);
          void createList(title);
        }}
      />
      <TextPromptDialog
        open={addingSubtask !== null}
        title={`Add a subtask to “${addingSubtask ? taskTitle(addingSubtask.task) : ''}”`}
        label="Subtask"
        submitLabel="Add subtask"
        testId="subtask-dialog"
        onCancel={() => setAddingSubtask(null)}
        onSubmit={(title) => {
          const adding = addingSubtask;
          setAddingSubtask(null);
          if (adding) void addTask(adding.listId, title, adding.task);
        }}
      />
      <TextPromptDialog
        open={renaming !== null}
        title="Rename list"
        label="List name"
        initialValue={renaming?.title ?? ''}
        submitLabel="Rename"
        testId="list-rename-dialog"
        onCancel={() => setRenaming(null)}
        onSubmit={(title) => {
          const list = renaming;
          setRenaming(null);
          if (list) void renameList(list.id, title);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete list?"
        message={`“${deleting?.title ?? ''}” and all its tasks will be deleted. This can’t be undone.`}
        confirmLabel="Delete list"
        testId="list-delete-dialog"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const list = deleting;
          setDeleting(null);
          if (list) void deleteList(list.id, list.title ?? '');
        }}
      />
    </div>
  );
}
