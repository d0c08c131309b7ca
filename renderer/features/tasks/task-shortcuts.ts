import type { ShortcutGroup } from '../../components/ShortcutSheet';
import { commandShortcut } from '../../lib/platform';
import { useSingleKeys } from '../../lib/single-keys';
import { indentShortcut, outdentShortcut } from './CardMenu';

/** The board's keys, as its "?" sheet lists them. */
export const taskShortcutSheet: ShortcutGroup[] = [
  {
    group: 'On a task',
    items: [
      { keys: ['↑', '↓'], does: 'Previous or next task' },
      { keys: ['PgUp', 'PgDn'], does: 'A screenful up or down' },
      { keys: ['Home', 'End'], does: 'First or last task' },
      { keys: [indentShortcut.label], does: 'Indent' },
      { keys: [outdentShortcut.label], does: 'Outdent' },
      { keys: ['Shift+F10', 'Menu'], does: 'Task menu' },
      { keys: ['Enter'], does: 'Open (on the title)' },
    ],
  },
  {
    group: 'Moving a task',
    items: [
      { keys: ['Space'], does: 'Pick up, drop (on ⠿)' },
      { keys: ['↑', '↓'], does: 'Move up or down' },
      { keys: ['←', '→'], does: 'Move to the next list' },
      { keys: ['Esc'], does: 'Cancel the move' },
    ],
  },
  {
    group: 'Anywhere',
    items: [
      { keys: [commandShortcut('Z')], does: 'Undo' },
      { keys: [commandShortcut('K')], does: 'Search and commands' },
      { keys: ['?'], does: 'Show these shortcuts' },
    ],
  },
];

/** "?" on the board (not while typing, nor over a dialog) shows its shortcuts. */
export function useTaskShortcuts(help: () => void): void {
  useSingleKeys((key) => {
    if (key !== '?') return false;
    help();
    return true;
  });
}
