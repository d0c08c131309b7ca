import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { callApi, useActiveAccount } from '../../lib/api';
import { ipc } from '../../platform/ipc';
import type { DriveItem } from './drive-file';
import { fileKind } from './file-format';

/** Images without a thumbnail are previewed from their own content up to this size. */
const previewLimitBytes = 2 * 1024 * 1024;

/** A `data:` address of image content (the page shows only its own, `data:` and `blob:` images). */
function toDataUrl(media: unknown): string | null {
  if (!media || typeof media !== 'object') return null;
  const { contentBase64, contentType } = media as { contentBase64?: unknown; contentType?: unknown };
  if (typeof contentBase64 !== 'string' || typeof contentType !== 'string' || !contentType.startsWith('image/'))
    return null;
  return `data:${contentType.split(';')[0]};base64,${contentBase64}`;
}

type Source = 'thumbnail' | 'content' | null;

function sourceOf(item: DriveItem): Source {
  if (item.hasThumbnail) return 'thumbnail';
  const size = Number(item.size ?? 0);
  return fileKind(item.mimeType) === 'image' && size > 0 && size <= previewLimitBytes ? 'content' : null;
}

/**
 * A grid tile's picture: the thumbnail Drive provides (read by the core), or for a small image
 * without one its own content; the type's glyph otherwise. Kept per version of the file.
 */
export function ImagePreview({ item, fallback }: { item: DriveItem; fallback: ReactNode }) {
  const account = useActiveAccount() ?? '';
  const source = sourceOf(item);
  const scope = account ? { account } : {};
  const preview = useQuery({
    // Not an `api` key: pushed changes need not refetch previews; a new version has a new version stamp.
    queryKey: ['filePreview', account, item.id, source, item.thumbnailVersion ?? item.modifiedTime ?? ''],
    enabled: source !== null,
    staleTime: Infinity,
    gcTime: 60_000,
    queryFn: async () =>
      source === 'thumbnail'
        ? toDataUrl(await ipc.invoke('files.thumbnail', { ...scope, fileId: item.id }))
        : toDataUrl(
            await callApi(
              'DriveFilesGet',
              { fileId: item.id, alt: 'media', supportsAllDrives: true },
              undefined,
              scope,
            ),
          ),
  });
  const url = preview.data ?? null;
  // Content the browser cannot decode (a damaged or mislabelled image) shows the type's glyph, not a broken picture.
  const [broken, setBroken] = useState<string | null>(null);
  return url && url !== broken ? (
    <img
      className="file-tile__image"
      src={url}
      alt=""
      loading="lazy"
      draggable={false}
      onError={() => setBroken(url)}
      data-testid="file-tile-image"
    />
  ) : (
    <>{fallback}</>
  );
}
