import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { Account } from '../../../shared/ipc/contract';
import { IpcCallError } from '../../../shared/ipc/errors';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { errorMessage } from '../../lib/errors';
import { useAccounts } from '../../shell/useAccounts';
import { useAccountEventsStore } from './account-events';
import { useAccountActions } from './useAccountActions';
import { VaultBanner } from './VaultBanner';
import './accounts.css';
import { returnFocus } from '../../lib/return-focus';

/**
 * Every account Atrium acts for: the built-in local one and the Google accounts. Switch the
 * active one, rename, choose which calendars are overlaid, add a Google account (sign-in in the
 * browser) and remove one (which signs it out at Google too).
 */
export function AccountsScreen() {
  const accounts = useAccounts();
  const actions = useAccountActions();
  const [renaming, setRenaming] = useState<Account | null>(null);
  const [removing, setRemoving] = useState<Account | null>(null);
  const offline = useAccountEventsStore((state) => state.offline);
  const failure = [actions.switchTo, actions.rename, actions.setOverlay, actions.remove].find((m) => m.isError)?.error;

  return (
    <section className="accounts" aria-labelledby="accounts-title" data-testid="accounts-screen">
      <h2 id="accounts-title" className="accounts__title">
        Accounts
      </h2>
      {failure ? (
        <p className="accounts__error" role="alert" data-testid="accounts-error">
          {errorMessage(failure)}
        </p>
      ) : null}
      {actions.remove.data && !actions.remove.data.revoked ? (
        <p className="accounts__note" role="status">
          The account was removed here, but Google could not be told to end Atrium’s access (
          {actions.remove.data.problem ?? 'no answer'}). You can end it in your Google account’s security settings.
        </p>
      ) : null}
      <ul className="accounts__list">
        {(accounts.data?.accounts ?? []).map((account) => {
          const active = account.id === accounts.data?.active;
          const state = offline.has(account.id) ? 'offline' : account.state;
          return (
            <li
              key={account.id}
              className="account-row"
              data-testid={`account-row-${account.id}`}
              data-active={active ? 'true' : 'false'}
            >
              <span className="account-row__avatar" aria-hidden="true">
                {(account.displayName || account.email).slice(0, 1).toUpperCase()}
              </span>
              <span className="account-row__text">
                <span className="account-row__name" data-testid={`account-name-${account.id}`}>
                  {account.displayName}
                  {active ? <span className="account-row__tag account-row__tag--active">Active</span> : null}
                  {state === 'reauth' ? (
                    <span className="account-row__tag account-row__tag--warn">Sign in again</span>
                  ) : null}
                  {state === 'offline' ? <span className="account-row__tag">Offline</span> : null}
                </span>
                <span className="account-row__email">
                  {account.email}
                  {account.kind === 'local' ? ' · kept on this computer' : ' · Google'}
                </span>
              </span>
              <span className="account-row__actions">
                {!active ? (
                  <label className="account-row__overlay">
                    <input
                      type="checkbox"
                      checked={account.overlay === true}
                      onChange={(event) =>
                        actions.setOverlay.mutate({ account: account.id, overlay: event.target.checked })
                      }
                      data-testid={`account-overlay-${account.id}`}
                    />
                    Show calendars
                  </label>
                ) : null}
                {state === 'reauth' ? (
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => actions.signIn.mutate(account.email)}
                    data-testid={`account-reauth-${account.id}`}
                  >
                    Sign in again
                  </button>
                ) : null}
                {!active ? (
                  <button
                    type="button"
                    className="button"
                    onClick={() => actions.switchTo.mutate(account.id)}
                    data-testid={`account-switch-${account.id}`}
                  >
                    Switch to
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setRenaming(account)}
                  data-testid={`account-rename-${account.id}`}
                >
                  Rename
                </button>
                {account.kind === 'google' ? (
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => setRemoving(account)}
                    data-testid={`account-remove-${account.id}`}
                  >
                    Remove
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      <VaultBanner place="accounts" />
      <SignInPanel />
      <TextPromptDialog
        open={renaming !== null}
        title="Rename account"
        description={renaming ? `The name Atrium shows for ${renaming.email}.` : undefined}
        label="Name"
        initialValue={renaming?.displayName ?? ''}
        submitLabel="Rename"
        busy={actions.rename.isPending}
        testId="account-rename-dialog"
        onCancel={() => setRenaming(null)}
        onSubmit={(displayName) => {
          if (renaming)
            actions.rename.mutate({ account: renaming.id, displayName }, { onSettled: () => setRenaming(null) });
        }}
      />
      <RemoveAccountDialog
        account={removing}
        busy={actions.remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={(account) => actions.remove.mutate(account.id, { onSettled: () => setRemoving(null) })}
      />
    </section>
  );
}

function SignInPanel() {
  const actions = useAccountActions();
  const pending = useAccountEventsStore((state) => state.pending);
  const outcome = useAccountEventsStore((state) => state.outcome);

  return (
    <div className="sign-in" data-testid="sign-in-panel">
      {pending ? (
        <div className="sign-in__pending" role="status" data-testid="sign-in-status" data-state="waiting">
          <span className="spinner" aria-hidden="true" />
          <span>
            {pending.opened ? 'Finish signing in in your browser.' : 'Open the Google sign-in page to continue:'}{' '}
            <a href={pending.authorizationUrl} target="_blank" rel="noopener noreferrer" data-testid="sign-in-link">
              {pending.opened ? 'Open it again' : 'Sign in with Google'}
            </a>
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actions.cancelSignIn.mutate(pending.flow)}
            data-testid="sign-in-cancel"
          >
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={actions.signIn.isPending}
          onClick={() => actions.signIn.mutate(undefined)}
          data-testid="accounts-add"
        >
          Add Google account
        </button>
      )}
      {actions.signIn.isError ? <SignInProblem error={actions.signIn.error} /> : null}
      {outcome && !pending ? (
        <p
          className={outcome.kind === 'signedIn' ? 'accounts__note' : 'accounts__error'}
          role="status"
          data-testid="sign-in-status"
          data-state={outcome.kind}
        >
          {outcome.message}
        </p>
      ) : null}
    </div>
  );
}

/** Why a sign-in could not start, said for the person; the technical text stays behind "Details". */
export function signInProblem(error: unknown): { sentence: string; details: string | null } {
  const reason = error instanceof IpcCallError ? error.reason : undefined;
  if (reason === 'signInNotConfigured') {
    return {
      sentence:
        'This copy of Atrium isn’t connected to Google yet, so Google accounts can’t be added. Whoever installed ' +
        'Atrium can connect it; your calendar, tasks and files on this computer work meanwhile.',
      details: errorMessage(error),
    };
  }
  return { sentence: 'Couldn’t start signing in to Google. Try again.', details: errorMessage(error) };
}

function SignInProblem({ error }: { error: unknown }) {
  const { sentence, details } = signInProblem(error);
  return (
    <div className="sign-in__problem" role="alert" data-testid="sign-in-error">
      <span data-testid="sign-in-error-message">{sentence}</span>
      {details ? (
        <details>
          <summary>Details</summary>
          <span data-testid="sign-in-error-details">{details}</span>
        </details>
      ) : null}
    </div>
  );
}

function RemoveAccountDialog({
  account,
  busy,
  onCancel,
  onConfirm,
}: {
  account: Account | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (account: Account) => void;
}) {
  return (
    <Dialog.Root open={account !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className="dialog" data-testid="account-remove-dialog">
          <Dialog.Title className="dialog__title">Remove {account?.email}?</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Atrium signs out of this account and asks Google to end its access. Nothing in the account itself is
            deleted; you can add it again later.
          </Dialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onCancel} data-testid="account-remove-dialog-cancel">
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => account && onConfirm(account)}
              data-testid="account-remove-dialog-confirm"
              autoFocus
            >
              Remove account
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
