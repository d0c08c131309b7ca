import type { UserDefaults } from '../../http/handler';
import type { User } from '../../store/users';
import { ChangeRecorder, collections } from './change-log';
import { createCalendar } from './calendar-operations';
import type { CalendarRepositories } from './repositories';
import { defaultSettings } from './settings-repository';

/**
 * A new user's calendar defaults: the primary calendar (id = email, summary = email, in the user's zone), its
 * calendar list entry (owner, primary) and the default settings. Runs inside the transaction that
 * creates the user; a user who already has them is left alone.
 */
export function provisionCalendarUser(
  r: CalendarRepositories,
  user: User,
  now: Date,
  defaults: UserDefaults = {},
): void {
  const timeZone =
    defaults.timeZone && isIanaZone(defaults.timeZone) ? defaults.timeZone : (defaultSettings.timezone ?? 'UTC');
  const changes = new ChangeRecorder(r.store, now.getTime());
  if (!r.calendars.get(user.email)) {
    createCalendar(r, changes, {
      id: user.email,
      ownerEmail: user.email,
      primary: true,
      summary: user.email,
      description: null,
      location: null,
      timeZone,
    });
  }
  for (const [id, defaultValue] of Object.entries(defaultSettings)) {
    if (r.settings.get(user.email, id)) continue;
    const value = id === 'timezone' ? timeZone : defaultValue;
    const seq = changes.record(collections.settings(user.email));
    r.settings.upsert({ user_email: user.email, setting_id: id, value, change_seq: seq });
  }
}

function isIanaZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
