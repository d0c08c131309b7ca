/** "Mar 3, 2026, 9:05 AM" in the user's locale; a dash for a missing or invalid time. */
export function formatDateTime(time: string | null | undefined, locale?: string): string {
  if (!time) return '—';
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function personName(
  user: { displayName?: string | null; emailAddress?: string | null; me?: boolean | null } | null | undefined,
): string {
  if (!user) return 'Someone';
  if (user.me) return 'You';
  return user.displayName || user.emailAddress || 'Someone';
}
