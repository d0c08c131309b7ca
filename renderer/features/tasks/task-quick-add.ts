import * as chrono from 'chrono-node';

/**
 * "Add a task" reads a due date from the words people type, as Todoist does: "Pay rent tomorrow",
 * "Call mom on Friday", "Renew passport by March 3". The phrase that names the day is taken out of
 * the title. Tasks keep a due day only (the service drops a time of day), so a time said with it
 * ("tomorrow 5pm") goes with the phrase. A phrase that names only a time ("at 3") sets nothing.
 */

export interface TaskInput {
  title: string;
  /** `YYYY-MM-DD`, or null when the text names no day. */
  due: string | null;
  /** The words read as the due date, as typed ("tomorrow 5pm"). */
  phrase: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Words that only lead into the date ("due Friday", "by Monday", "on the 3rd") go with it. */
const leadIn = /(?:\b(?:due|by|on|for)\s+)$/i;

export function readTaskInput(text: string, now: Date = new Date()): TaskInput {
  const trimmed = text.trim();
  for (const result of chrono.parse(trimmed, now, { forwardDate: true })) {
    const start = result.start;
    if (!start.isCertain('day') && !start.isCertain('weekday') && !start.isCertain('month')) continue;
    const day = start.date();
    const before = trimmed.slice(0, result.index);
    const lead = leadIn.exec(before);
    const from = lead ? result.index - lead[0].length : result.index;
    const title = `${trimmed.slice(0, from)} ${trimmed.slice(result.index + result.text.length)}`
      .replace(/\s+/g, ' ')
      .replace(/\s+([,.;:!?])/g, '$1')
      .trim();
    // Nothing left but the date: the text is the title, as typed.
    if (!title) break;
    return {
      title,
      due: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
      phrase: trimmed.slice(from, result.index + result.text.length),
    };
  }
  return { title: trimmed, due: null, phrase: null };
}
