import { createHash, randomBytes } from 'node:crypto';

/** Opaque identifiers for task lists and tasks: 128 random bits, URL-safe. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** A strong etag for one version of a resource, quoted as HTTP wants it. */
export function etagOf(...parts: readonly (string | number)[]): string {
  return `"${createHash('sha1').update(parts.join('\u0000')).digest('base64url').slice(0, 22)}"`;
}
