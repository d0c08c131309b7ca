import type { Account } from '../../shared/ipc/contract';

const stateLabels: Record<Account['state'], string | null> = {
  ok: null,
  reauth: 'Sign in again',
  offline: 'Offline',
};

export function AccountBadge({ account }: { account: Account }) {
  const name = account.displayName || account.email;
  const note = stateLabels[account.state];
  return (
    <section
      className="account-badge"
      aria-label="Current account"
      title={account.kind === 'local' ? `${account.email} (kept on this device)` : account.email}
      data-testid="account-badge"
    >
      <span className="account-badge__avatar" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="account-badge__text">
        <span className="account-badge__name" data-testid="account-name">
          {name}
        </span>
        <span className="account-badge__email" data-testid="account-email">
          {account.email}
          {note ? ` · ${note}` : ''}
        </span>
      </span>
    </section>
  );
}
