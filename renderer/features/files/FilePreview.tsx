import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { callApi, useActiveAccount } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { returnFocus } from '../../lib/return-focus';
import { downloadFile } from './data/download';
import type { DriveItem } from './drive-file';
import { fileKind, fileKindLabel } from './file-format';
import { FileIcon } from './FileIcon';
import { useFilesStore } from './files-store';

/** Largest picture shown in the preview (its content comes whole, over IPC). */
const imageLimitBytes = 20 * 1024 * 1024;
/** Largest text file read for the preview, and how much of it is shown. */
const textLimitBytes = 2 * 1024 * 1024;
const textShownChars = 200_000;

/** Types read as text besides `text/*` (what Drive's previewer shows as plain text). */
const textTypes = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/x-sh',
  'application/x-yaml',
  'application/yaml',
  'application/sql',
]);

type PreviewKind = 'image' | 'text' | null;

function previewKindOf(item: DriveItem): PreviewKind {
  const type = (item.mimeType ?? '').toLowerCase();
  const size = Number(item.size ?? 0);
  if (type.startsWith('image/') && type !== 'image/svg+xml' && size <= imageLimitBytes) return 'image';
  if ((type.startsWith('text/') || textTypes.has(type)) && size <= textLimitBytes) return 'text';
  return null;
}

function noPreviewFor(label: string): string {
  if (label === 'File') return 'No preview for this kind of file.';
  return `No preview for ${label === 'PDF' ? label : label.toLowerCase()} files.`;
}

interface Media {
  contentBase64?: unknown;
  contentType?: unknown;
}

function decode(media: Media, kind: 'image' | 'text'): string {
  const base64 = typeof media.contentBase64 === 'string' ? media.contentBase64 : '';
  if (kind === 'image') {
    const type = typeof media.contentType === 'string' ? media.contentType.split(';')[0] : 'image/png';
    // The page shows only its own, `data:` and `blob:` pictures (its CSP).
    return `data:${type};base64,${base64}`;
  }
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/**
 * A file opened (double-click, Enter, Open): shown over the list as Drive's previewer shows it —
 * pictures and text files themselves, anything else its kind with Download — with Download, Details
 * and Close above it. Escape closes it and gives the keyboard back to the list.
 */
export function FilePreview({ item, onClose }: { item: DriveItem | null; onClose: () => void }) {
  return (
    <Dialog.Root open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="file-preview__overlay" />
        {item ? <PreviewContent key={item.id} item={item} onClose={onClose} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PreviewContent({ item, onClose }: { item: DriveItem; onClose: () => void }) {
  const name = item.name || 'Untitled';
  const kind = previewKindOf(item);
  const account = useActiveAccount() ?? '';
  const content = useQuery({
    // Not an `api` key: a pushed change need not refetch it; a new version has a new stamp.
    queryKey: ['filePreviewContent', account, item.id, item.modifiedTime ?? ''],
    enabled: kind !== null,
    staleTime: Infinity,
    gcTime: 30_000,
    queryFn: async () => {
      const media = (await callApi(
        'DriveFilesGet',
        { fileId: item.id, alt: 'media', supportsAllDrives: true },
        undefined,
        account ? { account } : {},
      )) as Media;
      return decode(media, kind === 'image' ? 'image' : 'text');
    },
  });
  const details = () => {
    const store = useFilesStore.getState();
    store.setSelection({ selected: new Set([item.id]), anchor: item.id, focus: item.id });
    store.setDetailsOpen(true);
    onClose();
  };
  const download = () =>
    void downloadFile(item).catch((error: unknown) => notifyError(`Couldn’t download “${name}”.`, error));

  let body;
  if (kind === null) {
    body = (
      <div className="file-preview__none" data-testid="file-preview-none">
        <FileIcon kind={fileKind(item.mimeType)} size={64} />
        <p>
          {previewKindOf({ ...item, size: '0' }) !== null
            ? 'This file is too large to preview.'
            : noPreviewFor(fileKindLabel(item.mimeType))}
        </p>
        <button type="button" className="button button--primary" onClick={download}>
          Download
        </button>
      </div>
    );
  } else if (content.isPending) {
    body = (
      <p className="file-preview__status" role="status">
        Opening…
      </p>
    );
  } else if (content.isError) {
    body = (
      <div className="file-preview__none" role="alert">
        <p>
          Couldn’t open “{name}”: {content.error.message}
        </p>
        <button type="button" className="button" onClick={() => void content.refetch()}>
          Retry
        </button>
      </div>
    );
  } else if (kind === 'image') {
    body = <img className="file-preview__image" src={content.data} alt={name} data-testid="file-preview-image" />;
  } else {
    const text = content.data;
    body = (
      <pre
        className="file-preview__text"
        tabIndex={0}
        aria-label={`Contents of ${name}`}
        data-testid="file-preview-text"
      >
        {text.length > textShownChars ? `${text.slice(0, textShownChars)}\n…` : text}
      </pre>
    );
  }

  return (
    <Dialog.Content {...returnFocus} className="file-preview" data-testid="file-preview" aria-describedby={undefined}>
      <header className="file-preview__bar">
        <FileIcon kind={fileKind(item.mimeType)} size={20} />
        <Dialog.Title className="file-preview__name">{name}</Dialog.Title>
        <button type="button" className="file-preview__action" onClick={download} data-testid="file-preview-download">
          Download
        </button>
        <button type="button" className="file-preview__action" onClick={details} data-testid="file-preview-details">
          Details
        </button>
        <Dialog.Close className="file-preview__close" aria-label="Close preview" data-testid="file-preview-close">
          ✕
        </Dialog.Close>
      </header>
      <div className="file-preview__body">{body}</div>
    </Dialog.Content>
  );
}
