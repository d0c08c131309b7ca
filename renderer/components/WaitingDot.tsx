import { useWaitingToSync, waitingToSyncLabel } from '../lib/offline';
import './waiting-dot.css';

/**
 * The dot on an item whose change has not reached the server yet (made offline, or still being
 * sent). Draws nothing for an item with nothing waiting. `collection` and `id` name the item as
 * the core's outbox does (`events`, `tasks`, `files`).
 */
export function WaitingDot({ collection, id, className }: { collection: string; id: string; className?: string }) {
  const waiting = useWaitingToSync(collection, id);
  if (!waiting) return null;
  return (
    <span
      className={`waiting-dot${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={waitingToSyncLabel}
      title={waitingToSyncLabel}
      data-testid="waiting-to-sync"
    />
  );
}
