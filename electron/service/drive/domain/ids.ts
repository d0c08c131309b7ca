import { createHash, randomBytes } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random id in the shape Drive uses for files (33 url-safe characters starting with `1`). */
export function newFileId(): string {
  return '1' + randomString(32);
}

/** Ids for comments, replies, upload sessions and shared drives. */
export function newId(length = 22): string {
  return randomString(length);
}

/** Revision ids are opaque strings distinct from file ids. */
export function newRevisionId(): string {
  return '0B' + randomString(40);
}

/** Shared drive ids are short (19 characters, starting with `0A`). */
export function newDriveId(): string {
  return '0A' + randomString(17);
}

function randomString(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[bytes[i]! & 63];
  return out;
}

/** A grantee's permission id: stable for an address across every file, as Drive publishes it in user resources. */
export function permissionIdForEmail(email: string): string {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  return (digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0');
}

export function permissionIdForDomain(domain: string): string {
  const digest = createHash('sha256')
    .update('domain:' + domain.toLowerCase())
    .digest();
  return (digest.readBigUInt64BE(0) % 10n ** 20n).toString().padStart(20, '0') + 'k';
}

export const anyonePermissionId = 'anyoneWithLink';

/** Ids accepted from generateIds: a fresh id issued there, in the same alphabet. */
export const fileIdPattern = /^[A-Za-z0-9_-]{10,80}$/;
