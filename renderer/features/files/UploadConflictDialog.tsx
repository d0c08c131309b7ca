import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { returnFocus } from '../../lib/return-focus';
import type { FolderCrumb } from './model/places';
import type { DroppedContent } from './uploads/dropped-entries';
import { uploadWithChoice, type UploadConflict } from './uploads/upload-conflicts';

export interface UploadConflictRequest {
  target: FolderCrumb;
  content: DroppedContent;
  conflicts: UploadConflict[];
}

/**
 * Drive's "Upload options": files with the names of files already in the folder either replace them
 * (each a new version of the file there, its sharing and links kept) or are kept beside them.
 */
export function UploadConflictDialog({
  request,
  onClose,
}: {
  request: UploadConflictRequest | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => !open && onClose()}>
      {request ? (
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <ConflictContent request={request} onClose={onClose} />
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}

function ConflictContent({ request, onClose }: { request: UploadConflictRequest; onClose: () => void }) {
  const [choice, setChoice] = useState<'replace' | 'keepBoth'>('replace');
  const name = useId();
  const { conflicts, target } = request;
  const first = conflicts[0]?.name ?? '';
  return (
    <Dialog.Content className="dialog" data-testid="upload-conflict-dialog" {...returnFocus}>
      <Dialog.Title className="dialog__title">Upload options</Dialog.Title>
      <Dialog.Description className="dialog__description">
        {conflicts.length === 1
          ? `“${first}” already exists in “${target.name}”.`
          : `${conflicts.length} of these files already exist in “${target.name}”.`}
      </Dialog.Description>
      <form
        className="field"
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
          uploadWithChoice(request.target, request.content, conflicts, choice);
        }}
      >
        <fieldset className="choice-list">
          <legend className="visually-hidden">What to do with files of the same name</legend>
          <label className="choice-list__option">
            <input
              type="radio"
              name={name}
              checked={choice === 'replace'}
              onChange={() => setChoice('replace')}
              data-testid="upload-conflict-replace"
            />
            {conflicts.length === 1 ? 'Replace existing file' : 'Replace existing files'}
          </label>
          <label className="choice-list__option">
            <input
              type="radio"
              name={name}
              checked={choice === 'keepBoth'}
              onChange={() => setChoice('keepBoth')}
              data-testid="upload-conflict-keep"
            />
            Keep all files
          </label>
        </fieldset>
        <div className="dialog__actions dialog__actions--form">
          <button type="button" className="button" onClick={onClose} data-testid="upload-conflict-cancel">
            Cancel
          </button>
          <button type="submit" className="button button--primary" autoFocus data-testid="upload-conflict-submit">
            Upload
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
