import { useId } from 'react';
import { ChoiceMenu } from '../../../components/ChoiceMenu';
import { DateField } from '../../../components/DateField';
import type { EventDraft } from '../event-draft';
import {
  describeMonthWeekday,
  describeRepeat,
  formatRecurrence,
  isEveryWeekday,
  monthAndDay,
  monthWeekdaysOf,
  weekdayCodes,
  weekdayFullNames,
  workWeekdays,
  type Frequency,
  type MonthWeekday,
  type RepeatEnd,
  type RepeatRule,
  type WeekdayCode,
} from '../recurrence-rule';
import { addDaysToDate, weekdayOfDate } from '../time-zone';

interface RepeatFieldProps {
  draft: EventDraft;
  /** Editing one instance of a series: changing the rule applies to the series. */
  partOfSeries: boolean;
  /** For the end date's month: today in the calendar's zone, and the first day of the week. */
  today: string;
  weekStart: number;
  onChange: (repeat: RepeatRule) => void;
}

const unitLabels: Record<Frequency, string> = { DAILY: 'days', WEEKLY: 'weeks', MONTHLY: 'months', YEARLY: 'years' };
const dayLabels = weekdayFullNames;

/** The menu's choices, named for the event's date as Google Calendar names them ("Weekly on Tuesday"). */
type Choice = 'none' | 'DAILY' | 'WEEKLY' | 'WEEKDAYS' | 'MONTHLY' | 'MONTHLY_WEEKDAY' | 'YEARLY' | 'custom';

function choiceOf(rule: RepeatRule): Choice {
  if (rule.kind !== 'simple') return rule.kind;
  if (isEveryWeekday(rule)) return 'WEEKDAYS';
  if (rule.frequency === 'MONTHLY' && rule.monthWeekday) return 'MONTHLY_WEEKDAY';
  return rule.frequency;
}

function sameMonthWeekday(a: MonthWeekday | undefined, b: MonthWeekday | null): boolean {
  return Boolean(a && b && a.ordinal === b.ordinal && a.day === b.day);
}

/**
 * Repeat, as Google Calendar offers it for the event's date: daily, weekly on its weekday, every
 * weekday, monthly on its day or on its weekday of the month ("the fourth Tuesday"), annually; then
 * every N, the days of the week, which day of the month, and the end (never, a date, N times). Any
 * other rule is edited as RRULE text.
 */
