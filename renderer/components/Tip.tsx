import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import './tip.css';

/**
 * The tooltips of one region. The first shows after a short rest, the next ones at once while the
 * pointer moves along a toolbar. They are never hoverable, so a tooltip never stays between the
 * pointer and what lies under it.
 */
export function TipProvider({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={500} skipDelayDuration={400} disableHoverableContent>
      {children}
    </Tooltip.Provider>
  );
}

/**
 * Shows `text` beside its one child (a button with an accessible name of its own) on hover and on
 * keyboard focus; Escape hides it. Placed below by default and moved to stay inside the window.
 */
export function Tip({
  text,
  children,
  side = 'bottom',
}: {
  text: string;
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tip" side={side} sideOffset={6} collisionPadding={8} data-testid="tip">
          {text}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
