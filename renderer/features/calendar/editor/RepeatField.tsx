import { useId } from 'react';
import type { EventDraft } from '../event-draft';
import {
  describeRepeat,
  formatRecurrence,
  frequencies,
  weekdayCodes,
  type Frequency,
  type RepeatEnd,
  type RepeatRule,
  type WeekdayCode,
} from '../recurrence-rule';
import { addDaysToDate, weekdayOfDate } from '../time-zone';

interface RepeatFieldProps {
  draft: EventDraft;
  /** Editing one instance of a series: changing the rule applies to the series. */
  partOfSeries: boolean;
  onChange: (repeat: RepeatRule) => void;
}

const frequencyLabels: Record<Frequency, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  YEARLY: 'Yearly',
};
const unitLabels: Record<Frequency, string> = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' };
const dayLabels: Record<WeekdayCode, string> = {
  SU: 'Sunday',
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
};

type Choice = 'none' | Frequency | 'custom';

function choiceOf(rule: RepeatRule): Choice {
  return rule.kind === 'simple' ? rule.frequency : rule.kind;
}

/** Repeat: none, daily, weekly on chosen days, monthly, yearly (every N), ending never / on a date / after N times; or RRULE text. */
export function RepeatField({ draft, partOfSeries, onChange }: RepeatFieldProps) {
  const ids = { choice: useId(), interval: useId(), until: useId(), count: useId(), custom: useId() };
  const rule = draft.repeat;
  const startDay = weekdayCodes[weekdayOfDate(draft.startDate || '2000-01-02')] ?? 'MO';

  const choose = (choice: Choice) => {
    if (choice === 'none') return onChange({ kind: 'none' });
    if (choice === 'custom') {
      const text =
        rule.kind === 'none'
          ? `RRULE:FREQ=WEEKLY;BYDAY=${startDay}`
          : formatRecurrence(rule, { allDay: draft.allDay, timeZone: draft.timeZone }).join('\n');
      return onChange({ kind: 'custom', text });
    }
    const previous = rule.kind === 'simple' ? rule : null;
    onChange({
      kind: 'simple',
      frequency: choice,
      interval: previous?.interval ?? 1,
      byDay: choice === 'WEEKLY' ? (previous?.byDay.length ? previous.byDay : [startDay]) : [],
      end: previous?.end ?? { type: 'never' },
    });
  };

  return (
    <fieldset className="editor-section editor-repeat" data-testid="editor-repeat">
      <legend className="visually-hidden">Repeat</legend>
      <div className="field field--inline">
        <label className="field__label" htmlFor={ids.choice}>
          Repeat
        </label>
        <select
          id={ids.choice}
          className="input"
          value={choiceOf(rule)}
          onChange={(event) => choose(event.target.value as Choice)}
          data-testid="editor-repeat-choice"
        >
          <option value="none">Does not repeat</option>
          {frequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {frequencyLabels[frequency]}
            </option>
          ))}
          <option value="custom">Custom rule (RRULE)…</option>
        </select>
        {/* "Does not repeat" is what the menu already says; a rule is summed up in words beside it. */}
        {rule.kind !== 'none' || partOfSeries ? (
          <span className="field__hint" data-testid="editor-repeat-summary">
            {describeRepeat(rule)}
            {partOfSeries ? ' · changes apply to the series' : ''}
          </span>
        ) : null}
      </div>
      {rule.kind === 'simple' ? <SimpleRule rule={rule} draft={draft} ids={ids} onChange={onChange} /> : null}
      {rule.kind === 'custom' ? (
        <div className="field">
          <label className="field__label" htmlFor={ids.custom}>
            Recurrence lines
          </label>
          <textarea
            id={ids.custom}
            className="input textarea"
            rows={3}
            spellCheck={false}
            value={rule.text}
            onChange={(event) => onChange({ kind: 'custom', text: event.target.value })}
            data-testid="editor-repeat-custom"
          />
          <span className="field__hint">One RFC 5545 line each: RRULE, EXRULE, RDATE or EXDATE.</span>
        </div>
      ) : null}
    </fieldset>
  );
}

