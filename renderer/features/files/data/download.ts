import { maxDownloadNameLength } from '../../../../shared/ipc/contract';
import { apiQueryKey, callApi, getActiveAccount, queryClient } from '../../../lib/api';
import { IpcCallError, ipc, type IpcInput, type IpcOutput } from '../../../platform/ipc';
import { isGoogleNative, type DriveFile } from '../drive-file';
import { notify } from '../../../lib/notify';
import { chooseExportFormat } from './export-format';
import { refreshDrive } from '../queries';

/** Extensions up to this long survive when a name is shortened. */
const maxKeptExtension = 16;

/**
 * A Drive name as a file name the core accepts: Drive allows `/` and control characters in names,
 * a file system does not, and a name is at most 255 characters (keeping its extension).
 */
export function downloadName(name: string, fallback: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed here.
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, '');
  let cleaned = printable.replace(/[/\\]/g, '_').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') cleaned = fallback;
  if (cleaned.length <= maxDownloadNameLength) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= maxKeptExtension ? cleaned.slice(dot) : '';
  // Never end on half of a surrogate pair.
  const stem = cleaned.slice(0, maxDownloadNameLength - extension.length).replace(/[\uD800-\uDBFF]$/, '');
  return stem + extension;
}

/** Hands a link of the browser host to the browser, which saves what it serves to its downloads. */
function followDownloadLink(url: string, name: string): void {
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) throw new Error('The download link does not lead to Atrium.');
  const link = document.createElement('a');
  link.href = target.href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The core's error, said the way a person who just clicked Download needs it: a file or version
 * deleted since the list was shown is named as such (and the list is read again so it disappears),
 * rather than by the service's message with an id in it.
 */
function downloadError(error: unknown, request: Pick<IpcInput<'files.download'>, 'revisionId'>): unknown {
  if (!(error instanceof IpcCallError) || error.code !== 'notFound') return error;
  void refreshDrive();
  const message =
    request.revisionId !== undefined
      ? 'This version no longer exists.'
      : 'The file no longer exists. It may have been deleted.';
  return new IpcCallError({ ...error.toIpcError(), message });
}

/**
 * Downloads through the core, which never sends the content over IPC: Electron asks where to save
 * and streams it there; the browser host asks the service for the content first and answers a
 * single-use link to it that the browser downloads, so a failure is reported here either way.
 */
async function download(request: Omit<IpcInput<'files.download'>, 'account'>): Promise<void> {
  const account = getActiveAccount();
  let outcome: IpcOutput<'files.download'>;
  try {
    outcome = await ipc.invoke('files.download', { ...(account ? { account } : {}), ...request });
  } catch (error) {
    throw downloadError(error, request);
  }
  switch (outcome.kind) {
    case 'link':
      followDownloadLink(outcome.url, request.fileName);
      return;
    case 'saved':
      notify({ message: `Saved to ${outcome.path}` });
      return;
    case 'cancelled':
      return;
  }
}

const exportFormatsParams = { fields: 'exportFormats' } as const;

/** What the account's service can export each native type to; asked once an hour at most. */
async function offeredExportFormats(): Promise<Record<string, string[]> | undefined> {
  const about = await queryClient.fetchQuery({
    queryKey: apiQueryKey('DriveAboutGet', exportFormatsParams),
    queryFn: () => callApi('DriveAboutGet', exportFormatsParams),
    staleTime: 3_600_000,
  });
  return about.exportFormats;
}

export async function downloadFile(file: DriveFile & { id: string }): Promise<void> {
  const name = file.name || 'download';
  if (isGoogleNative(file)) {
    const format = chooseExportFormat(file.mimeType ?? '', await offeredExportFormats());
    if (!format) throw new Error('This kind of document has no format to download it in.');
    await download({
      fileId: file.id,
      exportMimeType: format.mimeType,
      fileName: downloadName(`${name}.${format.extension}`, `download.${format.extension}`),
    });
    return;
  }
  await download({ fileId: file.id, fileName: downloadName(name, 'download') });
}

export async function downloadRevision(
  file: DriveFile & { id: string },
  revision: { id: string; originalFilename?: string | null },
): Promise<void> {
  await download({
    fileId: file.id,
    revisionId: revision.id,
    fileName: downloadName(revision.originalFilename || file.name || 'revision', 'revision'),
  });
}
