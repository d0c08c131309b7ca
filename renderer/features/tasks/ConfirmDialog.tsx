import * as Dialog from '@radix-ui/react-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  testId: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before something that cannot be undone from the board (deleting a list with its tasks). */
export function ConfirmDialog({ open, title, message, confirmLabel, testId, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid={testId}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{message}</Dialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onCancel} data-testid={`${testId}-cancel`}>
              Cancel
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={onConfirm}
              data-testid={`${testId}-confirm`}
              autoFocus
            >
              {confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