function SimpleRule({
  rule,
  draft,
  ids,
  onChange,
}: {
  rule: Extract<RepeatRule, { kind: 'simple' }>;
  draft: EventDraft;
  ids: { interval: string; until: string; count: string };
  onChange: (repeat: RepeatRule) => void;
}) {
  const update = (change: Partial<Extract<RepeatRule, { kind: 'simple' }>>) => onChange({ ...rule, ...change });
  const setEnd = (end: RepeatEnd) => update({ end });
  // A weekly rule without BYDAY repeats on the start's weekday.
  const startDay = weekdayCodes[weekdayOfDate(draft.startDate || '2000-01-02')] ?? 'MO';
  const days = rule.byDay.length > 0 ? rule.byDay : [startDay];
  const toggleDay = (code: WeekdayCode) => {
    const next = days.includes(code) ? days.filter((day) => day !== code) : [...days, code];
    if (next.length > 0) update({ byDay: next });
  };
  return (
    <div className="editor-repeat__details">
      <div className="field field--inline">
        <label className="field__label" htmlFor={ids.interval}>
          Every
        </label>
        <input
          id={ids.interval}
          className="input input--narrow"
          type="number"
          min={1}
          max={99}
          value={rule.interval}
          onChange={(event) => update({ interval: Math.max(1, Math.min(99, Number(event.target.value) || 1)) })}
          data-testid="editor-repeat-interval"
        />
        <span>{unitLabels[rule.frequency]}</span>
      </div>
      {rule.frequency === 'WEEKLY' ? (
        <fieldset className="weekday-picker">
          <legend className="field__label">On</legend>
          {weekdayCodes.map((code) => (
            <label key={code} className="weekday-picker__day" title={dayLabels[code]}>
              <input
                type="checkbox"
                checked={days.includes(code)}
                onChange={() => toggleDay(code)}
                aria-label={dayLabels[code]}
                data-testid={`editor-repeat-day-${code}`}
              />
              <span aria-hidden="true">{dayLabels[code].slice(0, 2)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="repeat-end">
        <legend className="field__label">Ends</legend>
        <label className="repeat-end__option">
          <input
            type="radio"
            name="repeat-end"
            checked={rule.end.type === 'never'}
            onChange={() => setEnd({ type: 'never' })}
            data-testid="editor-repeat-end-never"
          />
          Never
        </label>
        <label className="repeat-end__option">
          <input
            type="radio"
            name="repeat-end"
            checked={rule.end.type === 'until'}
            onChange={() => setEnd({ type: 'until', date: addDaysToDate(draft.startDate, 30) })}
            data-testid="editor-repeat-end-until"
          />
          On
          <input
            id={ids.until}
            className="input"
            type="date"
            aria-label="Last date"
            disabled={rule.end.type !== 'until'}
            value={rule.end.type === 'until' ? rule.end.date : ''}
            onChange={(event) => setEnd({ type: 'until', date: event.target.value })}
            data-testid="editor-repeat-until"
          />
        </label>
        <label className="repeat-end__option">
          <input
            type="radio"
            name="repeat-end"
            checked={rule.end.type === 'count'}
            onChange={() => setEnd({ type: 'count', count: 10 })}
            data-testid="editor-repeat-end-count"
          />
          After
          <input
            id={ids.count}
            className="input input--narrow"
            type="number"
            min={1}
            max={999}
            aria-label="Number of occurrences"
            disabled={rule.end.type !== 'count'}
            value={rule.end.type === 'count' ? rule.end.count : ''}
            onChange={(event) =>
              setEnd({ type: 'count', count: Math.max(1, Math.min(999, Number(event.target.value) || 1)) })
            }
            data-testid="editor-repeat-count"
          />
          times
        </label>
      </fieldset>
    </div>
  );
}
