import type { User } from '../../store/users';

export const roles = ['owner', 'organizer', 'fileOrganizer', 'writer', 'commenter', 'reader'] as const;
export type Role = (typeof roles)[number];

export const granteeTypes = ['user', 'group', 'domain', 'anyone'] as const;
export type GranteeType = (typeof granteeTypes)[number];

/** Numeric strength of a role, so the effective access on a file is the maximum over its grants. */
export const roleRank: Record<Role, number> = {
  reader: 1,
  commenter: 2,
  writer: 3,
  fileOrganizer: 4,
  organizer: 5,
  owner: 6,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}

export function isGranteeType(value: unknown): value is GranteeType {
  return typeof value === 'string' && (granteeTypes as readonly string[]).includes(value);
}

export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** The grant keys that match a user: their address, their domain, and anyone. */
export function principalsOf(user: User): [string, string, string] {
  return [`user:${user.email.toLowerCase()}`, `domain:${domainOf(user.email)}`, 'anyone'];
}

export function principalFor(type: GranteeType, emailOrDomain: string | null): string {
  if (type === 'anyone') return 'anyone';
  return `${type}:${(emailOrDomain ?? '').toLowerCase()}`;
}
