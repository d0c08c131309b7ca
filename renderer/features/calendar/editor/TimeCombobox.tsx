import * as Popover from '@radix-ui/react-popover';
import { useCombobox } from 'downshift';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import './time-combobox.css';
import { nearestChoiceIndex, parseTimeText, timeChoices, timeWords, type TimeChoice } from './time-choices';

interface TimeComboboxProps {
  /** The id the field's label points at, and the label's own id (the list is named by it too). */
  id: string;
  labelId: string;
  /** "HH:MM". */
  value: string;
  onChange: (value: string) => void;
  hour12: boolean;
  /** For an end on its start's day: the start, from which the list begins and its lengths count. */
  lengthFrom?: string;
  /** The time an hour typed without am or pm is read near (the start, for an end). */
  near?: string;
  invalid?: boolean;
  describedBy?: string;
  testId: string;
}

/** Downshift skips its own handling of an event marked so. */
interface SkipDownshift {
  nativeEvent: { preventDownshiftDefault?: boolean };
}

const movesAlongList = new Set<string>([
  useCombobox.stateChangeTypes.InputKeyDownArrowDown,
  useCombobox.stateChangeTypes.InputKeyDownArrowUp,
  useCombobox.stateChangeTypes.InputKeyDownPageDown,
  useCombobox.stateChangeTypes.InputKeyDownPageUp,
  useCombobox.stateChangeTypes.InputKeyDownHome,
  useCombobox.stateChangeTypes.InputKeyDownEnd,
]);

/**
 * A time field as Google Calendar's: the time in words ("6:00pm"), typed over freely ("6pm", "18:30",
 * "noon") and taken on Enter or on leaving the field, or picked from a list every quarter hour that
 * opens on the time shown. A time it cannot read goes back to the one before.
 *
 * Downshift gives the combobox its roles, keys and active option; the list sits in a Radix popover, a
 * layer of its own: Escape closes the list, not the dialog around it.
 */
export function TimeCombobox({
  id,
  labelId,
  value,
  onChange,
  hour12,
  lengthFrom,
  near,
  invalid = false,
  describedBy,
  testId,
}: TimeComboboxProps) {
  const shown = timeWords(value, hour12);
  const [text, setText] = useState(shown);
  // A time set from elsewhere (the start moved the end) replaces what the field shows.
  useEffect(() => setText(shown), [shown]);
  const choices = useMemo(() => timeChoices(hour12, lengthFrom), [hour12, lengthFrom]);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  // Whether the text was typed over since the field last showed a time: Enter then reads it rather than
  // taking the option the arrows are on.
  const typedOver = useRef(false);

  const commitText = (): string => {
    typedOver.current = false;
    if (text.trim() === shown) return shown;
    const typed = parseTimeText(text, hour12, near ?? value);
    if (typed === null) {
      setText(shown);
      return shown;
    }
    const words = timeWords(typed, hour12);
    setText(words);
    if (typed !== value) onChange(typed);
    return words;
  };

  // Downshift keeps the active option itself, and every rule for it is in `stateReducer`, which runs as a key
  // is handled. (Its `on…Change` callbacks run in an effect after the render: an option held in React state
  // through them lags a key behind, and a second arrow pressed in that moment moved from the stale option.)
  const { isOpen, highlightedIndex, getInputProps, getMenuProps, getItemProps, closeMenu } = useCombobox<TimeChoice>({
    items: choices,
    inputId: id,
    labelId,
    itemToString: (choice) => choice?.label ?? '',
    inputValue: text,
    selectedItem: choices.find((choice) => choice.value === value) ?? null,
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      typedOver.current = false;
      setText(selectedItem.label);
      if (selectedItem.value !== value) onChange(selectedItem.value);
    },
    stateReducer: (state, { type, changes }) => {
      // Escape closes the list and puts back the time shown; it never empties the field.
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape) {
        typedOver.current = false;
        return { ...changes, selectedItem: state.selectedItem, inputValue: shown };
      }
      // What is typed, when it is a time in the list, becomes the option Enter takes.
      if (type === useCombobox.stateChangeTypes.InputChange) {
        const typed = parseTimeText(changes.inputValue ?? '', hour12, near ?? value);
        return { ...changes, highlightedIndex: typed === null ? -1 : choices.findIndex((c) => c.value === typed) };
      }
      // Moving along the list with the keys makes Enter take the option again, not the text.
      if (movesAlongList.has(type)) typedOver.current = false;
      // Open on the time shown, or the first after it, as Google's list does.
      if (changes.isOpen && !state.isOpen) return { ...changes, highlightedIndex: nearestChoiceIndex(choices, value) };
      return changes;
    },
  });

  // The list opens with the time shown in its middle, and the highlighted option stays in view as the
  // arrows move.
  const scrolledSinceOpen = useRef(false);
  useEffect(() => {
    if (!isOpen) {
      scrolledSinceOpen.current = false;
      return;
    }
    if (highlightedIndex < 0) return;
    const block = scrolledSinceOpen.current ? 'nearest' : 'center';
    const frame = requestAnimationFrame(() => {
      const option = listRef.current?.querySelector(`[data-index="${highlightedIndex}"]`);
      if (!option) return;
      option.scrollIntoView({ block });
      scrolledSinceOpen.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [isOpen, highlightedIndex]);

  const inputProps = getInputProps({
    ref: inputRef,
    className: invalid ? 'input time-combobox__input input--invalid' : 'input time-combobox__input',
    'aria-invalid': invalid,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    autoComplete: 'off',
    spellCheck: false,
    // The text follows the keys as they are handled; Downshift then reads the same value.
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      typedOver.current = true;
      setText(event.target.value);
    },
    onKeyDown: (event: KeyboardEvent<HTMLInputElement> & SkipDownshift) => {
      if (event.key !== 'Enter' || !typedOver.current) return;
      // A time typed, not one picked with the arrows: read it.
      event.nativeEvent.preventDownshiftDefault = true;
      event.preventDefault();
      commitText();
      closeMenu();
    },
    onBlur: (event: FocusEvent<HTMLInputElement> & SkipDownshift) => {
      // Leaving the field takes what was typed; it never picks the option the pointer last passed.
      event.nativeEvent.preventDownshiftDefault = true;
      commitText();
      closeMenu();
    },
    'data-testid': testId,
  });

  return (
    <Popover.Root open={isOpen}>
      <Popover.Anchor asChild>
        <input {...inputProps} />
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          className="time-combobox popover-surface"
          align="start"
          sideOffset={4}
          collisionPadding={12}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={() => {
            typedOver.current = false;
            setText(shown);
            closeMenu();
          }}
          onInteractOutside={(event) => {
            // A press on the field itself belongs to the field, which opens and closes the list.
            if (event.target instanceof Node && inputRef.current?.contains(event.target)) event.preventDefault();
            else closeMenu();
          }}
        >
          <ul
            {...getMenuProps({ ref: listRef, className: 'time-combobox__list' }, { suppressRefError: true })}
            data-testid={`${testId}-list`}
          >
            {choices.map((choice, index) => (
              <li
                key={choice.value}
                {...getItemProps({ item: choice, index })}
                className="time-combobox__option"
                data-index={index}
                data-highlighted={index === highlightedIndex ? '' : undefined}
                data-selected={choice.value === value ? '' : undefined}
              >
                <span>{choice.label}</span>
                {choice.length ? <span className="time-combobox__length"> ({choice.length})</span> : null}
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
