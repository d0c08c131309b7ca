/**
 * How a task's due date reads on a card. In Tasks a due date is a whole day, sent as that date at
 * midnight UTC; the board keeps only the date and compares it with the person's today in their own
 * zone: "Today", "Tomorrow", "Yesterday", a weekday within the coming week ("Fri"), else "Nov 20",
 * with the year when it is not this year's. A date before today is overdue.
 */

export interface DueLabel {
  /** What the card shows, e.g. "Tomorrow", "Overdue · Nov 20". */
  text: string;
  /** What a screen reader reads, with the full date: "Overdue, due Friday, November 20, 2026". */
  full: string;
  overdue: boolean;
  /** Days from today (negative: in the past). */
  days: number;
}

const dayMs = 86_400_000;

function utcDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** `date` (`YYYY-MM-DD`) described relative to `today` (`YYYY-MM-DD`); `overdueApplies` is false for completed tasks. */
export function describeDue(date: string, today: string, overdueApplies = true, locale?: string): DueLabel {
  const at = new Date(utcDay(date));
  const days = Math.round((utcDay(date) - utcDay(today)) / dayMs);
  const format = (options: Intl.DateTimeFormatOptions) =>
    at.toLocaleDateString(locale, { ...options, timeZone: 'UTC' });
  const sameYear = date.slice(0, 4) === today.slice(0, 4);
  let text: string;
  if (days === 0) text = 'Today';
  else if (days === 1) text = 'Tomorrow';
  else if (days === -1) text = 'Yesterday';
  else if (days > 1 && days < 7) text = format({ weekday: 'short' });
  else
    text = format(sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' });
  const fullDate = format({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const overdue = overdueApplies && days < 0;
  const relative = Math.abs(days) <= 1 ? `${text.toLowerCase()}, ` : '';
  return {
    text: overdue ? `Overdue · ${text}` : text,
    full: overdue ? `Overdue, was due ${relative}${fullDate}` : `Due ${relative}${fullDate}`,
    overdue,
    days,
  };
}
