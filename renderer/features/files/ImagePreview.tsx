import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { callApi, useActiveAccount } from '../../lib/api';
import type { DriveItem } from './data/file-actions';

/** Images up to this size are previewed from their own content. */
const previewLimitBytes = 2 * 1024 * 1024;

/** A `data:` address of the content (the page may show its own, `data:` and `blob:` images only). */
function toDataUrl(media: unknown): string | null {
  if (!media || typeof media !== 'object') return null;
  const { contentBase64, contentType } = media as { contentBase64?: unknown; contentType?: unknown };
  if (typeof contentBase64 !== 'string' || typeof contentType !== 'string' || !contentType.startsWith('image/'))
    return null;
  return `data:${contentType.split(';')[0]};base64,${contentBase64}`;
}

/**
 * A grid tile's picture of an image: its own content read through the core (small images only),
 * kept per version of the file.
 */
export function ImagePreview({ item, fallback }: { item: DriveItem; fallback: ReactNode }) {
  const account = useActiveAccount() ?? '';
  const size = Number(item.size ?? 0);
  const wanted = size > 0 && size <= previewLimitBytes;
  const preview = useQuery({
    // Not an `api` key: pushed changes need not refetch previews; a new version has a new modifiedTime.
    queryKey: ['filePreview', account, item.id, item.modifiedTime ?? ''],
    enabled: wanted,
    staleTime: Infinity,
    gcTime: 60_000,
    queryFn: async () =>
      toDataUrl(
        await callApi(
          'DriveFilesGet',
          { fileId: item.id, alt: 'media', supportsAllDrives: true },
          undefined,
          account ? { account } : {},
        ),
      ),
  });
  const url = preview.data ?? null;
  return url ? <img className="file-tile__image" src={url} alt="" loading="lazy" draggable={false} /> : <>{fallback}</>;
}
