/** The platform's conventions for keyboard shortcuts: ⌘ on macOS, Ctrl elsewhere. */
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
