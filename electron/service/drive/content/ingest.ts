import { fileTypeFromFile } from 'file-type';
import { isGoogleAppsType, mimeTypeForName } from '../domain/mime';
import type { BlobStore, StoredBlob } from './blob-store';

/** Content written to the blob store, with what is known about its type. */
export interface IngestedContent {
  readonly blob: StoredBlob;
  /** The Content-Type the client sent with the content (absent or generic when it didn't say). */
  readonly declaredType: string | undefined;
  /** What the bytes look like (magic numbers), when recognisable. */
  readonly detectedType: string | undefined;
}

const genericTypes = new Set(['application/octet-stream', 'binary/octet-stream', '']);
const maxIndexedBytes = 1024 * 1024;

export async function ingestContent(
  blobs: BlobStore,
  source: AsyncIterable<Uint8Array>,
  declaredType: string | undefined,
  limit?: number,
): Promise<IngestedContent> {
  const blob = await blobs.write(source, limit);
  const detected =
    blob.size > 0 ? await fileTypeFromFile(blobs.pathOf(blob.address)).catch(() => undefined) : undefined;
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  return {
    blob,
    declaredType: declared && !genericTypes.has(declared) ? declared : undefined,
    detectedType: detected?.mime,
  };
}

/**
 * The file's MIME type: as given in the metadata, else as the content was declared, else detected
 * from the bytes, else guessed from the name's extension, else `application/octet-stream`.
 */
export function resolveMimeType(
  metadataType: string | undefined,
  content: IngestedContent | undefined,
  name: string,
): string {
  if (metadataType) return metadataType;
  if (content?.declaredType && !isGoogleAppsType(content.declaredType)) return content.declaredType;
  if (content?.detectedType) return content.detectedType;
  return mimeTypeForName(name) ?? 'application/octet-stream';
}

/** The type of the stored bytes themselves (for imports into native documents and for exports). */
export function contentTypeOf(content: IngestedContent, name: string): string {
  return content.declaredType ?? content.detectedType ?? mimeTypeForName(name) ?? 'application/octet-stream';
}

/** Whether content of this type is text worth indexing for `fullText contains`. */
export function isIndexableText(type: string): boolean {
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/xml' ||
    type.startsWith('application/vnd.google-apps.')
  );
}

export async function indexableText(blobs: BlobStore, blob: StoredBlob): Promise<string> {
  if (blob.size === 0) return '';
  const text = await blobs.readText(blob.address, maxIndexedBytes);
  return text.replace(/<[^>]*>/g, ' ');
}
