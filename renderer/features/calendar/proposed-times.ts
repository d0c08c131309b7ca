import type { EventTimes } from './event-mapping';
import { dateInZone, instantOfWallTime, parseWallTime, wallTimeOf } from './time-zone';
import type { VisibleRange } from './visible-range';

/**
 * Where "New event" (the keyboard way to create one) proposes a slot, read in the display zone:
 * the next full hour today when today is visible (never past the day's last hour), else 09:00 on
 * the first visible day; the person's default length.
 */
export function proposedTimes(
  visible: VisibleRange | null,
  zone: string,
  lengthMinutes: number,
  now: number = Date.now(),
): EventTimes {
  const todayVisible = !visible || (now >= visible.start.getTime() && now < visible.end.getTime());
  let startMs: number;
  if (todayVisible) {
    const wall = wallTimeOf(now, zone);
    startMs = instantOfWallTime({ ...wall, hour: Math.min(wall.hour + 1, 23), minute: 0 }, zone);
  } else {
    const firstDay = dateInZone(visible.start.getTime(), zone);
    const wall = parseWallTime(firstDay, '09:00');
    startMs = wall ? instantOfWallTime(wall, zone) : visible.start.getTime();
  }
  return { allDay: false, startMs, endMs: startMs + lengthMinutes * 60_000, timeZone: zone };
}
