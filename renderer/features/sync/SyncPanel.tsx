import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Account, OfflineAccountStatus, OfflineConflict, PendingChange } from '../../../shared/ipc/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError } from '../../lib/notify';
import { offlineKeys, useConflicts, useOfflineStatuses, usePendingChanges } from '../../lib/offline';
import { ipc } from '../../platform/ipc';
import { useAccounts } from '../../shell/useAccounts';
import {
  changesText,
  collectionText,
  compareCollections,
  conflictsText,
  fieldText,
  valueText,
  whenText,
} from './sync-words';

/**
 * The sync panel: for every account that keeps an offline copy, whether it is online, when each
 * of its collections last synced, the changes waiting to be sent (Retry now, Discard) and the
 * conflicts waiting for a decision, field by field (Keep mine, Keep theirs).
 */
export function SyncPanel() {
  const accounts = useAccounts();
  const statuses = useOfflineStatuses();
  const mirrored = (statuses.data ?? []).filter((status) => status.mirrored);
  const byId = new Map((accounts.data?.accounts ?? []).map((account) => [account.id, account]));
  const active = accounts.data?.active;
  // The active account first, then the others as the accounts screen lists them.
  const order = (accounts.data?.accounts ?? []).map((account) => account.id);
  const sorted = [...mirrored].sort(
    (a, b) =>
      Number(b.account === active) - Number(a.account === active) ||
      order.indexOf(a.account) - order.indexOf(b.account),
  );

  if (statuses.isError)
    return (
      <p className="sync-panel__note" role="alert">
        Couldn’t read the sync state. {statuses.error.message}
      </p>
    );
  if (statuses.isPending) return <p className="sync-panel__note">Reading the sync state…</p>;
  if (sorted.length === 0)
    return (
      <p className="sync-panel__note" data-testid="sync-panel-no-accounts">
        Only this device’s account is here; it needs no syncing. Google accounts you add are kept on this device too, so
        you can read and change them offline.
      </p>
    );
  return (
    <div className="sync-panel" data-testid="sync-panel">
      {sorted.map((status) => (
        <AccountSection key={status.account} status={status} account={byId.get(status.account)} />
      ))}
    </div>
  );
}

/** Names of calendars and task lists the views have already read, for "Events · Work" instead of an id. */
function usePartitionNames(client: QueryClient, account: string): Map<string, string> {
  return useMemo(() => {
    const names = new Map<string, string>();
    const read = (operation: string, nameField: string) => {
      for (const [, data] of client.getQueriesData({ queryKey: ['api', account, operation] })) {
        const items = (data as { items?: unknown } | undefined)?.items;
        if (!Array.isArray(items)) continue;
        for (const item of items as Record<string, unknown>[]) {
          const id = item.id;
          const name = item.summaryOverride ?? item[nameField];
          if (typeof id === 'string' && typeof name === 'string' && name) names.set(id, name);
        }
      }
    };
    read('CalendarCalendarListList', 'summary');
    read('TasksTasklistsList', 'title');
    return names;
  }, [client, account]);
}

