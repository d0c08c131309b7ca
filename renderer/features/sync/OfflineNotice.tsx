import { useOfflineStatus } from '../../lib/offline';
import { useSyncPanelStore } from './sync-panel-store';
import { changesText, whenText } from './sync-words';
import './sync.css';

/**
 * A quiet line above the current view while the active account cannot be reached: what is shown
 * is the copy kept on this device, as of its last sync, and changes are kept until they can be
 * sent. Nothing waits on the network meanwhile.
 */
export function OfflineNotice() {
  const status = useOfflineStatus();
  const openPanel = useSyncPanelStore((state) => state.setOpen);
  if (!status?.mirrored || status.state !== 'offline') return null;
  const synced = whenText(status.lastSyncedAt);
  return (
    <div className="banner offline-notice" role="status" data-testid="offline-notice">
      <span className="offline-notice__icon" aria-hidden="true" />
      <span className="banner__text">
        You’re offline. {synced ? `Showing what was synced at ${synced}.` : 'Showing what is kept on this device.'}{' '}
        {status.pending > 0
          ? `${changesText(status.pending).replace(/^./, (c) => c.toUpperCase())} to be sent.`
          : 'Changes you make are kept and sent when you’re back online.'}
      </span>
      <button type="button" className="button button--ghost offline-notice__open" onClick={() => openPanel(true)}>
        Details
      </button>
    </div>
  );
}
