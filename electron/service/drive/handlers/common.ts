import type { RequestContext } from '../../http/handler';
import type { FileRow } from '../domain/files-repository';
import { driveErrors } from '../errors';
import { hasBinaryContent } from '../mime';
import { fieldWants, fileResource, minimalFile, type FieldWants, type FileResource } from '../resources/file-resource';
import type { DriveSession } from '../session';

export function stringParam(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.params[name];
  if (Array.isArray(value)) return value.length > 0 ? String(value[value.length - 1]) : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function intParam(ctx: RequestContext, name: string): number | undefined {
  const value = ctx.params[name];
  return typeof value === 'number' ? value : undefined;
}

export function boolParam(ctx: RequestContext, name: string): boolean {
  return ctx.params[name] === true;
}

/** True when the request named the parameter itself (rather than getting its default). */
export function explicitParam(ctx: RequestContext, name: string): boolean {
  const url = ctx.req.url ?? '';
  const q = url.indexOf('?');
  return q >= 0 && new URLSearchParams(url.slice(q + 1)).has(name);
}

/** When `fields` is given the service filters a full resource; without it Drive answers its default fields. */
export function hasFields(ctx: RequestContext): boolean {
  const fields = ctx.params['fields'];
  return typeof fields === 'string' && fields !== '';
}

/** Comments, replies and about answer only what `fields` asks for, and demand it, as Drive does. */
export function requireFields(ctx: RequestContext): void {
  if (!hasFields(ctx)) throw driveErrors.fieldsRequired();
}

export function wantsOf(ctx: RequestContext): FieldWants {
  return fieldWants(typeof ctx.params['fields'] === 'string' ? ctx.params['fields'] : undefined);
}

/**
 * Computes the SHA-1/SHA-256 checksums of `files` first when the request names them (they are
 * computed on first demand, see `ChecksumCache`); a request for every field takes what is known.
 */
export async function prepareChecksums(ctx: RequestContext, s: DriveSession, files: Iterable<FileRow>): Promise<void> {
  const fields = ctx.params['fields'];
  if (typeof fields !== 'string' || !/\bsha(1|256)Checksum\b/.test(fields)) return;
  const addresses: string[] = [];
  for (const file of files)
    if (file.blob_address !== null && hasBinaryContent(file.mime_type)) addresses.push(file.blob_address);
  await s.checksums.ensure(addresses);
}

/** A file as a response body: what `fields` asks for (checksums computed first when named). */
export async function fileBody(
  ctx: RequestContext,
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
