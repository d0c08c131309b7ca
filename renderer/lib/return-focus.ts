/**
 * Focus for a Radix dialog opened without its `Dialog.Trigger` (by a shortcut, a menu, a toolbar
 * button that only sets state): when it closes, the keyboard goes back to what had focus when it
 * opened, as WAI-ARIA's dialog pattern asks. Radix returns focus only to a `Dialog.Trigger`; without
 * one it leaves focus on the page's body, so a keyboard user starts again from the top.
 *
 * Spread on `Dialog.Content`: `<Dialog.Content {...returnFocus}>`.
 */

/** What had focus when each open dialog's content was mounted, by its content element. */
const openedFrom = new WeakMap<EventTarget, HTMLElement>();

/**
 * The element with focus now and the one before it, as focus events report them. A field with
 * `autoFocus` takes focus as the dialog's content mounts, before the content's ref is attached;
 * what had focus then is the one before.
 */
let focused: HTMLElement | null = null;
let focusedBefore: HTMLElement | null = null;

function trackFocus(): void {
  const active = document.activeElement;
  focused = active instanceof HTMLElement && active !== document.body ? active : null;
  document.addEventListener(
    'focusin',
    (event) => {
      if (!(event.target instanceof HTMLElement) || event.target === focused) return;
      focusedBefore = focused;
      focused = event.target;
    },
    true,
  );
  document.addEventListener(
    'focusout',
    (event) => {
      // Focus left for nowhere (the body, another window).
      if (event.relatedTarget !== null) return;
      focusedBefore = focused;
      focused = null;
    },
    true,
  );
}

if (typeof document !== 'undefined') trackFocus();

export const returnFocus = {
  /** Attached as the content mounts: notes what had focus just before the dialog took it. */
  ref(content: HTMLElement | null): void {
    if (!content) return;
    const active = document.activeElement;
    const before = active instanceof HTMLElement && content.contains(active) ? focusedBefore : active;
    if (before instanceof HTMLElement && before !== document.body && !content.contains(before)) {
      openedFrom.set(content, before);
    }
  },
  /** Radix calls this after the content closed. */
  onCloseAutoFocus(event: Event): void {
    const content = event.currentTarget;
    const previous = content ? openedFrom.get(content) : undefined;
    if (content) openedFrom.delete(content);
    // Gone meanwhile (a menu item, a row that was deleted): Radix's own behaviour, the body.
    if (!previous?.isConnected) return;
    event.preventDefault();
    previous.focus({ preventScroll: true });
  },
};
