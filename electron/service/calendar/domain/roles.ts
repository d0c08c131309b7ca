import { forbidden } from '../../http/api-error';

/** ACL roles from least to most access; `none` is a deleted rule. */
export const roles = ['none', 'freeBusyReader', 'reader', 'writer', 'owner'] as const;
export type Role = (typeof roles)[number];
export type GrantedRole = Exclude<Role, 'none'>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (roles as readonly string[]).includes(value);

export const roleRank = (role: Role): number => roles.indexOf(role);

export const atLeast = (role: Role, minimum: Role): boolean => roleRank(role) >= roleRank(minimum);

export function strongest(a: Role, b: Role): Role {
  return roleRank(a) >= roleRank(b) ? a : b;
}

const accessNames: Record<GrantedRole, string> = {
  freeBusyReader: 'free/busy reader',
  reader: 'reader',
  writer: 'writer',
  owner: 'owner',
};

/** 403 with Google's reason when the user's role on the calendar is below `minimum`. */
export function requireRole(role: Role, minimum: GrantedRole): void {
  if (!atLeast(role, minimum)) {
    throw forbidden(`You need to have ${accessNames[minimum]} access to this calendar.`, 'requiredAccessLevel');
  }
}
