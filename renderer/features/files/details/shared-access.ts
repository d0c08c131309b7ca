import type { DrivePermission } from '../../../../shared/api/schemas/drive';

/**
 * Who can open an item of a shared drive, in words: the drive's members always can, and the item may
 * also be shared on its own (with people, a domain or anyone with the link), here or on a folder above.
 */
export function sharedDriveAccess(driveName: string, permissions: readonly DrivePermission[]): string {
  const own = permissions.filter((p) => p.permissionDetails?.some((detail) => detail.permissionType === 'file'));
  const people = own.filter((p) => p.type === 'user' || p.type === 'group').length;
  const domain = own.find((p) => p.type === 'domain')?.domain;
  const parts = [`Members of ${driveName}`];
  if (people > 0) parts.push(people === 1 ? '1 other person' : `${people} other people`);
  if (own.some((p) => p.type === 'anyone')) parts.push('anyone with the link');
  else if (typeof domain === 'string') parts.push(`everyone at ${domain}`);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}
