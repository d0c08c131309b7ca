import { useRef, useState, type ChangeEvent } from 'react';
import { ErrorBanner, EmptyPanel, ErrorPanel, LoadingPanel } from '../../components/StatusPanel';
import { TextPromptDialog } from '../../components/TextPromptDialog';
import { errorMessage } from '../../lib/api';
import { Breadcrumbs } from './Breadcrumbs';
import { FileTable } from './FileTable';
import { useFolderPath } from './folder-path';
import { useFolderContents } from './useFolderContents';
import { useCreateFolder, useUploadFile } from './useFolderMutations';
import './files.css';

/** Drive files: browse folders from My Drive, create folders, upload files. */
export function FilesView() {
  const path = useFolderPath((state) => state.path);
  const openFolder = useFolderPath((state) => state.open);
  const folder = path[path.length - 1] ?? { id: 'root', name: 'My Drive' };

  const contents = useFolderContents(folder.id);
  const { createFolder } = useCreateFolder(folder.id);
  const upload = useUploadFile(folder.id);
  const [naming, setNaming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const onCreateFolder = (name: string) => {
    setNaming(false);
    setActionError(null);
    createFolder(name).catch((error: unknown) => setActionError(`Couldn’t create folder “${name}”: ${errorMessage(error)}`));
  };

  const onFilesChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    setActionError(null);
    for (const file of chosen) {
      try {
        await upload.mutateAsync(file);
      } catch (error) {
        setActionError(`Couldn’t upload “${file.name}”: ${errorMessage(error)}`);
        return;
      }
    }
  };

  return (
    <section className="view files-view" aria-label="Files" data-testid="files-view">
      <header className="view__header">
        <Breadcrumbs path={path} onOpen={openFolder} />
        <div className="view__spacer" />
        {upload.isPending ? (
          <span className="view__status" role="status" data-testid="upload-progress">
            <span className="spinner" aria-hidden="true" />
            Uploading…
          </span>
        ) : null}
        <button type="button" className="button" onClick={() => setNaming(true)} data-testid="new-folder">
          New folder
        </button>
        <button type="button" className="button button--primary" onClick={() => fileInput.current?.click()} disabled={upload.isPending} data-testid="upload-file">
          Upload file
        </button>
        <input ref={fileInput} type="file" multiple hidden onChange={(event) => void onFilesChosen(event)} data-testid="upload-input" aria-label="Choose files to upload" />
      </header>

      {actionError ? <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} testId="files-action-error" /> : null}

      {contents.isPending ? (
        <LoadingPanel label={`Loading ${folder.name}…`} testId="files-loading" />
      ) : contents.isError ? (
        <ErrorPanel title={`Couldn’t open ${folder.name}`} error={contents.error} onRetry={() => void contents.refetch()} testId="files-error" />
      ) : contents.files.length === 0 ? (
        <EmptyPanel
          title="This folder is empty"
          message="Create a folder or upload a file to get started."
          testId="files-empty"
        />
      ) : (
        <FileTable files={contents.files} folderName={folder.name} onOpenFolder={openFolder} />
      )}

      <TextPromptDialog
        open={naming}
        title="New folder"
        label="Folder name"
        initialValue="Untitled folder"
        submitLabel="Create"
        testId="new-folder-dialog"
        onSubmit={onCreateFolder}
        onCancel={() => setNaming(false)}
      />
    </section>
  );
}
