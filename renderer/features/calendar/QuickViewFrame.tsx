import * as Popover from '@radix-ui/react-popover';
import { Fragment, useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { descriptionParts, excerptOfParts, excerptParts } from '../../lib/links';

/** How long a description or notes may run in a quick view before opening the item is the way to read the rest. */
const excerptLength = 240;

/** The start of a long text for a quick view, ending in "…" where it was cut. */
export function excerptOf(text: string | null | undefined): string {
  return excerptParts(text ?? '', excerptLength)
    .map((part) => part.text)
    .join('');
}

/**
 * The start of an event's description for a quick view, its web addresses as links; a description
 * written as HTML (Google Calendar's editor) reads as its text, line breaks, list items, links and
 * its bold, italic and underlined words. A link opens in the browser, as an attachment's does: a new
 * window is refused by the app and given to the system browser. Elements, not markup: the text can
 * never add any of its own.
 */
export function LinkedExcerpt({ text }: { text: string }) {
  return excerptOfParts(descriptionParts(text), excerptLength).map((part, index) => {
    let content: ReactNode = part.href ? (
      <a href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    ) : (
      part.text
    );
    if (part.underline) content = <u>{content}</u>;
    if (part.italic) content = <em>{content}</em>;
    if (part.bold) content = <strong>{content}</strong>;
    return <Fragment key={index}>{content}</Fragment>;
  });
}

/** The card's width (`.quick-view` reads it from here), its distance from the item and from the window's edges. */
const cardWidth = 380;
const sideOffset = 8;
const edge = 12;

/** The card's size, for `.quick-view` (calendar.css). */
const quickViewCardStyle = {
  '--quick-view-width': `${cardWidth}px`,
  '--quick-view-edge': `${edge}px`,
} as CSSProperties;

type Side = 'right' | 'left' | 'bottom';

/**
 * Beside the item where the card fits, to its right first; below it when it fits on neither side (an
 * event spanning the middle of a narrow week), where it slides sideways into the window.
 */
function quickViewSide(item: { left: number; right: number }, windowWidth: number): Side {
  const needed = cardWidth + sideOffset + edge;
  if (windowWidth - item.right >= needed) return 'right';
  if (item.left >= needed) return 'left';
  return 'bottom';
}

/** Keys the card answers as Google's does: `e` opens the item to edit, Delete or Backspace deletes it. */
export interface QuickViewKeys {
  edit?: () => void;
  remove?: () => void;
}

function onCardKey(keys: QuickViewKeys, event: KeyboardEvent<HTMLDivElement>): void {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  if (target.isContentEditable || target.closest('input, textarea, select')) return;
  const run =
    event.key === 'e' || event.key === 'E'
      ? keys.edit
      : event.key === 'Delete' || event.key === 'Backspace'
        ? keys.remove
        : undefined;
  if (!run) return;
  event.preventDefault();
  run();
}

/**
 * The card a quick view (an event's, a task's) opens in: beside the item on the grid (or below it),
 * named by its title, and giving focus back to the item when it closes (to the grid, when the item is
 * gone, as after Delete).
 */
export function QuickViewFrame({
  title,
  anchor,
  testId,
  keys = {},
  onClose,
  children,
}: {
  title: string;
  anchor: HTMLElement;
  testId: string;
  keys?: QuickViewKeys;
  onClose: () => void;
  children: ReactNode;
}) {
  const [side] = useState(() => quickViewSide(anchor.getBoundingClientRect(), window.innerWidth));
  const card = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  // Escape with the focus in the card closes the card. Radix gives Escape to the layer opened last, and a
  // toast opened by the card's own buttons ("Reply sent", with Undo) is one: it would take the key
  // first. Listening on the window's capture phase runs before any layer's listener on the document.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!card.current?.contains(document.activeElement)) return;
      event.preventDefault();
      event.stopPropagation();
      close.current();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
  return (
    <Popover.Content
      ref={card}
      className="quick-view"
      side={side}
      align="start"
      sideOffset={sideOffset}
      collisionPadding={edge}
      style={quickViewCardStyle}
      aria-label={title}
      data-testid={testId}
      onKeyDown={(event) => onCardKey(keys, event)}
      onCloseAutoFocus={(closing) => {
        closing.preventDefault();
        if (anchor.isConnected) anchor.focus();
        else document.querySelector<HTMLElement>('[data-testid="calendar-week"] [tabindex="0"]')?.focus();
      }}
    >
      {children}
    </Popover.Content>
  );
}
