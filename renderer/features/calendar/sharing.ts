import type { AclRole } from '../../../shared/api/schemas/calendar';

/**
 * Sharing rules (ACL) in people's words, and the access each person ends up with: a person's
 * access is the strongest of their own rule, their domain's rule and the public rule.
 */

export type ScopeType = 'user' | 'group' | 'domain' | 'default';
export type GrantableRole = Exclude<AclRole, 'none'>;

export const grantableRoles: readonly GrantableRole[] = ['freeBusyReader', 'reader', 'writer', 'owner'];

export const roleLabels: Record<AclRole, string> = {
  none: 'No access',
  freeBusyReader: 'See only free/busy (hide details)',
  reader: 'See all event details',
  writer: 'Make changes to events',
  owner: 'Make changes and manage sharing',
};

export const scopeTypeLabels: Record<ScopeType, string> = {
  user: 'Person',
  group: 'Group',
  domain: 'Domain',
  default: 'Public (anyone)',
};

const roleRank: Record<AclRole, number> = { none: 0, freeBusyReader: 1, reader: 2, writer: 3, owner: 4 };

export interface AclRuleView {
  id: string;
  role: AclRole;
  scope: { type: ScopeType; value: string };
}

interface RawRule {
  id?: string | null;
  role?: string | null;
  scope?: { type?: string | null; value?: string | null } | null;
}

export function ruleViews(items: readonly RawRule[] | undefined): AclRuleView[] {
  const views: AclRuleView[] = [];
  for (const item of items ?? []) {
    const type = item.scope?.type as ScopeType | undefined;
    const role = item.role as AclRole | undefined;
    if (!item.id || !type || !(type in scopeTypeLabels) || !role || !(role in roleRank) || role === 'none') continue;
    views.push({ id: item.id, role, scope: { type, value: item.scope?.value ?? '' } });
  }
  const order: Record<ScopeType, number> = { default: 0, domain: 1, group: 2, user: 3 };
  return views.sort(
    (a, b) =>
      order[a.scope.type] - order[b.scope.type] ||
      roleRank[b.role] - roleRank[a.role] ||
      a.scope.value.localeCompare(b.scope.value),
  );
}

export function describeScope(scope: AclRuleView['scope']): string {
  if (scope.type === 'default') return 'Anyone (public)';
  if (scope.type === 'domain') return `Everyone at ${scope.value}`;
  if (scope.type === 'group') return `Group ${scope.value}`;
  return scope.value;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export interface EffectiveAccess {
  role: AclRole;
  /** Which rule grants it, when it is not the person's own. */
  via: 'own' | 'domain' | 'public';
}

/** What a person (by email) can do given all the rules; groups are not expanded (membership is unknown here). */
export function effectiveAccessFor(email: string, rules: readonly AclRuleView[]): EffectiveAccess {
  const lower = email.toLowerCase();
  let best: EffectiveAccess = { role: 'none', via: 'own' };
  for (const rule of rules) {
    let via: EffectiveAccess['via'] | null = null;
    if (rule.scope.type === 'user' && rule.scope.value.toLowerCase() === lower) via = 'own';
    else if (rule.scope.type === 'domain' && rule.scope.value.toLowerCase() === domainOf(lower)) via = 'domain';
    else if (rule.scope.type === 'default') via = 'public';
    if (via && roleRank[rule.role] > roleRank[best.role]) best = { role: rule.role, via };
  }
  return best;
}

/** A readable line for a person's effective access, e.g. "Make changes to events (through everyone at example.com)". */
export function describeEffectiveAccess(access: EffectiveAccess, email: string): string {
  const label = roleLabels[access.role];
  if (access.via === 'domain') return `${label} (through everyone at ${domainOf(email)})`;
  if (access.via === 'public') return `${label} (through public access)`;
  return label;
}

/** The rule id the API gives a scope: `user:a@b`, `domain:b`, `default`. */
export function ruleIdFor(scope: AclRuleView['scope']): string {
  return scope.type === 'default' ? 'default' : `${scope.type}:${scope.value}`;
}

/** A problem with a scope value typed by the person, or null. */
export function checkScopeValue(type: ScopeType, value: string): string | null {
  const trimmed = value.trim();
  if (type === 'default') return null;
  if (!trimmed) return type === 'domain' ? 'Enter a domain, e.g. example.com.' : 'Enter an email address.';
  if (type === 'domain')
    return /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(trimmed) || /^[a-z0-9-]+\.[a-z0-9-]+$/i.test(trimmed)
      ? null
      : `“${trimmed}” is not a domain name.`;
  return /^[^\s@]+@[^\s@]+$/.test(trimmed) ? null : `“${trimmed}” is not an email address.`;
}
