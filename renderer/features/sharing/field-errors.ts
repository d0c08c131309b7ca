import { errorMessage } from '../../lib/api';

export type ShareField = 'email' | 'role' | 'expiration' | 'message' | 'general';

/**
 * Which field a service error is about, from its `location` (e.g. `permission.expirationTime`)
 * or its reason, so the message can be shown next to that field.
 */
export function fieldOfError(error: unknown): ShareField {
  const { location, reason } = (error ?? {}) as { location?: unknown; reason?: unknown };
  const where = typeof location === 'string' ? location.toLowerCase() : '';
  if (where.includes('expiration')) return 'expiration';
  if (where.includes('notification') || where.includes('message')) return 'message';
  if (where.includes('email')) return 'email';
  if (where.includes('role')) return 'role';
  if (reason === 'invalidSharingRequest' || reason === 'notFound') return 'email';
  return 'general';
}

export function fieldErrors(error: unknown): Partial<Record<ShareField, string>> {
  return { [fieldOfError(error)]: errorMessage(error) };
}

/**
 * Drive's refusal to take a shared drive's last organizer (removing or demoting them), told in the
 * dialog's words: the role is “Manager” here.
 */
export function memberErrors(error: unknown): Partial<Record<ShareField, string>> {
  const { status, reason } = (error ?? {}) as { status?: unknown; reason?: unknown };
  if (status === 403 && (reason === 'cannotModifyPermission' || reason === 'cannotDeletePermission'))
    return { role: 'A shared drive needs at least one Manager. Make someone else a Manager first.' };
  return fieldErrors(error);
}
