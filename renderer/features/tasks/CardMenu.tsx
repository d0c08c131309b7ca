import * as ContextMenu from '@radix-ui/react-context-menu';
import type { ReactNode } from 'react';
import { addDays, nextWeek } from './card-actions';
import { useToday } from '../../lib/today';
import type { TaskItem, TaskListItem } from './task-types';
import { commandKeyShortcut, commandShortcut } from '../../lib/platform';

/** Indent and outdent from the keyboard, as Todoist has them: ⌘] and ⌘[ (Ctrl+] and Ctrl+[ elsewhere). */
export const indentShortcut = { label: commandShortcut(']'), aria: commandKeyShortcut(']') };
export const outdentShortcut = { label: commandShortcut('['), aria: commandKeyShortcut('[') };

/** What a card's task-menu (right-click, Shift+F10, the context-menu key, the card's ⋯ button) can do. */
export interface CardCommands {
  open(listId: string, task: TaskItem): void;
  addSubtask(listId: string, task: TaskItem): void;
  setDue(listId: string, task: TaskItem, date: string | null): void;
  pickDue(listId: string, task: TaskItem): void;
  moveToList(listId: string, task: TaskItem, toListId: string): void;
  indent(listId: string, task: TaskItem): boolean;
  outdent(listId: string, task: TaskItem): boolean;
  complete(listId: string, task: TaskItem, completed: boolean): void;
  remove(listId: string, task: TaskItem): void;
  lists(): TaskListItem[];
}

interface CardMenuProps {
  listId: string;
  task: TaskItem;
  title: string;
  commands: CardCommands;
  /** False while the list is sorted by date: indent and outdent are off (the order shown is not the list's). */
  reorderable: boolean;
  children: ReactNode;
}

/** Why a list sorted by date takes no indent or outdent. */
export const sortedByDateNote = 'This list is sorted by date. Sort it by My order to indent or outdent tasks.';

/** Opens the card task-menu of the card holding `element` as a right-click there would (keyboard and ⋯ button). */
export function openCardMenu(element: Element): void {
  const trigger = element.closest('[data-card-menu-trigger]');
  if (!trigger) return;
  const rect = (trigger.querySelector('[data-testid="task-card"]') ?? trigger).getBoundingClientRect();
  const origin = element.getBoundingClientRect();
  const x = Math.min(origin.left + origin.width / 2, rect.right - 8);
  const y = Math.min(origin.top + origin.height / 2, rect.bottom - 4);
  trigger.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: x, clientY: y }));
}

export function CardMenu({ listId, task, title, commands, reorderable, children }: CardMenuProps) {
  return (
    <ContextMenu.Root modal={false}>
      <ContextMenu.Trigger asChild>
        <div data-card-menu-trigger="">{children}</div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <CardMenuContent listId={listId} task={task} title={title} commands={commands} reorderable={reorderable} />
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

function CardMenuContent({ listId, task, title, commands, reorderable }: Omit<CardMenuProps, 'children'>) {
  const today = useToday();
  const completed = task.status === 'completed';
  const others = commands.lists().filter((l) => l.id !== listId);
  return (
    <ContextMenu.Content className="task-menu" aria-label={`Actions for ${title}`} data-testid="task-menu">
      <ContextMenu.Item className="task-menu__item" onSelect={() => commands.open(listId, task)}>
        Open
      </ContextMenu.Item>
      <ContextMenu.Item className="task-menu__item" onSelect={() => commands.addSubtask(listId, task)}>
        Add subtask
      </ContextMenu.Item>
      <ContextMenu.Sub>
        <ContextMenu.SubTrigger className="task-menu__item task-menu__item--sub">Due date</ContextMenu.SubTrigger>
        <ContextMenu.Portal>
          <ContextMenu.SubContent className="task-menu" aria-label="Due date">
            <ContextMenu.Item className="task-menu__item" onSelect={() => commands.setDue(listId, task, today)}>
              Today
            </ContextMenu.Item>
            <ContextMenu.Item
              className="task-menu__item"
              onSelect={() => commands.setDue(listId, task, addDays(today, 1))}
            >
              Tomorrow
            </ContextMenu.Item>
            <ContextMenu.Item
              className="task-menu__item"
              onSelect={() => commands.setDue(listId, task, nextWeek(today))}
            >
              Next week
            </ContextMenu.Item>
            <ContextMenu.Item className="task-menu__item" onSelect={() => commands.pickDue(listId, task)}>
              Pick a date…
            </ContextMenu.Item>
            {task.due ? (
              <ContextMenu.Item className="task-menu__item" onSelect={() => commands.setDue(listId, task, null)}>
                No due date
              </ContextMenu.Item>
            ) : null}
          </ContextMenu.SubContent>
        </ContextMenu.Portal>
      </ContextMenu.Sub>
      <ContextMenu.Sub>
        <ContextMenu.SubTrigger className="task-menu__item task-menu__item--sub" disabled={others.length === 0}>
          Move to list
        </ContextMenu.SubTrigger>
        <ContextMenu.Portal>
          <ContextMenu.SubContent className="task-menu" aria-label="Move to list">
            {others.map((list) => (
              <ContextMenu.Item
                key={list.id}
                className="task-menu__item"
                onSelect={() => commands.moveToList(listId, task, list.id)}
              >
                {list.title?.trim() || 'Untitled list'}
              </ContextMenu.Item>
            ))}
          </ContextMenu.SubContent>
        </ContextMenu.Portal>
      </ContextMenu.Sub>
      <ContextMenu.Separator className="task-menu__separator" />
      <ContextMenu.Item
        className="task-menu__item"
        disabled={!reorderable}
        onSelect={() => commands.indent(listId, task)}
      >
        Indent <kbd className="task-menu__shortcut">{indentShortcut.label}</kbd>
      </ContextMenu.Item>
      <ContextMenu.Item
        className="task-menu__item"
        disabled={!reorderable || !task.parent}
        onSelect={() => commands.outdent(listId, task)}
      >
        Outdent <kbd className="task-menu__shortcut">{outdentShortcut.label}</kbd>
      </ContextMenu.Item>
      <ContextMenu.Item className="task-menu__item" onSelect={() => commands.complete(listId, task, !completed)}>
        {completed ? 'Mark not completed' : 'Complete'}
      </ContextMenu.Item>
      <ContextMenu.Separator className="task-menu__separator" />
      <ContextMenu.Item
        className="task-menu__item task-menu__item--danger"
        onSelect={() => commands.remove(listId, task)}
      >
        Delete
      </ContextMenu.Item>
    </ContextMenu.Content>
  );
}
