import * as Dialog from '@radix-ui/react-dialog';
import { returnFocus } from '../lib/return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Shows the confirming button in the danger style, for a step that cannot be undone. */
  destructive?: boolean;
  testId: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before an action the user may not mean (deleting a list with its tasks, deleting files
 * forever). Escape, a click outside and Cancel all decline; the confirming button takes the focus
 * so Enter confirms.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = false,
  testId,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content {...returnFocus} className="dialog" data-testid={testId}>
          <Dialog.Title className="dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="dialog__description">{message}</Dialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={onCancel} data-testid={`${testId}-cancel`}>
              Cancel
            </button>
            <button
              type="button"
              className={destructive ? 'button button--primary button--danger' : 'button button--primary'}
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
