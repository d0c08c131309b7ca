import { useEffect, useRef } from 'react';
import { isTypingTarget } from './platform';

/** Where a view's single keys stop: while a dialog is open, by default. */
const dialogOpen = '[role="dialog"]';

/**
 * A view's single-key shortcuts, as Google's apps have them: `onKey` gets each key pressed anywhere in
 * the window without Ctrl, ⌘ or Alt, while nothing is being typed and nothing matching `blockedBy` is
 * open, and says whether it acted (the key's default is then prevented). The latest `onKey` is used.
 */
export function useSingleKeys(onKey: (key: string) => boolean, blockedBy = dialogOpen): void {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target) || document.querySelector(blockedBy)) return;
      if (latest.current(event.key)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [blockedBy]);
}
