/** The platform's conventions for keyboard shortcuts (⌘ on macOS, Ctrl elsewhere), and when a key is typing. */
export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** True when the platform's command key (⌘ on macOS, Ctrl elsewhere) is held, and not the other one. */
export function commandKeyHeld(event: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

/** `key` with the command key, as a menu or a shortcut sheet shows it: "⌘]" or "Ctrl+]". */
export function commandShortcut(key: string): string {
  return isMac ? `⌘${key}` : `Ctrl+${key}`;
}

/** The same, as `aria-keyshortcuts` names it: "Meta+]" or "Control+]". */
export function commandKeyShortcut(key: string): string {
  return isMac ? `Meta+${key}` : `Control+${key}`;
}

/** Inputs that are pressed rather than typed into: a shortcut key there is the app's, not text. */
const pressedInputs = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** True when a key pressed at `target` is typing (a text field, a select, editable content), not a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !pressedInputs.has(target.type);
  if (target.closest('textarea, select')) return true;
  return target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}
