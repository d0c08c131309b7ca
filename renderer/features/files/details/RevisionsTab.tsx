import { useRef, useState } from 'react';
import { ErrorBanner, ErrorPanel, LoadingPanel } from '../../../components/StatusPanel';
import { callApi, errorMessage, useApiQuery } from '../../../lib/api';
import type { DriveRevision } from '../../../../shared/api/schemas/drive';
import { hasId, type DriveItem } from '../drive-file';
import { refreshDrive } from '../queries';
import { downloadRevision } from '../data/download';
import { isGoogleNative } from '../drive-file';
import { formatFileSize } from '../file-format';
import { uploadNewVersion } from '../uploads/upload-store';
import { formatDateTime, personName } from './format-time';

type Revision = DriveRevision & { id: string };

export const revisionListParams = (fileId: string) => ({
  fileId,
  pageSize: 200,
  fields:
    'nextPageToken,revisions(id,modifiedTime,keepForever,size,originalFilename,mimeType,lastModifyingUser(displayName,emailAddress,me))',
});

/** The file's versions, newest first: download one, keep it forever, delete it; or upload a new one. */
export function RevisionsTab({ item }: { item: DriveItem }) {
  const revisions = useApiQuery('DriveRevisionsList', revisionListParams(item.id), { allPagesOf: 'revisions' });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The box shows the choice at once; the service's answer replaces it when the list is read again.
  const [keepChoices, setKeepChoices] = useState<Record<string, boolean>>({});
  const input = useRef<HTMLInputElement>(null);
  const native = isGoogleNative(item);

  const act = async (revisionId: string, what: string, work: () => Promise<unknown>) => {
    setBusy(revisionId);
    setError(null);
    try {
      await work();
    } catch (cause) {
      setError(`Couldn’t ${what}: ${errorMessage(cause)}`);
    } finally {
      setBusy(null);
      void refreshDrive();
    }
  };

  if (revisions.isPending) return <LoadingPanel label="Loading versions…" fill={false} />;
  if (revisions.isError)
    return (
      <ErrorPanel
        title="Couldn’t load the versions"
        error={revisions.error}
        onRetry={() => void revisions.refetch()}
        fill={false}
      />
    );
  const list: Revision[] = (revisions.data.revisions ?? []).filter(hasId).reverse();

  return (
    <div className="revisions" data-testid="revisions">
      {!native && item.capabilities?.canModifyContent !== false ? (
        <>
          <button
            type="button"
            className="button"
            onClick={() => input.current?.click()}
            data-testid="upload-new-version"
          >
            Upload new version
          </button>
          <input
            ref={input}
            type="file"
            hidden
            aria-label="Choose the new version"
            data-testid="new-version-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) uploadNewVersion(item.id, item.name ?? file.name, file);
            }}
          />
        </>
      ) : null}
      {error ? <ErrorBanner message={error} onDismiss={() => setError(null)} testId="revision-error" /> : null}
      <ol className="revisions__list">
        {list.map((revision, index) => (
          <li key={revision.id} className="revision" data-testid="revision" data-revision-id={revision.id}>
            <div className="revision__head">
              <span className="revision__when">{formatDateTime(revision.modifiedTime)}</span>
              {index === 0 ? <span className="pill">Current</span> : null}
              {revision.keepForever ? <span className="pill">Kept forever</span> : null}
            </div>
            <div className="revision__meta">
              {personName(revision.lastModifyingUser)}
              {revision.size ? ` · ${formatFileSize(revision.size)}` : ''}
            </div>
            <div className="revision__actions">
              {!native ? (
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy !== null}
                  onClick={() => void act(revision.id, 'download the version', () => downloadRevision(item, revision))}
                  data-testid="revision-download"
                >
                  Download
                </button>
              ) : null}
              {!native ? (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={keepChoices[revision.id] ?? Boolean(revision.keepForever)}
                    disabled={busy !== null}
                    onChange={(event) => {
                      const keepForever = event.target.checked;
                      setKeepChoices((choices) => ({ ...choices, [revision.id]: keepForever }));
                      void act(revision.id, 'change “keep forever”', () =>
                        callApi('DriveRevisionsUpdate', { fileId: item.id, revisionId: revision.id }, { keepForever }),
                      ).then(async () => {
                        await revisions.refetch();
                        setKeepChoices(({ [revision.id]: _done, ...rest }) => rest);
                      });
                    }}
                    data-testid="revision-keep"
                  />
                  Keep forever
                </label>
              ) : null}
              <button
                type="button"
                className="button button--ghost button--danger"
                disabled={busy !== null || list.length < 2}
                title={list.length < 2 ? 'The only version of a file cannot be deleted.' : undefined}
                onClick={() =>
                  void act(revision.id, 'delete the version', () =>
                    callApi('DriveRevisionsDelete', { fileId: item.id, revisionId: revision.id }),
                  )
                }
                data-testid="revision-delete"
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
