import { isFolder, type DriveFileEntry } from './drive-file';
import { FileIcon } from './FileIcon';
import { fileKind, fileKindLabel, formatFileSize, formatModified, formatOwner } from './file-format';
import type { FolderCrumb } from './folder-path';

interface FileTableProps {
  files: readonly DriveFileEntry[];
  folderName: string;
  onOpenFolder: (folder: FolderCrumb) => void;
}

/** A folder's entries; folder names are buttons that open them. */
export function FileTable({ files, folderName, onOpenFolder }: FileTableProps) {
  const now = new Date();
  return (
    <div className="file-table__scroller">
      <table className="file-table" data-testid="file-list">
        <caption className="visually-hidden">Contents of {folderName}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="file-table__owner">
              Owner
            </th>
            <th scope="col">Modified</th>
            <th scope="col" className="file-table__size">
              Size
            </th>
          </tr>
        </thead>
        <tbody>
          {files.map((file) => {
            const id = file.id ?? '';
            const name = file.name || 'Untitled';
            const kind = fileKind(file.mimeType);
            const pending = id.startsWith('pending-');
            return (
              <tr key={id} data-testid="file-row" data-file-id={id} data-kind={kind} data-pending={pending ? 'true' : undefined}>
                <td>
                  <span className="file-table__name">
                    <FileIcon kind={kind} />
                    {isFolder(file) && !pending ? (
                      <button
                        type="button"
                        className="file-table__folder-link"
                        onClick={() => onOpenFolder({ id, name })}
                        aria-label={`Open folder ${name}`}
                        data-testid="open-folder"
                      >
                        {name}
                      </button>
                    ) : (
                      <span className="file-table__file-name" title={`${fileKindLabel(file.mimeType)}: ${name}`}>
                        {name}
                      </span>
                    )}
                  </span>
                </td>
                <td className="file-table__owner">{formatOwner(file)}</td>
                <td>{pending ? 'Saving…' : formatModified(file.modifiedTime, now)}</td>
                <td className="file-table__size">{isFolder(file) ? '—' : formatFileSize(file.size)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
