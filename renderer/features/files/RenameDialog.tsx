import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { DriveItem } from './drive-file';
import { isFolder } from './drive-file';
import { returnFocus } from '../../lib/return-focus';

/**
 * The part of a name that is selected when renaming starts: all of a folder's name, and a file's name
 * up to its extension (as Drive does), so typing replaces "report" and keeps ".txt". A name that only
 * starts with a dot (".env") has no extension to keep.
 */
export function renameSelection(name: string, folder: boolean): [number, number] {
  if (folder) return [0, name.length];
  const dot = name.lastIndexOf('.');
  return dot > 0 ? [0, dot] : [0, name.length];
}

/** Renames one item; the field opens with the name selected, without the extension. */
export function RenameDialog({
  item,
  onSubmit,
  onCancel,
}: {
  item: DriveItem | null;
  onSubmit: (item: DriveItem, name: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {item ? <RenameContent key={item.id} item={item} onSubmit={onSubmit} onCancel={onCancel} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameContent({
  item,
  onSubmit,
  onCancel,
}: {
  item: DriveItem;
  onSubmit: (item: DriveItem, name: string) => void;
  onCancel: () => void;
}) {
  const initial = item.name ?? '';
  const [value, setValue] = useState(initial);
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const trimmed = value.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSubmit(item, trimmed);
  };
  return (
    <Dialog.Content
      className="dialog"
      data-testid="rename-dialog"
      aria-describedby={undefined}
      {...returnFocus}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        const input = field.current;
        if (!input) return;
        input.focus();
        input.setSelectionRange(...renameSelection(initial, isFolder(item)));
      }}
    >
      <Dialog.Title className="dialog__title">Rename</Dialog.Title>
      <form className="field" onSubmit={submit}>
        <label className="field__label" htmlFor={fieldId}>
          New name
        </label>
        <input
          ref={field}
          id={fieldId}
          className="input"
          value={value}
          autoComplete="off"
          maxLength={1024}
          onChange={(event) => setValue(event.target.value)}
          data-testid="rename-dialog-input"
        />
        <div className="dialog__actions dialog__actions--form">
          <button type="button" className="button" onClick={onCancel} data-testid="rename-dialog-cancel">
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={!trimmed}
            data-testid="rename-dialog-submit"
          >
            Rename
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
