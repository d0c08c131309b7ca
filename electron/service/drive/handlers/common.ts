import type { SystemParams } from '../../../../shared/api';
import type { RequestContext } from '../../http/handler';
import type { FileRow } from '../domain/files-repository';
import { driveErrors } from '../domain/errors';
import { hasBinaryContent } from '../domain/mime';
import { fieldWants, fileResource, minimalFile, type FieldWants, type FileResource } from '../resources/file-resource';
import type { DriveSession } from '../domain/session';

/** A request that writes a file's metadata and maybe its content (create or update, on either path). */
export type FileWriteContext = RequestContext<'DriveFilesCreate'> | RequestContext<'DriveFilesUpdate'>;

/** The parents an update adds and removes, as given (a create takes its parents from the body). */
export function parentParams(ctx: FileWriteContext): { addParents?: string; removeParents?: string } {
  if (!('addParents' in ctx.params)) return {};
  const { addParents, removeParents } = ctx.params;
  return {
    ...(addParents !== undefined ? { addParents } : {}),
    ...(removeParents !== undefined ? { removeParents } : {}),
  };
}

/** What the helpers below read of a request: its standard parameters (`fields`). */
type WithFields = { readonly params: SystemParams };

/** When `fields` is given the service filters a full resource; without it Drive answers its default fields. */
export function hasFields(ctx: WithFields): boolean {
  return ctx.params.fields !== undefined;
}

/** Comments, replies and about answer only what `fields` asks for, and demand it, as Drive does. */
export function requireFields(ctx: WithFields): void {
  if (!hasFields(ctx)) throw driveErrors.fieldsRequired();
}

export function wantsOf(ctx: WithFields): FieldWants {
  return fieldWants(ctx.params.fields);
}

/**
 * Computes the SHA-1/SHA-256 checksums of `files` first when the request names them (they are
 * computed on first demand, see `ChecksumCache`); a request for every field takes what is known.
 */
export async function prepareChecksums(ctx: WithFields, s: DriveSession, files: Iterable<FileRow>): Promise<void> {
  const fields = ctx.params.fields;
  if (fields === undefined || !/\bsha(1|256)Checksum\b/.test(fields)) return;
  const addresses: string[] = [];
  for (const file of files)
    if (file.blob_address !== null && hasBinaryContent(file.mime_type)) addresses.push(file.blob_address);
  await s.checksums.ensure(addresses);
}

/** A file as a response body: what `fields` asks for (checksums computed first when named). */
export async function fileBody(
  ctx: WithFields,
  s: DriveSession,
  file: FileRow,
  rank = s.rankOf(file.id),
): Promise<FileResource> {
  if (!hasFields(ctx)) return minimalFile(file);
  await prepareChecksums(ctx, s, [file]);
  return fileResource(s, file, rank, wantsOf(ctx));
}

export function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
