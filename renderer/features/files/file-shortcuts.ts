import type { ShortcutGroup } from '../../components/ShortcutSheet';
import { commandShortcut } from '../../lib/platform';
import { useSingleKeys } from '../../lib/single-keys';

/** The file manager's keys, as its "?" sheet lists them (the letters are Google Drive's). */
export const fileShortcutSheet: ShortcutGroup[] = [
  {
    group: 'In the list',
    items: [
      { keys: ['↑', '↓'], does: 'Previous or next' },
      { keys: ['PgUp', 'PgDn'], does: 'A screenful up or down' },
      { keys: ['Home', 'End'], does: 'First or last' },
      { keys: ['Shift+↑', 'Shift+↓'], does: 'Extend the selection' },
      { keys: [commandShortcut('↑'), commandShortcut('↓')], does: 'Move without selecting' },
      { keys: [commandShortcut('Space')], does: 'Add to the selection, or take out' },
      { keys: [commandShortcut('A')], does: 'Select all' },
      { keys: ['Esc'], does: 'Clear the selection' },
      { keys: ['Enter'], does: 'Open' },
      { keys: ['Shift+F10', 'Menu'], does: 'Actions menu' },
    ],
  },
  {
    group: 'On the selection',
    items: [
      { keys: ['.'], does: 'Share' },
      { keys: ['n', 'F2'], does: 'Rename' },
      { keys: ['s'], does: 'Star or unstar' },
      { keys: ['z'], does: 'Move to…' },
      { keys: ['Del'], does: 'Move to trash' },
    ],
  },
  {
    group: 'Anywhere',
    items: [
      { keys: ['/'], does: 'Search in Drive' },
      { keys: ['v'], does: 'List or grid layout' },
      { keys: ['i'], does: 'Show or hide details' },
      { keys: [commandShortcut('Z')], does: 'Undo' },
      { keys: [commandShortcut('K')], does: 'Search and commands' },
      { keys: ['?'], does: 'Show these shortcuts' },
    ],
  },
];

/** What the single-key shortcuts of the file manager do; each may do nothing where it does not apply. */
export interface FileShortcutHandlers {
  share: () => void;
  rename: () => void;
  star: () => void;
  move: () => void;
  search: () => void;
  toggleLayout: () => void;
  toggleDetails: () => void;
  help: () => void;
}

const actions: Record<string, keyof FileShortcutHandlers> = {
  '.': 'share',
  n: 'rename',
  s: 'star',
  z: 'move',
  '/': 'search',
  v: 'toggleLayout',
  i: 'toggleDetails',
  '?': 'help',
};

/**
 * The file manager's single keys, anywhere in it while nothing is being typed and no dialog or menu
 * is open (the list's own keys, such as the arrows, Enter, Delete and F2, are the list's).
 */
export function useFileShortcuts(handlers: FileShortcutHandlers): void {
  useSingleKeys((key) => {
    const action = actions[key];
    if (!action) return false;
    handlers[action]();
    return true;
  }, '[role="dialog"], [role="menu"], [role="alertdialog"]');
}
