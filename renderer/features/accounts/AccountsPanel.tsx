import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCommands } from '../../lib/commands';
import { ipc } from '../../platform/ipc';
import { followAccountEvents } from './account-events';
import { AccountsScreen } from './AccountsScreen';
import { useWindowFocusReport } from './useWindowFocusReport';
import { VaultBanner } from './VaultBanner';

/**
 * The accounts corner of the sidebar: a warning when sign-ins are not saved and the button that
 * opens the accounts screen (whether an account is offline is said by the sync status,
 * features/sync). Also keeps account state in step with the core's events and reports window
 * focus to it.
 */
export function AccountsPanel() {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  useWindowFocusReport();
  useCommands([
    {
      id: 'accounts.switch',
      title: 'Switch account…',
      group: 'Actions',
      keywords: ['accounts', 'sign in', 'add account', 'google'],
      run: () => setOpen(true),
    },
  ]);

  useEffect(() => followAccountEvents(client), [client]);
  // A deep link (`atrium://accounts`) opens the screen.
  useEffect(
    () => ipc.onEvent((event) => event.type === 'navigate' && event.route.kind === 'accounts' && setOpen(true)),
    [],
  );

  return (
    <div className="accounts-panel">
      <VaultBanner />
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <button
            type="button"
            className="button button--ghost accounts-panel__open"
            aria-label="Accounts…"
            data-tip="Accounts"
            data-testid="accounts-open"
          >
            <svg
              className="accounts-panel__icon"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-6 8c0-3 3-5 6-5s6 2 6 5M16 11a3 3 0 1 0 0-6M21 19c0-2.5-2-4.3-4.5-4.8" />
            </svg>
            <span className="accounts-panel__label">Accounts…</span>
          </button>
        </Dialog.Trigger>
        {/* Only while open: a closed one's parts would cost the first frame an extra render (docs/cold-start.md). */}
        {open ? (
          <Dialog.Portal>
            <Dialog.Overlay className="dialog-overlay" />
            <Dialog.Content className="dialog accounts-dialog" aria-describedby={undefined}>
              <Dialog.Title className="visually-hidden">Accounts</Dialog.Title>
              <AccountsScreen />
              <div className="dialog__actions">
                <Dialog.Close asChild>
                  <button type="button" className="button" data-testid="accounts-close">
                    Done
                  </button>
                </Dialog.Close>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        ) : null}
      </Dialog.Root>
    </div>
  );
}
