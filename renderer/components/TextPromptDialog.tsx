import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { returnFocus } from '../lib/return-focus';

export interface TextPromptDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  label: string;
  placeholder?: string;
  initialValue?: string;
  submitLabel: string;
  busy?: boolean;
  testId: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}

/**
 * A small modal asking for one line of text (an event title, a folder name). Radix supplies the
 * focus trap, Escape to close and the aria wiring; the field is focused when it opens.
 */
export function TextPromptDialog(props: TextPromptDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      {/* Only while open (see docs/cold-start.md), and remounted per opening so the field starts from initialValue each time. */}
      {props.open ? (
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <PromptContent {...props} />
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}

function PromptContent({
  title,
  description,
  label,
  placeholder,
  initialValue = '',
  submitLabel,
  busy,
  testId,
  onSubmit,
  onCancel,
}: TextPromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const fieldId = useId();
  // A suggested or current value opens selected, so typing replaces it ("Untitled folder").
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.select(), []);
  const trimmed = value.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !busy) onSubmit(trimmed);
  };

  return (
    <Dialog.Content
      {...returnFocus}
      className="dialog"
      data-testid={testId}
      {...(description ? {} : { 'aria-describedby': undefined })}
    >
      <Dialog.Title className="dialog__title">{title}</Dialog.Title>
      {description ? <Dialog.Description className="dialog__description">{description}</Dialog.Description> : null}
      <form className="field" onSubmit={submit}>
        <label className="field__label" htmlFor={fieldId}>
          {label}
        </label>
        <input
          ref={field}
          id={fieldId}
          className="input"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={1024}
          autoFocus
          onChange={(event) => setValue(event.target.value)}
          data-testid={`${testId}-input`}
        />
        <div className="dialog__actions dialog__actions--form">
          <button type="button" className="button" onClick={onCancel} data-testid={`${testId}-cancel`}>
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={!trimmed || busy}
            data-testid={`${testId}-submit`}
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
