import type { Store } from '../../store/store';

/** A row of `calendar_settings`; values are strings, as in Google's settings resource. */
export interface SettingRow {
  user_email: string;
  setting_id: string;
  value: string;
  change_seq: number;
}

/** Every setting a new user starts with. */
export const defaultSettings: Readonly<Record<string, string>> = {
  autoAddHangouts: 'false',
  dateFieldOrder: 'MDY',
  defaultEventLength: '60',
  format24HourTime: 'false',
  hideInvitations: 'false',
  hideWeekends: 'false',
  locale: 'en',
  remindOnRespondedEventsOnly: 'false',
  showDeclinedEvents: 'true',
  timezone: 'UTC',
  useKeyboardShortcuts: 'true',
  weekStart: '0',
};

export class SettingsRepository {
  constructor(private readonly store: Store) {}

  private get getStmt() {
    return this.store.prepare<[string, string], SettingRow>(
      'SELECT * FROM calendar_settings WHERE user_email = ? AND setting_id = ?',
    );
  }

  private get upsertStmt() {
    return this.store.prepare(
      `INSERT INTO calendar_settings (user_email, setting_id, value, change_seq) VALUES (@user_email, @setting_id, @value, @change_seq)
         ON CONFLICT (user_email, setting_id) DO UPDATE SET value = excluded.value, change_seq = excluded.change_seq`,
    );
  }

  private get pageStmt() {
    return this.store.prepare<[string, string, number], SettingRow>(
      'SELECT * FROM calendar_settings WHERE user_email = ? AND setting_id > ? ORDER BY setting_id LIMIT ?',
    );
  }

  private get changedStmt() {
    return this.store.prepare<[string, number, number], SettingRow>(
      'SELECT * FROM calendar_settings WHERE user_email = ? AND change_seq > ? ORDER BY change_seq LIMIT ?',
    );
  }

  get(email: string, id: string): SettingRow | undefined {
    return this.getStmt.get(email, id);
  }

  value(email: string, id: string): string | undefined {
    return this.getStmt.get(email, id)?.value ?? defaultSettings[id];
  }

  upsert(row: SettingRow): void {
    this.upsertStmt.run(row);
  }

  page(email: string, afterId: string, limit: number): SettingRow[] {
    return this.pageStmt.all(email, afterId, limit);
  }

  changedSince(email: string, seq: number, limit: number): SettingRow[] {
    return this.changedStmt.all(email, seq, limit);
  }
}
