import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { calendarChoices } from './calendar-choices';
import type { CalendarInfo } from './calendar-data';
import { parseQuickAdd, type QuickAddResult } from './quick-add';
import { describeRepeat } from './recurrence-rule';
import { returnFocus } from '../../lib/return-focus';

interface QuickAddDialogProps {
  open: boolean;
  calendars: CalendarInfo[];
  defaultCalendar: CalendarInfo | null;
  displayZone: string;
  hour12: boolean;
  defaultMinutes: number;
  onAdd: (result: QuickAddResult, calendar: CalendarInfo) => void;
  onCancel: () => void;
}

/**
 * Quick add: one line of text, with what it will add shown as the person types (title, when, how
 * it repeats, where, which calendar), so a misreading is seen before anything is added.
 */
export function QuickAddDialog(props: QuickAddDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(open) => !open && props.onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        {props.open ? <QuickAddContent {...props} /> : null}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function dateLabel(date: string, hour12: boolean, time?: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = (time ?? '00:00').split(':').map(Number);
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    ...(time ? { hour: 'numeric', minute: '2-digit', hour12 } : {}),
    timeZone: 'UTC',
  }).format(instant);
}

function timeLabel(time: string, hour12: boolean): string {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', hour12, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hour, minute)),
  );
}

/** "Thu, Dec 3, 4:00 PM – 4:30 PM", "Fri, Nov 27 (all day)", "Mon, Dec 7 – Wed, Dec 9 (all day)". */
export function whenLabel(result: QuickAddResult, hour12: boolean): string {
  if (result.allDay) {
    const range =
      result.endDate === result.startDate
        ? dateLabel(result.startDate, hour12)
        : `${dateLabel(result.startDate, hour12)} – ${dateLabel(result.endDate, hour12)}`;
    return `${range} (all day)`;
  }
  const start = dateLabel(result.startDate, hour12, result.startTime);
  const end =
    result.endDate === result.startDate
      ? timeLabel(result.endTime, hour12)
      : dateLabel(result.endDate, hour12, result.endTime);
  return `${start} – ${end}`;
}

function QuickAddContent(props: QuickAddDialogProps) {
  const writable = props.calendars.filter((calendar) => calendar.writable);
  const [text, setText] = useState('');
  const [calendarId, setCalendarId] = useState(props.defaultCalendar?.id ?? writable[0]?.id ?? '');
  const fieldId = useId();
  const calendarFieldId = useId();
  const previewId = useId();
  const trimmed = text.trim();
  // "Now" is read once per opening, so the preview does not shift while the person types.
  const [now] = useState(() => Date.now());
  const result = useMemo(
    () =>
      trimmed ? parseQuickAdd(trimmed, { now, zone: props.displayZone, defaultMinutes: props.defaultMinutes }) : null,
    [trimmed, now, props.displayZone, props.defaultMinutes],
  );
  const calendar = writable.find((entry) => entry.id === calendarId) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (result && calendar) props.onAdd(result, calendar);
  };

  return (
    <Dialog.Content {...returnFocus} className="dialog quick-add" data-testid="quick-add-dialog">
      <Dialog.Title className="dialog__title">Quick add</Dialog.Title>
      <Dialog.Description className="dialog__description">
        Type what and when, e.g. “Gym every Monday 7am” or “Lunch with Ann tomorrow 12:30 at Blue Bottle”.
      </Dialog.Description>
      <form className="field" onSubmit={submit}>
        <label className="field__label" htmlFor={fieldId}>
          Event
        </label>
        <input
          id={fieldId}
          className="input"
          value={text}
          placeholder="Dentist next Thursday 4pm for 30 minutes"
          autoComplete="off"
          maxLength={1024}
          autoFocus
          aria-describedby={previewId}
          onChange={(event) => setText(event.target.value)}
          data-testid="quick-add-dialog-input"
        />
        <div id={previewId} className="quick-add__preview" aria-live="polite" data-testid="quick-add-preview">
          {result ? (
            <dl className="quick-add__fields">
              <dt>Title</dt>
              <dd data-testid="quick-add-title">{result.summary}</dd>
              <dt>When</dt>
              <dd data-testid="quick-add-when">{whenLabel(result, props.hour12)}</dd>
              <dt>Repeats</dt>
              <dd data-testid="quick-add-repeat">{describeRepeat(result.repeat)}</dd>
              {result.location ? (
                <>
                  <dt>Where</dt>
                  <dd data-testid="quick-add-location">{result.location}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="quick-add__empty">What you type is read here before it is added.</p>
          )}
        </div>
        <label className="field__label" htmlFor={calendarFieldId}>
          Calendar
        </label>
        <div className="quick-add__calendar">
          <ChoiceMenu
            id={calendarFieldId}
            value={calendarId}
            choices={calendarChoices(writable)}
            onChange={setCalendarId}
            label="Calendar"
            iconOnButton
            testId="quick-add-calendar"
          />
        </div>
        <div className="dialog__actions dialog__actions--form">
          <button type="button" className="button" onClick={props.onCancel} data-testid="quick-add-dialog-cancel">
            Cancel
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={!result || !calendar}
            data-testid="quick-add-dialog-submit"
          >
            Add
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
