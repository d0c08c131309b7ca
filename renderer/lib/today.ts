import { useSyncExternalStore } from 'react';

/** Today's date (`YYYY-MM-DD`) in `timeZone` (the person's own zone when absent). */
export function todayIn(now: Date = new Date(), timeZone?: string): string {
  // en-CA formats as YYYY-MM-DD.
  const format = timeZone
    ? new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone })
    : localDate;
  return format.format(now);
}

const localDate = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

// One clock for every view that reads today (due dates, date fields' bounds): today changes at the person's midnight, checked each minute.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    let last = todayIn();
    timer = setInterval(() => {
      const next = todayIn();
      if (next === last) return;
      last = next;
      for (const l of listeners) l();
    }, 60_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** Today's date in the person's zone, re-rendering when it changes. */
export function useToday(): string {
  return useSyncExternalStore(subscribe, () => todayIn());
}
