import type { DrivePermission } from '../../../shared/api/schemas/drive';
import type { Choice } from '../../components/ChoiceMenu';
import { addDaysToDate } from '../../lib/civil-date';

/** A listed permission the dialog can act on: it has an id, a type and a role. */
export function isPermission(permission: DrivePermission): permission is DrivePermission & Permission {
  return (
    typeof permission.id === 'string' &&
    permission.id !== '' &&
    permission.type !== undefined &&
    permission.role !== undefined &&
    (permission.domain === undefined || typeof permission.domain === 'string')
  );
}

/** A Drive permission as the share dialog reads it. */
export interface Permission {
  id: string;
  type: 'user' | 'group' | 'domain' | 'anyone';
  role: Role;
  emailAddress?: string;
  domain?: string;
  displayName?: string;
  expirationTime?: string;
  allowFileDiscovery?: boolean;
  deleted?: boolean;
  pendingOwner?: boolean;
  permissionDetails?: { inherited?: boolean; inheritedFrom?: string; permissionType?: string; role?: string }[];
}

export type Role = 'owner' | 'organizer' | 'fileOrganizer' | 'writer' | 'commenter' | 'reader';

export const permissionFields =
  'nextPageToken,permissions(id,type,role,emailAddress,domain,displayName,expirationTime,allowFileDiscovery,deleted,pendingOwner,permissionDetails)';

/** What is being shared: a file or folder (in My Drive or a shared drive), or a shared drive's membership. */
export type ShareContext = 'myDrive' | 'sharedDriveItem' | 'sharedDrive';

const fileRoleLabels: Partial<Record<Role, string>> = { reader: 'Viewer', commenter: 'Commenter', writer: 'Editor' };
const driveRoleLabels: Partial<Record<Role, string>> = {
  reader: 'Viewer',
  commenter: 'Commenter',
  writer: 'Contributor',
  fileOrganizer: 'Content manager',
  organizer: 'Manager',
};

/** The roles that can be granted here, in increasing order of power, with their names. */
export function grantableRoles(context: ShareContext): { role: Role; label: string }[] {
  const labels = context === 'myDrive' ? fileRoleLabels : driveRoleLabels;
  const order: Role[] =
    context === 'myDrive'
      ? ['reader', 'commenter', 'writer']
      : ['reader', 'commenter', 'writer', 'fileOrganizer', 'organizer'];
  return order.map((role) => ({ role, label: labels[role]! }));
}

const driveRoleDescriptions: Partial<Record<Role, string>> = {
  reader: 'View files',
  commenter: 'Comment on files',
  writer: 'Add and edit files',
  fileOrganizer: 'Add, edit, move and delete files',
  organizer: 'Manage content, members and settings',
};

/** The roles as menu choices; a shared drive's roles say what each allows, as Drive does. */
export function roleChoices(context: ShareContext): Choice<Role>[] {
  return grantableRoles(context).map(({ role, label }) => {
    const description = context === 'sharedDrive' ? driveRoleDescriptions[role] : undefined;
    return { value: role, label, ...(description ? { description } : {}) };
  });
}

export function roleLabel(role: Role, context: ShareContext): string {
  if (role === 'owner') return 'Owner';
  return (context === 'myDrive' ? fileRoleLabels : driveRoleLabels)[role] ?? driveRoleLabels[role] ?? role;
}

/** Expiration dates apply to people and groups with an ordinary role, never to a drive's members. */
export function canExpire(type: Permission['type'], role: Role, context: ShareContext): boolean {
  return (
    (type === 'user' || type === 'group') &&
    context !== 'sharedDrive' &&
    (role === 'reader' || role === 'commenter' || role === 'writer')
  );
}

/**
 * Whether a permission comes from a parent rather than being set on the item: Drive says so for
 * shared drive items (`permissionDetails`); in My Drive a grant the parent folder has too is the parent's.
 */
export function inheritedFrom(permission: Permission, parentPermissions: readonly Permission[] | null): string | null {
  const details = permission.permissionDetails ?? [];
  if (details.length > 0) {
    const own = details.some((detail) => !detail.inherited);
    if (own) return null;
    return details[0]?.inheritedFrom ?? 'parent';
  }
  if (permission.role === 'owner' || !parentPermissions) return null;
  const same = parentPermissions.find(
    (p) => p.id === permission.id && p.role === permission.role && (p.role !== 'owner' || permission.role === 'owner'),
  );
  return same ? 'parent' : null;
}

export type GeneralAccess =
  { kind: 'restricted' } | { kind: 'domain'; permission: Permission } | { kind: 'anyone'; permission: Permission };

/** Link sharing: anyone with the link wins over a domain grant, which wins over nothing. */
export function generalAccessOf(permissions: readonly Permission[]): GeneralAccess {
  const anyone = permissions.find((p) => p.type === 'anyone');
  if (anyone) return { kind: 'anyone', permission: anyone };
  const domain = permissions.find((p) => p.type === 'domain');
  if (domain) return { kind: 'domain', permission: domain };
  return { kind: 'restricted' };
}

/** People and groups, the owner first, then by name. */
export function peopleOf(permissions: readonly Permission[]): Permission[] {
  const name = (p: Permission) => (p.displayName || p.emailAddress || '').toLowerCase();
  return permissions
    .filter((p) => p.type === 'user' || p.type === 'group')
    .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner') || name(a).localeCompare(name(b)));
}

/** The domain part of an address, for sharing with "everyone at <domain>"; none for consumer mail domains. */
export function shareableDomain(email: string | undefined): string | null {
  const domain = email?.split('@')[1]?.toLowerCase();
  if (!domain || domain === 'gmail.com' || domain === 'googlemail.com') return null;
  return domain;
}

/** `YYYY-MM-DD` of an instant in local time (for a date field). */
export function dateFieldValue(time: string | undefined): string {
  if (!time) return '';
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of a local day chosen in a date field, as RFC 3339: access lasts through that day. */
export function expirationFromDate(date: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? null : end.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The days a date field offers for an expiration, in the person's zone: from today (access lasts through
 * the day chosen) to the last day within a year, the bound `expirationProblem` checks.
 */
export function expirationDateRange(today: string): { min: string; max: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const yearAhead = new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
  return { min: today, max: addDaysToDate(yearAhead, -1) };
}

/** Checks an expiration before asking the service (it checks again): in the future, at most a year ahead. */
export function expirationProblem(expirationTime: string, now: Date = new Date()): string | null {
  const time = Date.parse(expirationTime);
  if (Number.isNaN(time)) return 'Choose a valid date.';
  if (time <= now.getTime()) return 'The expiration date must be in the future.';
  const limit = new Date(now);
  limit.setFullYear(limit.getFullYear() + 1);
  if (time > limit.getTime()) return 'Access can expire at most one year from today.';
  return null;
}

/** Addresses typed in one field, separated by commas, semicolons or spaces. */
export function parseAddresses(text: string): { valid: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const part of parts) (/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(part) ? valid : invalid).push(part);
  return { valid: [...new Set(valid.map((address) => address.toLowerCase()))], invalid };
}
