import type { Store } from '../../store/store';

/** A row of `calendar_list_entries`: one user's view of one calendar. */
export interface CalendarListRow {
  user_email: string;
  calendar_id: string;
  position: number;
  summary_override: string | null;
  color_id: string | null;
  background_color: string | null;
  foreground_color: string | null;
  hidden: number;
  selected: number;
  default_reminders: string;
  notification_settings: string | null;
  deleted: number;
  change_seq: number;
}

export class CalendarListRepository {
  constructor(private readonly store: Store) {}

  private get getStmt() {
    return this.store.prepare<[string, string], CalendarListRow>(
      'SELECT * FROM calendar_list_entries WHERE user_email = ? AND calendar_id = ?',
    );
  }

  private get insertStmt() {
    return this.store.prepare(
      `INSERT INTO calendar_list_entries (user_email, calendar_id, position, summary_override, color_id, background_color,
           foreground_color, hidden, selected, default_reminders, notification_settings, deleted, change_seq)
         VALUES (@user_email, @calendar_id, @position, @summary_override, @color_id, @background_color, @foreground_color,
           @hidden, @selected, @default_reminders, @notification_settings, @deleted, @change_seq)`,
    );
  }

  private get updateStmt() {
    return this.store.prepare(
      `UPDATE calendar_list_entries SET position = @position, summary_override = @summary_override, color_id = @color_id,
           background_color = @background_color, foreground_color = @foreground_color, hidden = @hidden, selected = @selected,
           default_reminders = @default_reminders, notification_settings = @notification_settings, deleted = @deleted,
           change_seq = @change_seq
         WHERE user_email = @user_email AND calendar_id = @calendar_id`,
    );
  }

  private get pageStmt() {
    return this.store.prepare<[string, number, number], CalendarListRow>(
      'SELECT * FROM calendar_list_entries WHERE user_email = ? AND position > ? ORDER BY position LIMIT ?',
    );
  }

  private get changedStmt() {
    return this.store.prepare<[string, number, number], CalendarListRow>(
      'SELECT * FROM calendar_list_entries WHERE user_email = ? AND change_seq > ? ORDER BY change_seq LIMIT ?',
    );
  }

  private get nextPositionStmt() {
    return this.store.prepare<[string], { p: number | null }>(
      'SELECT MAX(position) AS p FROM calendar_list_entries WHERE user_email = ?',
    );
  }

  private get byCalendarStmt() {
    return this.store.prepare<[string], CalendarListRow>('SELECT * FROM calendar_list_entries WHERE calendar_id = ?');
  }

  get(email: string, calendarId: string): CalendarListRow | undefined {
    return this.getStmt.get(email, calendarId);
  }

  insert(row: CalendarListRow): void {
    this.insertStmt.run(row);
  }

  update(row: CalendarListRow): void {
    this.updateStmt.run(row);
  }

  nextPosition(email: string): number {
    return (this.nextPositionStmt.get(email)?.p ?? 0) + 1;
  }

  page(email: string, afterPosition: number, limit: number): CalendarListRow[] {
    return this.pageStmt.all(email, afterPosition, limit);
  }

  changedSince(email: string, seq: number, limit: number): CalendarListRow[] {
    return this.changedStmt.all(email, seq, limit);
  }

  forCalendar(calendarId: string): CalendarListRow[] {
    return this.byCalendarStmt.all(calendarId);
  }
}
