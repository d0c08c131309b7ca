import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { ErrorPanel, LoadingPanel } from '../../components/StatusPanel';
import { errorMessage } from '../../lib/api';
import { useDialogLayer } from '../../lib/escape-layers';
import { copyFileLink, type ShareTarget } from '../files';
import { AddPeopleForm } from './AddPeopleForm';
import { GeneralAccessSection } from './GeneralAccessSection';
import { PermissionRow } from './PermissionRow';
import { inheritedFrom, peopleOf, shareableDomain, type Permission } from './permissions';
import { transferOwnership, useSharing } from './useSharing';
import './sharing.css';

function TransferConfirm({
  permission,
  onConfirm,
  onCancel,
  busy,
  error,
}: {
  permission: Permission;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
  error: string | null;
}) {
  const name = permission.displayName || permission.emailAddress || 'this person';
  return (
    <div
      className="share__confirm"
      role="alertdialog"
      aria-labelledby="transfer-title"
      aria-describedby="transfer-message"
      data-testid="transfer-confirm"
    >
      <h3 id="transfer-title" className="share__section-title">
        Make {name} the owner?
      </h3>
      <p id="transfer-message" className="dialog__description">
        {name} will own this item and decide who can access it. You will keep access as an editor, but you can’t take
        ownership back yourself.
      </p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy} data-testid="transfer-cancel">
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary button--danger"
          onClick={onConfirm}
          disabled={busy}
          data-testid="transfer-confirm-button"
        >
          Transfer ownership
        </button>
      </div>
    </div>
  );
}

function ShareContent({ target, onClose }: { target: ShareTarget; onClose: () => void }) {
  const sharing = useSharing(target);
  const [transferring, setTransferring] = useState<Permission | null>(null);
  const [transferBusy, setTransferBusy] = useState(false);
  const [transferError, setTransferError] = useState<string | null>(null);
  const { context, list, me, item } = sharing;
  const canManage = target.kind === 'drive' || item?.capabilities?.canShare !== false;
  const ownsIt = context === 'myDrive' && item?.ownedByMe === true;
  const people = peopleOf(list);
  const isMe = (p: Permission) =>
    Boolean(me?.emailAddress && p.emailAddress?.toLowerCase() === me.emailAddress.toLowerCase());

  const confirmTransfer = async () => {
    if (!transferring) return;
    setTransferBusy(true);
    setTransferError(null);
    try {
      await transferOwnership(target.id, transferring.id);
      setTransferring(null);
    } catch (error) {
      setTransferError(errorMessage(error));
    } finally {
      setTransferBusy(false);
    }
  };

  return (
    <>
      <Dialog.Title className="dialog__title">
        {target.kind === 'drive' ? `Members of “${target.name}”` : `Share “${target.name}”`}
      </Dialog.Title>
      <Dialog.Description className="visually-hidden">Choose who can open, comment on or edit it.</Dialog.Description>
      {/* The body scrolls and the footer stays: however long the list, Copy link and Done remain in reach. */}
      <div className="share__body" data-testid="share-body">
        {canManage ? (
          <AddPeopleForm fileId={target.id} context={context} />
        ) : (
          <p className="field__hint" data-testid="share-read-only">
            You see your own access. People who can share see everyone who has access, and can change it.
          </p>
        )}
        <section aria-label="People with access">
          <h3 className="share__section-title">{target.kind === 'drive' ? 'Members' : 'People with access'}</h3>
          {sharing.permissions.isPending ? (
            <LoadingPanel label="Loading who has access…" fill={false} />
          ) : sharing.permissions.isError ? (
            <ErrorPanel
              title="Couldn’t load who has access"
              error={sharing.permissions.error}
              onRetry={() => void sharing.permissions.refetch()}
              fill={false}
            />
          ) : (
            <ul className="permissions" data-testid="permission-list">
              {people.map((permission) => (
                <PermissionRow
                  key={permission.id}
                  fileId={target.id}
                  permission={permission}
                  context={context}
                  inheritedFrom={inheritedFrom(permission, sharing.parentList)}
                  isMe={isMe(permission)}
                  canManage={canManage}
                  canTransfer={ownsIt && permission.type === 'user' && !isMe(permission)}
                  onTransfer={(p) => {
                    setTransferError(null);
                    setTransferring(p);
                  }}
                />
              ))}
            </ul>
          )}
        </section>
        {transferring ? (
          <TransferConfirm
            permission={transferring}
            busy={transferBusy}
            error={transferError}
            onConfirm={() => void confirmTransfer()}
            onCancel={() => setTransferring(null)}
          />
        ) : null}
        {/* Without share rights only one's own grant is listed (as in Drive), so link access is not known
            here and is not shown. */}
        {target.kind === 'file' && canManage && sharing.permissions.isSuccess ? (
          <GeneralAccessSection
            fileId={target.id}
            permissions={list}
            context={context}
            domain={shareableDomain(me?.emailAddress)}
          />
        ) : null}
      </div>
      <div className="dialog__actions share__footer">
        {target.kind === 'file' ? (
          <button
            type="button"
            className="button"
            onClick={() => void copyFileLink({ id: target.id, webViewLink: item?.webViewLink })}
            data-testid="copy-link"
          >
            Copy link
          </button>
        ) : null}
        <span className="view__spacer" />
        <button type="button" className="button button--primary" onClick={onClose} data-testid="share-done">
          Done
        </button>
      </div>
    </>
  );
}

/** Who has access to a file, folder or shared drive, and the means to change it. */
export function ShareDialog({ target, onClose }: { target: ShareTarget | null; onClose: () => void }) {
  const layer = useDialogLayer();
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {target ? (
          <Dialog.Content {...layer} className="dialog share" data-testid="share-dialog">
            <ShareContent key={target.id} target={target} onClose={onClose} />
          </Dialog.Content>
        ) : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
