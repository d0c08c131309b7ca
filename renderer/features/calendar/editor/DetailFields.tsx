import { useId, useState } from 'react';
import { ChoiceMenu, type Choice } from '../../../components/ChoiceMenu';
import type { CalendarInfo } from '../calendar-data';
import type { Palettes } from '../colors';
import { eventColorNames } from '../colors';
import {
  maxReminders,
  type AttachmentDraft,
  type EventDraft,
  type ReminderDraft,
  type Transparency,
  type Visibility,
} from '../event-draft';
import { defaultRemindersWords } from '../event-words';
import {
  largestUnit,
  mostReminderMinutes,
  reminderUnits,
  unitMinutes,
  unitWords,
  type ReminderUnit,
} from '../reminder-units';

const transparencyChoices: Choice<Transparency>[] = [
  { value: 'opaque', label: 'Busy' },
  { value: 'transparent', label: 'Free' },
];

const visibilityChoices: Choice<Visibility>[] = [
  { value: 'default', label: 'Calendar default' },
  { value: 'public', label: 'Public' },
  { value: 'private', label: 'Private' },
  { value: 'confidential', label: 'Confidential' },
];

const reminderMethodChoices: Choice<ReminderDraft['method']>[] = [
  { value: 'popup', label: 'Notification' },
  { value: 'email', label: 'Email' },
];

