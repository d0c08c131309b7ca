import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';

/** How long a description or notes may run in a quick view before opening the item is the way to read the rest. */
const excerptLength = 240;

/** The start of a long text for a quick view, ending in "…" where it was cut. */
export function excerptOf(text: string | null | undefined): string {
  const trimmed = (text ?? '').trim();
  return trimmed.length > excerptLength ? `${trimmed.slice(0, excerptLength).trimEnd()}…` : trimmed;
}

/**
 * The card a quick view (an event's, a task's) opens in: beside the item on the grid, named by its
 * title, and giving focus back to the item when it closes.
 */
export function QuickViewFrame({
  title,
  anchor,
  testId,
  children,
}: {
  title: string;
  anchor: HTMLElement;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Popover.Content
      className="quick-view"
      side="right"
      align="start"
      sideOffset={8}
      collisionPadding={12}
      aria-label={title}
      data-testid={testId}
      onCloseAutoFocus={(closing) => {
        closing.preventDefault();
        if (anchor.isConnected) anchor.focus();
      }}
    >
      {children}
    </Popover.Content>
  );
}
