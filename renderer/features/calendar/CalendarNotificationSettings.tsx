import { useState } from 'react';
import { ChoiceMenu, type Choice } from '../../components/ChoiceMenu';
import { useHeldValue } from '../../lib/held-value';
import type { CalendarInfo } from './calendar-data';
import { maxReminders } from './event-draft';
import {
  largestUnit,
  mostReminderMinutes,
  reminderUnits,
  unitMinutes,
  unitWords,
  type ReminderUnit,
} from './reminder-units';

type Reminder = CalendarInfo['defaultReminders'][number];

const methodChoices: Choice<Reminder['method']>[] = [
  { value: 'popup', label: 'Notification' },
  { value: 'email', label: 'Email' },
];
/** A reminder as a person writes it: "1 day", "30 minutes" (the largest unit that fits exactly). */
interface ReminderRow {
  method: Reminder['method'];
  amount: string;
  unit: ReminderUnit;
}

function rowOf(reminder: Reminder): ReminderRow {
  const unit = largestUnit(reminder.minutes);
  return { method: reminder.method, amount: String(reminder.minutes / unitMinutes(unit)), unit };
}

function minutesOf(row: ReminderRow): number | null {
  const amount = Number(row.amount);
  if (row.amount.trim() === '' || !Number.isInteger(amount) || amount < 0) return null;
  const minutes = amount * unitMinutes(row.unit);
  return minutes <= mostReminderMinutes ? minutes : null;
}

const emailTypes = [
  { type: 'eventCreation', label: 'New events', hint: 'Someone adds an event to this calendar' },
  { type: 'eventChange', label: 'Changed events', hint: 'Someone changes an event on this calendar' },
  { type: 'eventCancellation', label: 'Cancelled events', hint: 'Someone cancels an event on this calendar' },
  { type: 'eventResponse', label: 'Event responses', hint: 'Guests answer an event you organize' },
  { type: 'agenda', label: 'Daily agenda', hint: 'Today’s events, each morning' },
] as const;

interface CalendarNotificationSettingsProps {
  calendar: CalendarInfo;
  onDefaultReminders: (calendar: CalendarInfo, reminders: Reminder[]) => void;
  /** Settles once the change is stored (or refused and taken back). */
  onEmailNotifications: (calendar: CalendarInfo, types: string[]) => Promise<unknown>;
}

/**
 * A calendar's notifications, as Google Calendar's settings have them: the default reminders its
 * events get ("Use the calendar's default reminders" in the editor), and which changes arrive by
 * email. Each change is saved as it is made.
 */
export function CalendarNotificationSettings({
  calendar,
  onDefaultReminders,
  onEmailNotifications,
}: CalendarNotificationSettingsProps) {
  const [rows, setRows] = useState<ReminderRow[]>(() => calendar.defaultReminders.map(rowOf));
  const [emails, holdEmails] = useHeldValue(calendar.emailNotifications);
  const problem = rows.some((row) => minutesOf(row) === null);

  /** Saves the rows when every one reads as a time up to four weeks before. */
  const commit = (next: ReminderRow[]) => {
    setRows(next);
    const reminders: Reminder[] = [];
    for (const row of next) {
      const minutes = minutesOf(row);
      if (minutes === null) return;
      reminders.push({ method: row.method, minutes });
    }
    const same =
      reminders.length === calendar.defaultReminders.length &&
      reminders.every(
        (reminder, index) =>
          reminder.method === calendar.defaultReminders[index]?.method &&
          reminder.minutes === calendar.defaultReminders[index]?.minutes,
      );
    if (!same) onDefaultReminders(calendar, reminders);
  };
  const change = (index: number, update: Partial<ReminderRow>) =>
    rows.map((row, i) => (i === index ? { ...row, ...update } : row));

  return (
    <>
      <fieldset className="editor-section calendar-settings__section" data-testid="calendar-settings-reminders">
        <legend className="field__label">Event notifications</legend>
        <p className="field__hint">Reminders for events that use this calendar’s defaults.</p>
        {rows.length === 0 ? <p className="field__hint">No default reminders.</p> : null}
        <ul className="reminder-list">
          {rows.map((row, index) => (
            <li key={index} className="reminder-list__item" data-testid="calendar-settings-reminder">
              <ChoiceMenu
                value={row.method}
                choices={methodChoices}
                onChange={(method) => commit(change(index, { method }))}
                label={`Default reminder ${index + 1}: how`}
                testId="calendar-settings-reminder-method"
              />
              <input
                className={`input input--narrow${minutesOf(row) === null ? ' input--invalid' : ''}`}
                type="number"
                min={0}
                aria-label={`Default reminder ${index + 1}: how long before`}
                aria-invalid={minutesOf(row) === null}
                value={row.amount}
                onChange={(event) => setRows(change(index, { amount: event.target.value }))}
                onBlur={() => commit(rows)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    commit(rows);
                  }
                }}
                data-testid="calendar-settings-reminder-amount"
              />
              <ChoiceMenu
                value={row.unit}
                choices={reminderUnits.map((unit) => ({
                  value: unit.id,
                  label: Number(row.amount) === 1 ? unit.one : unit.many,
                }))}
                onChange={(unit) => commit(change(index, { unit }))}
                label={`Default reminder ${index + 1}: unit`}
                roomFor={unitWords}
                testId="calendar-settings-reminder-unit"
              />
              <span>before</span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => commit(rows.filter((_, i) => i !== index))}
                aria-label={`Remove default reminder ${index + 1}`}
                data-testid="calendar-settings-reminder-remove"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        {problem ? (
          <p className="field__error" role="alert">
            A reminder can be up to 4 weeks before the event, in whole minutes, hours, days or weeks.
          </p>
        ) : null}
        <button
          type="button"
          className="button button--small"
          disabled={rows.length >= maxReminders || problem}
          onClick={() => commit([...rows, { method: 'popup', amount: '30', unit: 'minutes' }])}
          data-testid="calendar-settings-add-reminder"
        >
          Add notification
        </button>
      </fieldset>

      <fieldset className="editor-section calendar-settings__section" data-testid="calendar-settings-emails">
        <legend className="field__label">Other notifications by email</legend>
        {emailTypes.map(({ type, label, hint }) => (
          <label key={type} className="checkbox calendar-settings__email" title={hint}>
            <input
              type="checkbox"
              checked={emails.includes(type)}
              onChange={(event) => {
                const next = event.target.checked
                  ? [...emails.filter((other) => other !== type), type]
                  : emails.filter((other) => other !== type);
                holdEmails(next, onEmailNotifications(calendar, next));
              }}
              data-testid={`calendar-settings-email-${type}`}
            />
            <span>
              {label}
              <span className="field__hint calendar-settings__email-hint"> · {hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
