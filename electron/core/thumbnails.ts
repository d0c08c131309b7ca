import { IpcCallError } from '../../shared/ipc/errors';
import { ApiCallError } from './api-call-error';
import type { ApiClient, MediaContent } from './api-client';
import { toIpcCallError } from './ipc-error-mapping';

/** Thumbnails are small; anything larger is not one. */
const maxThumbnailBytes = 2 * 1024 * 1024;

/** Google serves thumbnails from its content hosts, as short-lived links that need no credentials. */
function isGoogleContentHost(url: URL): boolean {
  return (
    url.protocol === 'https:' &&
    (url.hostname.endsWith('.googleusercontent.com') || url.hostname.endsWith('.google.com'))
  );
}

async function readImage(response: Response): Promise<MediaContent | null> {
  if (!response.ok) {
    await response.arrayBuffer().catch(() => undefined);
    return null;
  }
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!contentType.startsWith('image/') || bytes.length > maxThumbnailBytes) return null;
  return { contentType, contentBase64: bytes.toString('base64') };
}

/**
 * A file's thumbnail as content, for a page that may show only its own and `data:` images: Drive
 * answers `thumbnailLink`, the core reads it (with credentials only from the account's own
 * service, without them from Google's content hosts, from nowhere else). Null when there is none.
 */
export async function fetchThumbnail(
  api: ApiClient,
  fileId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<MediaContent | null> {
  let file: { hasThumbnail?: boolean; thumbnailLink?: string };
  try {
    file = (await api.callByName('DriveFilesGet', {
      fileId,
      fields: 'hasThumbnail,thumbnailLink',
      supportsAllDrives: true,
    })) as typeof file;
  } catch (error) {
    if (error instanceof ApiCallError) throw toIpcCallError(error);
    throw error;
  }
  if (!file.thumbnailLink) return null;
  let link: URL;
  try {
    link = new URL(file.thumbnailLink);
  } catch {
    return null;
  }
  try {
    if (link.origin === new URL(api.baseUrl).origin)
      return await readImage(await api.fetchAuthorized(link, { method: 'GET' }));
    if (isGoogleContentHost(link)) return await readImage(await fetchImpl(link, { redirect: 'follow' }));
  } catch (error) {
    if (error instanceof ApiCallError) throw toIpcCallError(error);
    throw new IpcCallError({
      code: 'unavailable',
      message: `Could not read the thumbnail: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  return null;
}
