import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { create } from 'zustand';
import { ipc } from '../../platform/ipc';
import { useAccounts } from '../../shell/useAccounts';
import { useAccountEventsStore } from './account-events';
import { returnFocus } from '../../lib/return-focus';

const dismissedKey = 'atrium.keyringNotice.dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(dismissedKey) === '1';
  } catch {
    return false;
  }
}

/** Shared by every place the notice shows, so dismissing one hides them all. */
const useKeyringNoticeStore = create<{ dismissed: boolean; dismiss: () => void }>((set) => ({
  dismissed: readDismissed(),
  dismiss: () => {
    try {
      localStorage.setItem(dismissedKey, '1');
    } catch {
      // Storage can be unavailable; the notice then stays hidden until the app reloads.
    }
    set({ dismissed: true });
  },
}));

/**
 * Says that Google sign-ins will not survive a restart, when that matters: the system keyring did not
 * answer and a Google account exists or is being added. The local account never needs the keyring, so
 * a first run with only the local account shows nothing. Dismissible; the keyring's own error is kept
 * behind "Details", and "How to fix" explains what to do in plain steps (docs/keyring.md).
 */
export function VaultBanner({ place = 'sidebar' }: { place?: 'sidebar' | 'accounts' }) {
  const status = useQuery({
    queryKey: ['vault-status'],
    queryFn: () => ipc.invoke('vault.status', {}),
    staleTime: Infinity,
  });
  const accounts = useAccounts();
  const adding = useAccountEventsStore((state) => state.pending !== null);
  const { dismissed, dismiss } = useKeyringNoticeStore();
  const [help, setHelp] = useState(false);
  const hasGoogle = accounts.data?.accounts.some((account) => account.kind === 'google') ?? false;
  const warning = status.data?.warning;
  if (!warning || dismissed || !(hasGoogle || adding)) return null;
  return (
    <div className={`vault-banner vault-banner--${place}`} role="status" data-testid="vault-banner">
      <p className="vault-banner__text">
        <strong>Google sign-ins won’t be remembered.</strong> This computer has no password store Atrium can use, so
        you’ll sign in again after Atrium restarts.
      </p>
      <div className="vault-banner__actions">
        <button type="button" className="link-button" onClick={() => setHelp(true)} data-testid="vault-banner-help">
          How to fix
        </button>
        <button type="button" className="link-button" onClick={dismiss} data-testid="vault-banner-dismiss">
          Dismiss
        </button>
      </div>
      <details className="vault-banner__details">
        <summary>Details</summary>
        <span data-testid="vault-banner-details">{warning}</span>
      </details>
      <KeyringHelp open={help} onClose={() => setHelp(false)} />
    </div>
  );
}

function KeyringHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className="dialog keyring-help" data-testid="keyring-help">
          <Dialog.Title className="dialog__title">Keep Google sign-ins between restarts</Dialog.Title>
          <div className="keyring-help__body">
            <Dialog.Description className="dialog__description">
              Atrium keeps each Google sign-in in your computer’s password store. When none answers, sign-ins last only
              until Atrium quits. Your calendar, tasks and files on this computer are not affected.
            </Dialog.Description>
            <ul className="keyring-help__steps">
              <li>
                <strong>Linux (GNOME, Ubuntu, Fedora):</strong> install GNOME Keyring, then sign out of your desktop and
                back in.
              </li>
              <li>
                <strong>Linux (KDE):</strong> turn on KDE Wallet in System Settings.
              </li>
              <li>
                <strong>Linux without a desktop</strong> (a server or remote shell): start Atrium from a desktop
                session.
              </li>
              <li>
                <strong>macOS and Windows:</strong> restart the computer and make sure you are signed in to it normally.
              </li>
            </ul>
            <p className="dialog__description">Then restart Atrium. The notice goes away once the store answers.</p>
          </div>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="button button--primary" data-testid="keyring-help-close">
                Got it
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
