import { useId } from 'react';
import { endsBeforeStart, timesOfDraft, type EventDraft } from '../event-draft';
import { describeTimes } from '../event-mapping';
import { repeatFollowingDate } from '../recurrence-rule';
import {
  addDaysToDate,
  dateInZone,
  daysBetween,
  instantOfWallTime,
  parseWallTime,
  timeInZone,
  zoneCity,
} from '../time-zone';
import { TimeZonePicker } from '../TimeZonePicker';
import { DateField } from '../../../components/DateField';
import { TimeCombobox } from './TimeCombobox';

interface TimeFieldsProps {
  draft: EventDraft;
  displayZone: string;
  /** Today in the display zone, marked in the date fields' months. */
  today: string;
  hour12: boolean;
  /** The first day of a week in the date fields' months (0 Sunday, 1 Monday, 6 Saturday). */
  weekStart: number;
  onChange: (change: Partial<EventDraft>) => void;
}

/** Start and end keep the event's length when the start moves, as people expect. */
function moveStart(draft: EventDraft, startDate: string, startTime: string): Partial<EventDraft> {
  // A repeat on the start's weekday moves with it.
  const repeat = repeatFollowingDate(draft.repeat, draft.startDate, startDate);
  const moved = repeat === draft.repeat ? {} : { repeat };
  if (draft.allDay) {
    const length = daysBetween(draft.startDate, draft.endDate);
    return {
      ...moved,
      startDate,
      endDate: parseWallTime(startDate) ? addDaysToDate(startDate, Math.max(0, length)) : draft.endDate,
    };
  }
  const before = parseWallTime(draft.startDate, draft.startTime);
  const end = parseWallTime(draft.endDate, draft.endTime);
  const after = parseWallTime(startDate, startTime);
  if (!before || !end || !after) return { ...moved, startDate, startTime };
  const length = instantOfWallTime(end, draft.timeZone) - instantOfWallTime(before, draft.timeZone);
  const endMs = instantOfWallTime(after, draft.timeZone) + Math.max(0, length);
  return {
    ...moved,
    startDate,
    startTime,
    endDate: dateInZone(endMs, draft.timeZone),
    endTime: timeInZone(endMs, draft.timeZone),
  };
}

export function TimeFields({ draft, displayZone, today, hour12, weekStart, onChange }: TimeFieldsProps) {
  const ids = {
    startDate: useId(),
    startTime: useId(),
    endDate: useId(),
    endTime: useId(),
    allDay: useId(),
    zone: useId(),
    endProblem: useId(),
  };
  const timing = timesOfDraft(draft);
  // An end before the start is said at the end field, as the person types it.
  const endsEarly = 'problem' in timing && timing.problem === endsBeforeStart;
  const sameDay = draft.startDate === draft.endDate;
  const inDisplayZone =
    !draft.allDay && draft.timeZone !== displayZone && 'times' in timing
      ? `${describeTimes(timing.times, displayZone, { hour12 })} in ${zoneCity(displayZone)}`
      : null;

  return (
    <fieldset className="editor-section editor-times">
      <legend className="visually-hidden">When</legend>
      <div className="editor-times__row">
        <div className="field">
          <label className="field__label" htmlFor={ids.startDate}>
            Start date
          </label>
          <DateField
            id={ids.startDate}
            value={draft.startDate}
            onChange={(date) => onChange(moveStart(draft, date, draft.startTime))}
            today={today}
            weekStart={weekStart}
            monthLabel="Choose the start date"
            testId="editor-start-date"
          />
        </div>
        {draft.allDay ? null : (
          <div className="field">
            <label className="field__label" id={`${ids.startTime}-label`} htmlFor={ids.startTime}>
              Start time
            </label>
            <TimeCombobox
              id={ids.startTime}
              labelId={`${ids.startTime}-label`}
              value={draft.startTime}
              onChange={(time) => onChange(moveStart(draft, draft.startDate, time))}
              hour12={hour12}
              testId="editor-start-time"
            />
          </div>
        )}
        <span className="editor-times__to" aria-hidden="true">
          to
        </span>
        {draft.allDay ? null : (
          <div className="field">
            <label className="field__label" id={`${ids.endTime}-label`} htmlFor={ids.endTime}>
              End time
            </label>
            <TimeCombobox
              id={ids.endTime}
              labelId={`${ids.endTime}-label`}
              value={draft.endTime}
              onChange={(time) => onChange({ endTime: time })}
              hour12={hour12}
              // On the start's day the list begins at the start and says each end's length; an hour
              // typed without am or pm is the first after the start.
              {...(sameDay ? { lengthFrom: draft.startTime, near: draft.startTime } : {})}
              invalid={endsEarly}
              {...(endsEarly ? { describedBy: ids.endProblem } : {})}
              testId="editor-end-time"
            />
          </div>
        )}
        <div className="field">
          <label className="field__label" htmlFor={ids.endDate}>
            End date
          </label>
          <DateField
            id={ids.endDate}
            value={draft.endDate}
            onChange={(date) => onChange({ endDate: date })}
            today={today}
            weekStart={weekStart}
            monthLabel="Choose the end date"
            invalid={endsEarly}
            {...(endsEarly ? { describedBy: ids.endProblem } : {})}
            testId="editor-end-date"
          />
        </div>
      </div>
      {endsEarly ? (
        <p id={ids.endProblem} className="field__error" role="alert" data-testid="editor-end-problem">
          The end is before the start. Choose a later end.
        </p>
      ) : null}
      <div className="editor-times__row">
        <label className="checkbox" htmlFor={ids.allDay}>
          <input
            id={ids.allDay}
            type="checkbox"
            checked={draft.allDay}
            onChange={(event) => onChange({ allDay: event.target.checked })}
            data-testid="editor-all-day"
          />
          All day
        </label>
        {draft.allDay ? null : (
          <div className="field field--inline">
            <label className="field__label" htmlFor={ids.zone}>
              Time zone
            </label>
            <TimeZonePicker
              id={ids.zone}
              label="Time zone"
              value={draft.timeZone}
              onChange={(zone) => {
                if (zone) onChange({ timeZone: zone });
              }}
              extras={[displayZone]}
              testId="editor-time-zone"
            />
          </div>
        )}
      </div>
      {/* Clock times stay as typed when the zone changes: "10:00" then means 10:00 there. */}
      {inDisplayZone ? (
        <p className="field__hint" data-testid="editor-zone-hint">
          {inDisplayZone}
        </p>
      ) : null}
      {!endsEarly && 'problem' in timing ? (
        <p className="field__hint field__hint--problem" role="status">
          {timing.problem}
        </p>
      ) : null}
    </fieldset>
  );
}
