import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { DateField } from '../../components/DateField';
import { localeWeekStart } from '../../lib/civil-date';
import { useDialogLayer } from '../../lib/escape-layers';
import { useToday } from '../../lib/today';
import { deleteTask, editTask, setCompleted as setTaskCompleted, type TaskEdit } from './mutations';
import { cachedSubtree } from './queries';
import { shownId } from './pending-ids';
import { dueDate, taskTitle } from './TaskCard';
import type { TaskItem } from './task-types';

interface TaskDetailsDialogProps {
  listId: string;
  task: TaskItem | null;
  onClose: () => void;
}

/** Edits one task: title, notes, due date, completion; or deletes it (with its subtasks). */
export function TaskDetailsDialog({ listId, task, onClose }: TaskDetailsDialogProps) {
  return (
    <Dialog.Root open={task !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {task ? <DetailsForm key={task.id} listId={listId} task={task} onClose={onClose} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DetailsForm({ listId, task, onClose }: { listId: string; task: TaskItem; onClose: () => void }) {
  const [title, setTitle] = useState(task.title ?? '');
  const [notes, setNotes] = useState(task.notes ?? '');
  const [due, setDue] = useState(dueDate(task) ?? '');
  const [completed, setCompleted] = useState(task.status === 'completed');
  const today = useToday();
  const layer = useDialogLayer();
  const ids = { title: useId(), notes: useId(), due: useId(), completed: useId() };
  // Deleting a task deletes its subtasks: the button says so.
  const [subtasks] = useState(() => cachedSubtree(listId, shownId(task.id)).length - 1);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const edit: TaskEdit = {};
    if (title !== (task.title ?? '')) edit.title = title;
    if (notes !== (task.notes ?? '')) edit.notes = notes === '' ? null : notes;
    if (due !== (dueDate(task) ?? '')) edit.due = due === '' ? null : `${due}T00:00:00.000Z`;
    onClose();
    if (Object.keys(edit).length > 0) void editTask(listId, task, edit);
    // Through the same path as the card's checkbox: its subtasks (and the tasks it is under) follow it.
    if (completed !== (task.status === 'completed')) void setTaskCompleted(listId, task, completed);
  };

  const remove = () => {
    onClose();
    void deleteTask(listId, task);
  };

  return (
    <Dialog.Content {...layer} className="dialog" data-testid="task-details" aria-describedby={undefined}>
      <Dialog.Title className="dialog__title">{taskTitle(task)}</Dialog.Title>
      <form className="task-details__form" onSubmit={save}>
        <div className="field">
          <label className="field__label" htmlFor={ids.title}>
            Title
          </label>
          <input
            id={ids.title}
            className="input"
            value={title}
            maxLength={1024}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="task-details-title"
            autoFocus
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.notes}>
            Notes
          </label>
          <textarea
            id={ids.notes}
            className="input"
            value={notes}
            maxLength={8192}
            onChange={(e) => setNotes(e.target.value)}
            data-testid="task-details-notes"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.due}>
            Due date
          </label>
          <DateField
            id={ids.due}
            value={due}
            onChange={setDue}
            today={today}
            weekStart={localeWeekStart()}
            monthLabel="Choose the due date"
            optional={{ placeholder: 'No due date' }}
            testId="task-details-due"
          />
        </div>
        <label className="task-board__toggle" htmlFor={ids.completed}>
          <input
            id={ids.completed}
            type="checkbox"
            checked={completed}
            onChange={(e) => setCompleted(e.target.checked)}
            data-testid="task-details-completed"
          />
          Completed
        </label>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={remove} data-testid="task-details-delete">
            {subtasks > 0
              ? `Delete task and ${subtasks === 1 ? 'its subtask' : `its ${subtasks} subtasks`}`
              : 'Delete task'}
          </button>
          <span style={{ flex: 1 }} />
          <Dialog.Close asChild>
            <button type="button" className="button" data-testid="task-details-cancel">
              Cancel
            </button>
          </Dialog.Close>
          <button type="submit" className="button button--primary" data-testid="task-details-save">
            Save
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
