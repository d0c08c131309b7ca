import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useRef, useState } from 'react';
import { addDaysToDate, outsideRange } from '../lib/civil-date';
import { dateFieldWords, parseDateText } from '../lib/date-words';
import './date-field.css';
import { MiniMonth } from './MiniMonth';

interface DateFieldProps {
  /** The id the field's label points at. */
  id: string;
  /** "YYYY-MM-DD", or "" for no date where the field is optional. */
  value: string;
  /**
   * A date typed or picked. Answering `false` refuses it (the caller says why, next to the field): the
   * field then shows its value again.
   */
  onChange: (value: string) => boolean | void;
  /** "YYYY-MM-DD" in the calendar's zone, marked in the month. */
  today: string;
  weekStart: number;
  /** What the month below is for: "Choose the start date". */
  monthLabel: string;
  /**
   * The first and last day the month offers (`YYYY-MM-DD`); days outside are greyed there. A date typed
   * outside still reaches `onChange`, which words the problem.
   */
  min?: string;
  max?: string;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** Added to the input's classes (a compact field among filter chips). */
  inputClassName?: string;
  /**
   * A field that may be left empty (a task's due date): it says so while empty, an emptied field means
   * no date, and the month offers Today, Tomorrow and No date (or `clearLabel`) below it, as Todoist's
   * picker does.
   */
  optional?: { placeholder: string; clearLabel?: string };
  testId: string;
}

/**
 * A date field as Google Calendar's: the date in words ("Sun, Nov 29"; its year too when not this year's), typed over freely ("Dec 3",
 * "12/3", "tomorrow") and taken on Enter or on leaving the field, or picked from a month that opens below
 * it on a click or Down arrow (arrows, Page Up/Down and Enter there, as in the side panel's month). A date
 * it cannot read goes back to the one before. The month sits in a Radix popover, a layer of its own:
 * Escape closes it, not the dialog around it.
 */
export function DateField({
  id,
  value,
  onChange,
  today,
  weekStart,
  monthLabel,
  min,
  max,
  invalid = false,
  disabled = false,
  describedBy,
  inputClassName,
  optional,
  testId,
}: DateFieldProps) {
  const shown = value ? dateFieldWords(value, today) : '';
  const [text, setText] = useState(shown);
  // A date set from elsewhere (the start moved the end) replaces what the field shows.
  useEffect(() => setText(shown), [shown]);
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  // Opened with the keyboard, the month takes the focus; opened with a click, the caret stays in the field.
  const focusMonth = useRef(false);
  const monthId = useId();

  const offer = (date: string) => {
    setText(date ? dateFieldWords(date, today) : '');
    if (date !== value && onChange(date) === false) setText(shown);
  };

  const commitText = () => {
    if (text.trim() === shown) return;
    if (optional && text.trim() === '') {
      offer('');
      return;
    }
    const typed = parseDateText(text, value || today, today);
    if (typed === null) setText(shown);
    else offer(typed);
  };

  const pick = (date: string) => {
    setOpen(false);
    offer(date);
  };
  const outside = (date: string) => outsideRange(date, min, max);
  const tomorrow = addDaysToDate(today, 1);

  const openMonth = (withKeyboard: boolean) => {
    focusMonth.current = withKeyboard;
    setOpen(true);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <input
          ref={inputRef}
          id={id}
          className={['input date-field__input', invalid ? 'input--invalid' : '', inputClassName ?? '']
            .filter(Boolean)
            .join(' ')}
          disabled={disabled}
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-autocomplete="none"
          {...(open ? { 'aria-controls': monthId } : {})}
          aria-invalid={invalid}
          {...(describedBy ? { 'aria-describedby': describedBy } : {})}
          autoComplete="off"
          spellCheck={false}
          {...(optional ? { placeholder: optional.placeholder } : {})}
          value={text}
          data-value={value}
          data-testid={testId}
          onChange={(event) => setText(event.target.value)}
          onClick={() => {
            if (!open) openMonth(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commitText();
              setOpen(false);
            } else if (event.key === 'ArrowDown') {
              event.preventDefault();
              commitText();
              if (open) contentRef.current?.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')?.focus();
              else openMonth(true);
            }
          }}
          onBlur={(event) => {
            // Into the month below: what was typed waits for the pick.
            if (event.relatedTarget instanceof Node && contentRef.current?.contains(event.relatedTarget)) return;
            commitText();
          }}
        />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          ref={contentRef}
          id={monthId}
          className="date-field popover-surface"
          role="dialog"
          aria-label={monthLabel}
          align="start"
          sideOffset={4}
          collisionPadding={12}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (focusMonth.current) {
              contentRef.current?.querySelector<HTMLElement>('[role="grid"] [tabindex="0"]')?.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Back to the field when the focus was in the month (a pick, Escape there); a click elsewhere
            // keeps the focus where it went.
            const active = document.activeElement;
            if (!active || active === document.body || contentRef.current?.contains(active)) inputRef.current?.focus();
          }}
          onInteractOutside={(event) => {
            // A press on the field itself belongs to the field.
            if (event.target instanceof Node && inputRef.current?.contains(event.target)) event.preventDefault();
          }}
        >
          <MiniMonth
            current={value || today}
            today={today}
            visibleFrom={value || today}
            visibleTo={value ? addDaysToDate(value, 1) : today}
            weekStart={weekStart}
            {...(min === undefined ? {} : { min })}
            {...(max === undefined ? {} : { max })}
            label={monthLabel}
            testId={`${testId}-month`}
            onPick={pick}
          />
          {optional ? (
            <div className="date-field__quick">
              <button
                type="button"
                className="button button--small"
                disabled={outside(today)}
                onClick={() => pick(today)}
              >
                Today
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={outside(tomorrow)}
                onClick={() => pick(tomorrow)}
              >
                Tomorrow
              </button>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => pick('')}
                disabled={value === ''}
                data-testid={`${testId}-none`}
              >
                {optional.clearLabel ?? 'No date'}
              </button>
            </div>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
