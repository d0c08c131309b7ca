import * as Popover from '@radix-ui/react-popover';
import { todayIn } from '../../lib/today';
import { describeDue, type DueTask } from '../tasks';
import { taskColor } from './calendar-tasks';
import { QuickViewFrame, excerptOf } from './QuickViewFrame';

export interface TaskQuickViewTarget {
  due: DueTask & { listTitle: string };
  /** The task's entry on the grid: where the card points, and where focus goes back to. */
  anchor: HTMLElement;
}

interface TaskQuickViewProps {
  target: TaskQuickViewTarget | null;
  displayZone: string;
  onToggleCompleted: (due: DueTask, completed: boolean) => void;
  onClose: () => void;
}

/**
 * What a click on a task in the calendar shows, as Google Calendar's task card does: the title, when
 * it is due, its notes and list, and a button to mark it completed (with Undo in the toast).
 */
export function TaskQuickView({ target, displayZone, onToggleCompleted, onClose }: TaskQuickViewProps) {
  return (
    <Popover.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <>
          <Popover.Anchor virtualRef={{ current: target.anchor }} />
          <Popover.Portal>
            <TaskCard
              target={target}
              displayZone={displayZone}
              onToggleCompleted={onToggleCompleted}
              onClose={onClose}
            />
          </Popover.Portal>
        </>
      ) : null}
    </Popover.Root>
  );
}

const fullDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function TaskCard({
  target,
  displayZone,
  onToggleCompleted,
  onClose,
}: Pick<TaskQuickViewProps, 'displayZone' | 'onToggleCompleted' | 'onClose'> & { target: TaskQuickViewTarget }) {
  const { due, anchor } = target;
  const completed = due.task.status === 'completed';
  const title = due.task.title?.trim() || 'Untitled task';
  const label = describeDue(due.date, todayIn(new Date(), displayZone), !completed);
  const excerpt = excerptOf(due.task.notes);
  return (
    <QuickViewFrame title={title} anchor={anchor} testId="task-quick-view" onClose={onClose}>
      <div className="quick-view__actions" role="toolbar" aria-label="Task actions">
        <Popover.Close className="quick-view__close" aria-label="Close" data-testid="quick-view-close">
          <span aria-hidden="true">×</span>
        </Popover.Close>
      </div>
      <div className="quick-view__head">
        <span className="quick-view__swatch" style={{ background: taskColor.background }} aria-hidden="true" />
        <div>
          <h2
            className={`quick-view__title${completed ? ' quick-view__title--done' : ''}`}
            data-testid="task-quick-view-title"
          >
            {title}
          </h2>
          <p
            className={`quick-view__when${label.overdue ? ' quick-view__when--overdue' : ''}`}
            data-testid="task-quick-view-due"
          >
            {fullDate.format(new Date(`${due.date}T00:00:00Z`))}
            {completed ? ' · Completed' : label.overdue ? ' · Overdue' : ''}
          </p>
        </div>
      </div>
      <dl className="quick-view__rows">
        {excerpt ? (
          <div className="quick-view__row">
            <dt>Notes</dt>
            <dd className="quick-view__description" data-testid="task-quick-view-notes">
              {excerpt}
            </dd>
          </div>
        ) : null}
        <div className="quick-view__row">
          <dt>List</dt>
          <dd className="quick-view__calendar" data-testid="task-quick-view-list">
            {due.listTitle}
          </dd>
        </div>
      </dl>
      <div className="quick-view__footer">
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => onToggleCompleted(due, !completed)}
          data-testid="task-quick-view-complete"
        >
          {completed ? 'Mark not completed' : 'Mark completed'}
        </button>
      </div>
    </QuickViewFrame>
  );
}
