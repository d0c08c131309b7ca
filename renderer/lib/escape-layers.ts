import { useCallback, useRef } from 'react';
import { returnFocus } from './return-focus';

/**
 * Escape goes to the layer the person is in.
 *
 * Radix gives Escape to the layer opened last, but a dialog, popover or menu becomes a layer only once it
 * has drawn twice (DismissableLayer 1.2.1). An Escape pressed in that moment went to the layer below: a
 * toast closed instead of the dialog just opened over it, or a dialog asked "Discard changes?" instead of
 * the date or time list just opened in it closing.
 *
 * So a layer that receives Escape while the focus is in another layer's content, or on a field whose open
 * popup lies outside the layer (`aria-expanded` with `aria-controls`), passes the key on: it is given
 * again a frame later, to whichever layer is on top then. After a few frames the layer takes it as it
 * always did, so a popup that never becomes a layer cannot hold the key forever.
 */

/** Content that is a layer of its own: dialogs, popovers, menus and listboxes (portalled, as Radix draws them). */
const layerContent =
  '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

/** Escapes given again, with the number of frames each has waited. */
const passes = new WeakMap<Event, number>();
const maxPasses = 3;

/** The popup the focus is in, or the one the focused field has open. */
function focusedPopup(focused: HTMLElement): Element | null {
  const controls = focused.getAttribute('aria-expanded') === 'true' ? focused.getAttribute('aria-controls') : null;
  const popup = controls ? document.getElementById(controls) : null;
  return popup ?? focused.closest(layerContent);
}

/**
 * For a layer's `onEscapeKeyDown`, before its own handling: answers true when the key was passed on
 * (the caller then does nothing). `layer` is the layer's own element (null for one the focus is never
 * in, such as a toast).
 */
export function passEscapeToNewerLayer(event: KeyboardEvent, layer: Element | null): boolean {
  const waited = passes.get(event) ?? 0;
  if (waited >= maxPasses) return false;
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement)) return false;
  const popup = focusedPopup(focused);
  if (!popup || (layer !== null && (layer === popup || layer.contains(popup)))) return false;
  event.preventDefault();
  requestAnimationFrame(() => {
    if (!focused.isConnected) return;
    const again = new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true });
    passes.set(again, waited + 1);
    focused.dispatchEvent(again);
  });
  return true;
}

/**
 * Props for the content of a dialog that hosts popups (`<Dialog.Content {...layer}>`): focus goes back to
 * where it came from (`returnFocus`), and Escape that belongs to a popup not yet a layer is passed on.
 * `onEscapeKeyDown` answers true when it passed the key; a dialog with handling of its own runs that only
 * when it answers false.
 */
export function useDialogLayer() {
  const layer = useRef<HTMLDivElement | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    layer.current = node;
    returnFocus.ref(node);
  }, []);
  const onEscapeKeyDown = useCallback((event: KeyboardEvent) => passEscapeToNewerLayer(event, layer.current), []);
  return { ...returnFocus, ref, onEscapeKeyDown };
}