/** Reminders: the calendar's defaults (named in words), or up to five of the event's own. */
export function RemindersField({
  draft,
  calendarDefaults,
  onChange,
}: {
  draft: EventDraft;
  /** The chosen calendar's default reminders, when known. */
  calendarDefaults: CalendarInfo['defaultReminders'] | undefined;
  onChange: (change: Partial<EventDraft>) => void;
}) {
  const defaultId = useId();
  const defaultsId = useId();
  const setReminder = (index: number, change: Partial<ReminderDraft>) =>
    onChange({
      reminders: draft.reminders.map((reminder, i) => (i === index ? { ...reminder, ...change } : reminder)),
    });
  return (
    <fieldset className="editor-section editor-reminders">
      <legend className="field__label">Reminders</legend>
      <label className="checkbox" htmlFor={defaultId}>
        <input
          id={defaultId}
          type="checkbox"
          checked={draft.useDefaultReminders}
          onChange={(event) =>
            onChange({
              useDefaultReminders: event.target.checked,
              reminders:
                event.target.checked || draft.reminders.length > 0
                  ? draft.reminders
                  : [{ method: 'popup', minutes: 10 }],
            })
          }
          data-testid="editor-default-reminders"
          {...(calendarDefaults && draft.useDefaultReminders ? { 'aria-describedby': defaultsId } : {})}
        />
        Use the calendar’s default reminders
      </label>
      {/* The defaults are this event's reminders only while the box is checked; then its own rows are. */}
      {calendarDefaults && draft.useDefaultReminders ? (
        <p
          id={defaultsId}
          className="field__hint editor-reminders__defaults"
          data-testid="editor-default-reminders-words"
        >
          {defaultRemindersWords(calendarDefaults)}
        </p>
      ) : null}
      {draft.useDefaultReminders ? null : (
        <>
          <ul className="reminder-list">
            {draft.reminders.map((reminder, index) => (
              <li key={index} className="reminder-list__item" data-testid="editor-reminder">
                <ChoiceMenu
                  value={reminder.method}
                  choices={reminderMethodChoices}
                  onChange={(method) => setReminder(index, { method })}
                  label={`Reminder ${index + 1} method`}
                  testId="editor-reminder-method"
                />
                <ReminderTime
                  index={index}
                  reminder={reminder}
                  onChange={(minutes, unit) => setReminder(index, { minutes, unit })}
                />
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => onChange({ reminders: draft.reminders.filter((_, i) => i !== index) })}
                  aria-label={`Remove reminder ${index + 1}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="button button--small"
            disabled={draft.reminders.length >= maxReminders}
            onClick={() => onChange({ reminders: [...draft.reminders, { method: 'popup', minutes: 30 }] })}
            data-testid="editor-add-reminder"
          >
            Add reminder
          </button>
        </>
      )}
    </fieldset>
  );
}

/** The event's color: its calendar's, or one of the event palette's eleven. */
export function ColorField({
  value,
  calendarColor,
  palettes,
  onChange,
}: {
  value: string;
  calendarColor: string;
  palettes: Palettes;
  onChange: (colorId: string) => void;
}) {
  const choices = [
    { id: '', name: 'Calendar color', background: calendarColor },
    ...Object.entries(palettes.event).map(([id, pair]) => ({
      id,
      name: eventColorNames[id] ?? 'Custom color',
      background: pair.background,
    })),
  ];
  return (
    <fieldset className="editor-section color-picker" data-testid="editor-color">
      <legend className="field__label">Color</legend>
      <div className="color-picker__swatches">
        {choices.map((choice) => (
          <label
            key={choice.id || 'calendar'}
            className="color-picker__swatch"
            title={choice.name}
            style={{ background: choice.background }}
          >
            <input
              type="radio"
              name="event-color"
              value={choice.id}
              checked={value === choice.id}
              onChange={() => onChange(choice.id)}
              aria-label={choice.name}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Visibility and whether the event blocks time (busy) or not (free). */
export function PrivacyFields({
  draft,
  onChange,
}: {
  draft: EventDraft;
  onChange: (change: Partial<EventDraft>) => void;
}) {
  const ids = { visibility: useId(), transparency: useId() };
  return (
    <div className="editor-section editor-row">
      <div className="field">
        <label className="field__label" htmlFor={ids.transparency}>
          Show as
        </label>
        <ChoiceMenu
          id={ids.transparency}
          value={draft.transparency}
          choices={transparencyChoices}
          onChange={(transparency) => onChange({ transparency })}
          label="Show as"
          testId="editor-transparency"
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={ids.visibility}>
          Visibility
        </label>
        <ChoiceMenu
          id={ids.visibility}
          value={draft.visibility}
          choices={visibilityChoices}
          onChange={(visibility) => onChange({ visibility })}
          label="Visibility"
          testId="editor-visibility"
        />
      </div>
    </div>
  );
}

/** Links attached to the event (title and web address). */
export function AttachmentsField({
  attachments,
  onChange,
}: {
  attachments: AttachmentDraft[];
  onChange: (attachments: AttachmentDraft[]) => void;
}) {
  const ids = { title: useId(), url: useId() };
  const [title, setTitle] = useState('');
  const [url, setUrl] = useState('');
  const valid = /^https?:\/\/\S+$/i.test(url.trim());
  const add = () => {
    if (!valid) return;
    onChange([...attachments, { title: title.trim() || url.trim(), fileUrl: url.trim() }]);
    setTitle('');
    setUrl('');
  };
  return (
    <fieldset className="editor-section editor-attachments">
      <legend className="field__label">Attachments</legend>
      {attachments.length > 0 ? (
        <ul className="attachment-list">
          {attachments.map((attachment) => (
            <li key={attachment.fileUrl} className="attachment-list__item" data-testid="editor-attachment">
              <a href={attachment.fileUrl} target="_blank" rel="noreferrer noopener">
                {attachment.title}
              </a>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => onChange(attachments.filter((other) => other !== attachment))}
                aria-label={`Remove attachment ${attachment.title}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="editor-inline-add">
        <label className="visually-hidden" htmlFor={ids.title}>
          Link name
        </label>
        <input
          id={ids.title}
          className="input"
          placeholder="Name"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="editor-attachment-title"
        />
        <label className="visually-hidden" htmlFor={ids.url}>
          Attachment link
        </label>
        <input
          id={ids.url}
          className="input"
          type="url"
          placeholder="https://…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          data-testid="editor-attachment-url"
        />
        <button type="button" className="button" disabled={!valid} onClick={add} data-testid="editor-attachment-add">
          Attach
        </button>
      </div>
    </fieldset>
  );
}

/** "30 minutes", "1 day" before: an amount and its unit, kept as minutes. */
function ReminderTime({
  index,
  reminder,
  onChange,
}: {
  index: number;
  reminder: ReminderDraft;
  onChange: (minutes: number, unit: ReminderUnit) => void;
}) {
  const unit = reminder.unit ?? largestUnit(reminder.minutes);
  const amount = reminder.minutes / unitMinutes(unit);
  return (
    <>
      <input
        className="input input--narrow"
        type="number"
        min={0}
        max={Math.floor(mostReminderMinutes / unitMinutes(unit))}
        aria-label={`Reminder ${index + 1}: how many ${unit} before`}
        value={Number.isInteger(amount) ? amount : reminder.minutes}
        onChange={(event) =>
          onChange(Math.max(0, Math.round(Number(event.target.value) || 0)) * unitMinutes(unit), unit)
        }
        data-testid="editor-reminder-amount"
      />
      <ChoiceMenu
        value={unit}
        choices={reminderUnits.map((choice) => ({ value: choice.id, label: amount === 1 ? choice.one : choice.many }))}
        onChange={(next) => onChange(Math.round(amount) * unitMinutes(next), next)}
        label={`Reminder ${index + 1}: unit`}
        roomFor={unitWords}
        testId="editor-reminder-unit"
      />
      <span>before</span>
    </>
  );
}