export function RepeatField({ draft, partOfSeries, today, weekStart, onChange }: RepeatFieldProps) {
  const ids = { choice: useId(), interval: useId(), until: useId(), count: useId(), custom: useId(), monthly: useId() };
  const rule = draft.repeat;
  const startDate = draft.startDate || '2000-01-02';
  const startDay = weekdayCodes[weekdayOfDate(startDate)] ?? 'MO';
  const { nth } = monthWeekdaysOf(startDate);
  const dayOfMonth = Number(startDate.slice(8, 10));
  // The weekday of the month the menu names: the rule's own once it has one.
  const monthWeekday = rule.kind === 'simple' && rule.monthWeekday ? rule.monthWeekday : nth;
  const choices: { value: Choice; label: string }[] = [
    { value: 'none', label: 'Does not repeat' },
    { value: 'DAILY', label: 'Daily' },
    { value: 'WEEKLY', label: `Weekly on ${dayLabels[startDay]}` },
    { value: 'WEEKDAYS', label: 'Every weekday (Monday to Friday)' },
    { value: 'MONTHLY', label: `Monthly on day ${dayOfMonth}` },
    { value: 'MONTHLY_WEEKDAY', label: `Monthly on ${describeMonthWeekday(monthWeekday)}` },
    { value: 'YEARLY', label: `Annually on ${monthAndDay(startDate)}` },
    { value: 'custom', label: 'Custom rule (RRULE)…' },
  ];

  // What the menu's words leave out: every N, an end, other days of the week.
  const saysMore =
    rule.kind === 'simple' &&
    (rule.interval !== 1 ||
      rule.end.type !== 'never' ||
      (rule.frequency === 'WEEKLY' &&
        !isEveryWeekday(rule) &&
        !(rule.byDay.length === 1 && rule.byDay[0] === startDay)));

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
    const end = previous?.end ?? { type: 'never' as const };
    if (choice === 'WEEKDAYS')
      return onChange({ kind: 'simple', frequency: 'WEEKLY', interval: 1, byDay: [...workWeekdays], end });
    const frequency: Frequency = choice === 'MONTHLY_WEEKDAY' ? 'MONTHLY' : choice;
    onChange({
      kind: 'simple',
      frequency,
      // Every N carries over between frequencies of the same kind only: "every 2 weeks" is not "every 2 months".
      interval: previous?.frequency === frequency ? previous.interval : 1,
      byDay: frequency === 'WEEKLY' ? [startDay] : [],
      end,
      ...(choice === 'MONTHLY_WEEKDAY' ? { monthWeekday: nth } : {}),
    });
  };

  return (
    <fieldset className="editor-section editor-repeat" data-testid="editor-repeat">
      <legend className="visually-hidden">Repeat</legend>
      <div className="field field--inline">
        <label className="field__label" htmlFor={ids.choice}>
          Repeat
        </label>
        <ChoiceMenu
          id={ids.choice}
          value={choiceOf(rule)}
          choices={choices}
          onChange={choose}
          label="Repeat"
          testId="editor-repeat-choice"
        />
        {/* A rule is summed up in words beside the menu when it says more than the menu does. */}
        {saysMore || partOfSeries ? (
          <span className="field__hint" data-testid="editor-repeat-summary">
            {saysMore ? describeRepeat(rule, undefined, startDate) : null}
            {partOfSeries ? `${saysMore ? ' · c' : 'C'}hanges apply to the series` : ''}
          </span>
        ) : null}
      </div>
      {rule.kind === 'simple' ? (
        <SimpleRule rule={rule} draft={draft} ids={ids} today={today} weekStart={weekStart} onChange={onChange} />
      ) : null}
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
  today,
  weekStart,
  onChange,
}: {
  rule: Extract<RepeatRule, { kind: 'simple' }>;
  draft: EventDraft;
  ids: { interval: string; until: string; count: string; monthly: string };
  today: string;
  weekStart: number;
  onChange: (repeat: RepeatRule) => void;
}) {
  const update = (change: Partial<Extract<RepeatRule, { kind: 'simple' }>>) => onChange({ ...rule, ...change });
  const setEnd = (end: RepeatEnd) => update({ end });
  // What "On" and "After" take when chosen, shown greyed until then.
  const untilOffered = addDaysToDate(draft.startDate, 30);
  const countOffered = 10;
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
        <span>{rule.interval === 1 ? unitLabels[rule.frequency].slice(0, -1) : unitLabels[rule.frequency]}</span>
      </div>
      {rule.frequency === 'MONTHLY' ? (
        <MonthlyOn rule={rule} startDate={draft.startDate || '2000-01-02'} id={ids.monthly} onChange={onChange} />
      ) : null}
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
        <div className="repeat-end__option">
          <label className="repeat-end__option">
            <input
              type="radio"
              name="repeat-end"
              checked={rule.end.type === 'until'}
              onChange={() => setEnd({ type: 'until', date: untilOffered })}
              data-testid="editor-repeat-end-until"
            />
            On
          </label>
          {/* Greyed with the date "On" would take until it is chosen, as Google Calendar's. A date before the
              start is taken and the editor says the series ends before it starts. */}
          <label className="visually-hidden" htmlFor={ids.until}>
            Last date
          </label>
          <DateField
            id={ids.until}
            value={rule.end.type === 'until' ? rule.end.date : untilOffered}
            onChange={(date) => setEnd({ type: 'until', date })}
            today={today}
            weekStart={weekStart}
            monthLabel="Choose the last date of the series"
            min={draft.startDate}
            disabled={rule.end.type !== 'until'}
            testId="editor-repeat-until"
          />
        </div>
        <label className="repeat-end__option">
          <input
            type="radio"
            name="repeat-end"
            checked={rule.end.type === 'count'}
            onChange={() => setEnd({ type: 'count', count: countOffered })}
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
            value={rule.end.type === 'count' ? rule.end.count : countOffered}
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

/** Which day a monthly rule repeats on: the start's day of the month, or its weekday of the month. */
function MonthlyOn({
  rule,
  startDate,
  id,
  onChange,
}: {
  rule: Extract<RepeatRule, { kind: 'simple' }>;
  startDate: string;
  id: string;
  onChange: (repeat: RepeatRule) => void;
}) {
  const { nth, last } = monthWeekdaysOf(startDate);
  const options: { value: string; label: string; weekday?: MonthWeekday }[] = [
    { value: 'day', label: `On day ${Number(startDate.slice(8, 10))}` },
    { value: 'nth', label: `On ${describeMonthWeekday(nth)}`, weekday: nth },
    ...(last ? [{ value: 'last', label: `On ${describeMonthWeekday(last)}`, weekday: last }] : []),
  ];
  // A rule read from the event may name another weekday than the start's: it is offered as it is.
  const own =
    rule.monthWeekday && !sameMonthWeekday(rule.monthWeekday, nth) && !sameMonthWeekday(rule.monthWeekday, last)
      ? rule.monthWeekday
      : null;
  if (own) options.push({ value: 'own', label: `On ${describeMonthWeekday(own)}`, weekday: own });
  const value = !rule.monthWeekday
    ? 'day'
    : (options.find((option) => option.weekday && sameMonthWeekday(rule.monthWeekday, option.weekday))?.value ?? 'day');
  return (
    <div className="field field--inline">
      <label className="field__label" htmlFor={id}>
        Repeats
      </label>
      <ChoiceMenu
        id={id}
        value={value}
        choices={options}
        onChange={(chosen) => {
          const weekday = options.find((option) => option.value === chosen)?.weekday;
          const { monthWeekday: _previous, ...rest } = rule;
          onChange(weekday ? { ...rest, monthWeekday: weekday } : rest);
        }}
        label="Repeats"
        testId="editor-repeat-monthly"
      />
    </div>
  );
}