function AccountSection({ status, account }: { status: OfflineAccountStatus; account: Account | undefined }) {
  const client = useQueryClient();
  const names = usePartitionNames(client, status.account);
  const tone = status.state === 'offline' ? 'offline' : status.replaying ? 'busy' : 'ok';
  const pending = usePendingChanges(status.account);
  const conflicts = useConflicts(status.account);
  const name = account ? account.displayName || account.email : status.account;
  const changes = pending.data ?? [];
  const open = conflicts.data ?? [];
  return (
    <section
      className="sync-account"
      aria-label={`Sync of ${name}`}
      data-testid={`sync-account-${status.account}`}
      data-state={status.state}
    >
      <header className="sync-account__header">
        <span className="sync-account__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div className="sync-account__who">
          <h3 className="sync-account__name">{name}</h3>
          {account && account.email !== name ? <span className="sync-account__email">{account.email}</span> : null}
        </div>
        <span className={`sync-pill sync-pill--${tone}`} data-testid="sync-account-state">
          {status.state === 'offline' ? 'Offline' : status.replaying ? 'Syncing…' : 'Online'}
        </span>
      </header>
      <p className="sync-account__line" data-testid="sync-account-line">
        {accountLine(status)}
      </p>

      <ConflictList account={status.account} conflicts={open} names={names} />
      <PendingList account={status.account} changes={changes} names={names} offline={status.state === 'offline'} />
      {changes.length === 0 && open.length === 0 && pending.isSuccess && conflicts.isSuccess ? (
        <p className="sync-panel__empty" data-testid="sync-nothing-waiting">
          Nothing waiting: every change you made is on Google.
        </p>
      ) : null}

      {status.collections.length > 0 ? (
        <details className="sync-collections">
          <summary>Last sync of each part</summary>
          <table className="sync-collections__table" data-testid="sync-collections">
            <tbody>
              {[...status.collections]
                .sort((a, b) => compareCollections(a, b, names))
                .map((collection) => (
                  <tr key={`${collection.collection}/${collection.key ?? ''}`}>
                    <th scope="row">{collectionText(collection.collection, collection.key, names)}</th>
                    <td>{collection.lastSyncedAt ? whenText(collection.lastSyncedAt) : 'Not yet'}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </section>
  );
}

/** "Synced at 10:45", "Offline since 10:42 · last synced 10:40", "Sending changes…": counts are said below. */
function accountLine(status: OfflineAccountStatus): string {
  const synced = whenText(status.lastSyncedAt);
  if (status.state === 'offline') {
    const since = whenText(status.offlineSince);
    return [since ? `Offline since ${since}` : 'Offline', synced ? `last synced ${synced}` : null]
      .filter(Boolean)
      .join(' · ');
  }
  if (status.replaying) return 'Sending changes…';
  return synced ? `Synced at ${synced}` : 'Not synced yet';
}

function useOfflineAction<I>(account: string, run: (input: I) => Promise<unknown>, failure: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onError: (error) => notifyError(failure, error),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: offlineKeys.status });
      void client.invalidateQueries({ queryKey: offlineKeys.pending(account) });
      void client.invalidateQueries({ queryKey: offlineKeys.conflicts(account) });
      void client.invalidateQueries({ queryKey: offlineKeys.resources(account) });
      // What the views show may change: a discarded change puts the server's copy back.
      void client.invalidateQueries({ queryKey: ['api', account] });
    },
  });
}

