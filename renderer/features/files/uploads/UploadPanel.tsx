import { memo, useState } from 'react';
import { formatFileSize } from '../file-format';
import { cancelUpload, retryUpload, useUploadStore, type UploadItem } from './upload-store';

const stateLabels: Record<UploadItem['state'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

function UploadRow({ item }: { item: UploadItem }) {
  const percent = item.size === 0 ? (item.state === 'done' ? 100 : 0) : Math.round((item.received / item.size) * 100);
  const active = item.state === 'queued' || item.state === 'uploading';
  return (
    <li className={`upload upload--${item.state}`} data-testid="upload-item" data-state={item.state}>
      <div className="upload__line">
        <span className="upload__name" title={`${item.destination}/${item.name}`}>
          {item.name}
        </span>
        <span className="upload__state">
          {item.state === 'uploading'
            ? `${percent}%`
            : item.waitingToSync
              ? 'Uploads when you’re online'
              : stateLabels[item.state]}
        </span>
        {active ? (
          <button
            type="button"
            className="button button--ghost upload__action"
            onClick={() => cancelUpload(item.id)}
            aria-label={`Cancel upload of ${item.name}`}
            data-testid="upload-cancel"
          >
            Cancel
          </button>
        ) : null}
        {item.state === 'failed' || item.state === 'cancelled' ? (
          <button
            type="button"
            className="button button--ghost upload__action"
            onClick={() => retryUpload(item.id)}
            aria-label={`Retry upload of ${item.name}`}
          >
            Retry
          </button>
        ) : null}
      </div>
      <div
        className="upload__bar"
        role="progressbar"
        aria-label={`Upload of ${item.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatFileSize(item.received)} of ${formatFileSize(item.size)}`}
      >
        <span className="upload__fill" style={{ width: `${percent}%` }} />
      </div>
      {item.error ? <p className="upload__error">{item.error}</p> : null}
    </li>
  );
}

/** Uploads in progress and done, with a progress bar each, Cancel, and Retry after a failure. */
export const UploadPanel = memo(function UploadPanel() {
  const items = useUploadStore((state) => state.items);
  const clearFinished = useUploadStore((state) => state.clearFinished);
  const [collapsed, setCollapsed] = useState(false);
  if (items.length === 0) return null;
  const active = items.filter((item) => item.state === 'queued' || item.state === 'uploading').length;
  return (
    <section className="upload-panel" aria-label="Uploads" data-testid="upload-panel">
      <header className="upload-panel__header">
        <h2 className="upload-panel__title">
          {active > 0 ? `Uploading ${active} item${active === 1 ? '' : 's'}` : 'Uploads complete'}
        </h2>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setCollapsed(!collapsed)}
          aria-expanded={!collapsed}
        >
          {collapsed ? 'Show' : 'Hide'}
        </button>
        {active === 0 ? (
          <button type="button" className="button button--ghost" onClick={clearFinished} data-testid="uploads-close">
            Close
          </button>
        ) : null}
      </header>
      {collapsed ? null : (
        <ul className="upload-panel__list">
          {items.map((item) => (
            <UploadRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
});
