import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useActiveAccount } from '../../lib/account-store';
import { followOfflineEvents, useOfflineStatuses } from '../../lib/offline';
import { SyncPanel } from './SyncPanel';
import { useSyncPanelStore } from './sync-panel-store';
import { conflictsText, statusLine, whenText } from './sync-words';
import './sync.css';

/** Re-renders every half minute, so "Offline since" and "last synced" times stay true. */
function useMinuteTick(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The sidebar's sync line for the active account ("Offline since 10:42 · 3 changes waiting",
 * "Syncing…", "Synced"), with conflicts of other accounts counted in; it opens the sync panel.
 * Shown for accounts that keep an offline copy (Google), and whenever another account has
 * something waiting. Also keeps the offline state in step with the core's events.
 */
export function SyncStatus() {
  const client = useQueryClient();
  useEffect(() => followOfflineEvents(client), [client]);
  const now = useMinuteTick();
  const active = useActiveAccount();
  const statuses = useOfflineStatuses();
  const open = useSyncPanelStore((state) => state.open);
  const setOpen = useSyncPanelStore((state) => state.setOpen);

  const all = statuses.data ?? [];
  const mine = all.find((status) => status.account === active && status.mirrored);
  const others = all.filter((status) => status.account !== active && status.mirrored);
  const otherConflicts = others.reduce((sum, status) => sum + status.conflicts, 0);
  const otherPending = others.reduce((sum, status) => sum + status.pending, 0);
  if (!mine && otherConflicts === 0 && otherPending === 0) return null;

  const line = mine ? statusLine(mine, now) : { text: 'Other accounts have changes waiting', tone: 'busy' as const };
  const extra = otherConflicts > 0 ? ` · ${conflictsText(otherConflicts)} in other accounts` : '';
  const tone = otherConflicts > 0 ? 'attention' : line.tone;
  const title = mine?.lastSyncedAt ? `Last synced ${whenText(mine.lastSyncedAt, now)}` : undefined;

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={`sync-status sync-status--${tone}`}
          data-testid="sync-status"
          data-tone={tone}
          title={title}
          data-tip={`${line.text}${extra}`}
          aria-label={`Sync: ${line.text}${extra}. Open the sync panel`}
        >
          <span className={`sync-status__icon sync-status__icon--${tone}`} aria-hidden="true" />
          <span className="sync-status__text" role="status" data-testid="sync-status-text">
            {line.text}
            {extra}
          </span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog sync-dialog" data-testid="sync-dialog">
          <Dialog.Title className="dialog__title">Sync</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Your Google accounts are kept on this device, so you can read and change them without a connection. Changes
            made offline are sent when Google can be reached.
          </Dialog.Description>
          <div className="sync-dialog__body">
            <SyncPanel />
          </div>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button" data-testid="sync-dialog-close">
                Done
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