function PendingList({
  account,
  changes,
  names,
  offline,
}: {
  account: string;
  changes: PendingChange[];
  names: ReadonlyMap<string, string>;
  offline: boolean;
}) {
  const retry = useOfflineAction(
    account,
    () => ipc.invoke('offline.retryNow', { account }),
    'Couldn’t send the waiting changes.',
  );
  const discard = useOfflineAction(
    account,
    (change: string) => ipc.invoke('offline.discard', { account, change }),
    'Couldn’t discard the change.',
  );
  const [confirming, setConfirming] = useState<PendingChange | null>(null);
  if (changes.length === 0) return null;
  return (
    <div className="sync-block" data-testid="sync-pending">
      <div className="sync-block__header">
        <h4 className="sync-block__title">{changesText(changes.length)}</h4>
        <button
          type="button"
          className="button"
          onClick={() => retry.mutate(undefined)}
          disabled={retry.isPending}
          data-testid="sync-retry-now"
        >
          {retry.isPending ? 'Sending…' : 'Retry now'}
        </button>
      </div>
      {offline ? (
        <p className="sync-block__hint">They’ll be sent by themselves when Google can be reached again.</p>
      ) : null}
      <ul className="sync-list">
        {changes.map((change) => (
          <li
            key={change.id}
            className="sync-item"
            data-testid="sync-pending-item"
            data-operation={change.operation}
            data-state={change.state}
          >
            <span className={`sync-dot sync-dot--${change.state}`} aria-hidden="true" />
            <div className="sync-item__text">
              <span className="sync-item__summary">{change.summary}</span>
              <span className="sync-item__meta">
                {[
                  change.resource ? collectionText(change.resource.collection, change.resource.key, names) : null,
                  `made ${whenText(change.createdAt)}`,
                  change.state === 'sending' ? 'sending…' : null,
                  change.upload
                    ? `${Math.round((change.upload.sent / Math.max(change.upload.size, 1)) * 100)}% sent`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {change.state === 'failed' ? (
                <span className="sync-item__error" data-testid="sync-pending-error">
                  Google refused this change. Retry it, or discard it to keep what Google has.
                  {change.lastError ? (
                    <details className="sync-item__details">
                      <summary>Details</summary>
                      {change.lastError}
                    </details>
                  ) : null}
                </span>
              ) : null}
            </div>
            <div className="sync-item__actions">
              {change.state === 'failed' ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => retry.mutate(undefined)}
                  disabled={retry.isPending}
                >
                  Retry
                </button>
              ) : null}
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setConfirming(change)}
                disabled={change.state === 'sending'}
                aria-label={`Discard: ${change.summary}`}
                data-testid="sync-discard"
              >
                Discard
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={confirming !== null}
        title="Discard this change?"
        message={
          confirming
            ? `“${confirming.summary}” won’t be sent, and the item goes back to how it is on Google. This can’t be undone.`
            : ''
        }
        confirmLabel="Discard"
        destructive
        testId="sync-discard-dialog"
        onConfirm={() => {
          if (confirming) discard.mutate(confirming.id);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function ConflictList({
  account,
  conflicts,
  names,
}: {
  account: string;
  conflicts: OfflineConflict[];
  names: ReadonlyMap<string, string>;
}) {
  const resolve = useOfflineAction(
    account,
    (input: { conflict: string; choice: 'keepMine' | 'keepTheirs' }) =>
      ipc.invoke('offline.resolve', { account, ...input }),
    'Couldn’t settle the conflict.',
  );
  if (conflicts.length === 0) return null;
  return (
    <div className="sync-block" data-testid="sync-conflicts">
      <div className="sync-block__header">
        <h4 className="sync-block__title">{conflictsText(conflicts.length)} to resolve</h4>
      </div>
      <p className="sync-block__hint">
        These were changed here and on Google while you were offline. Choose which version to keep.
      </p>
      {conflicts.map((conflict) => (
        <article
          key={conflict.id}
          className="sync-conflict"
          aria-label={`Conflict: ${conflict.summary}`}
          data-testid="sync-conflict"
          data-conflict-id={conflict.id}
        >
          <div className="sync-conflict__head">
            <span className="sync-conflict__summary">{conflict.summary}</span>
            <span className="sync-item__meta">
              {collectionText(conflict.resource.collection, conflict.resource.key, names)} · changed{' '}
              {whenText(conflict.createdAt)}
            </span>
          </div>
          {conflict.kind === 'deleted' ? (
            <p className="sync-conflict__deleted">
              It was deleted on Google. Keep mine puts it back with your changes; Keep theirs lets it go.
            </p>
          ) : null}
          {conflict.fields.length > 0 ? (
            <div className="sync-diff__scroll">
              <table className="sync-diff" data-testid="sync-diff">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">Field</span>
                    </th>
                    <th scope="col">Before</th>
                    <th scope="col">Mine</th>
                    <th scope="col">Theirs</th>
                  </tr>
                </thead>
                <tbody>
                  {conflict.fields.map((field) => (
                    <tr key={field.field} data-testid="sync-diff-row" data-field={field.field}>
                      <th scope="row">{fieldText(field.field)}</th>
                      <td className="sync-diff__base" data-testid="sync-diff-base">
                        {valueText(field.base)}
                      </td>
                      <td className="sync-diff__mine" data-testid="sync-diff-mine">
                        {valueText(field.mine)}
                      </td>
                      <td className="sync-diff__theirs" data-testid="sync-diff-theirs">
                        {valueText(field.theirs)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className="sync-conflict__actions">
            <button
              type="button"
              className="button"
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ conflict: conflict.id, choice: 'keepTheirs' })}
              data-testid="sync-keep-theirs"
            >
              Keep theirs
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={resolve.isPending}
              onClick={() => resolve.mutate({ conflict: conflict.id, choice: 'keepMine' })}
              data-testid="sync-keep-mine"
            >
              Keep mine
            </button>
          </div>
        </article>
      ))}
    </div>
  );
}
