import { useMemo, useState } from 'react';
import { useCompletedOpen } from './list-prefs';
import { TaskCard } from './TaskCard';
import { completedRows } from './task-tree';
import type { TaskItem } from './task-types';

interface CompletedSectionProps {
  listId: string;
  title: string;
  tasks: readonly TaskItem[];
  onToggle: (task: TaskItem, completed: boolean) => void;
  onOpen: (task: TaskItem) => void;
}

/** Shown at a time; a long history opens in steps rather than all at once. */
const pageSize = 100;

/** A list's completed tasks, newest first, behind a "Completed (n)" heading that remembers whether it is open. */
export function CompletedSection({ listId, title, tasks, onToggle, onOpen }: CompletedSectionProps) {
  const [open, setOpen] = useCompletedOpen(listId);
  const [shown, setShown] = useState(pageSize);
  const rows = useMemo(() => completedRows(tasks), [tasks]);
  const regionId = `completed-${listId}`;
  return (
    <div className="task-completed" data-testid="task-completed">
      <button
        type="button"
        className="task-completed__toggle"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen(!open)}
        data-testid="task-completed-toggle"
      >
        <span aria-hidden="true" className="task-completed__chevron">
          {open ? '▾' : '▸'}
        </span>
        Completed ({tasks.length})
      </button>
      {open ? (
        <ul id={regionId} className="task-completed__list" aria-label={`Completed tasks in ${title}`}>
          {rows.slice(0, shown).map(({ task, depth, childCount }) => (
            <li key={task.id} className="task-completed__item">
              <TaskCard task={task} depth={depth} childCount={childCount} onToggle={onToggle} onOpen={onOpen} />
            </li>
          ))}
          {rows.length > shown ? (
            <li>
              <button type="button" className="button button--ghost" onClick={() => setShown(shown + pageSize)}>
                Show {Math.min(pageSize, rows.length - shown)} more
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
