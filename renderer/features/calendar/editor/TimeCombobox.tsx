import * as Popover from '@radix-ui/react-popover';
import { useCombobox } from 'downshift';
import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
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
  const [highlighted, setHighlighted] = useState(-1);
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

  const { isOpen, getInputProps, getMenuProps, getItemProps, closeMenu } = useCombobox<TimeChoice>({
    items: choices,
    inputId: id,
    labelId,
    itemToString: (choice) => choice?.label ?? '',
    inputValue: text,
    selectedItem: choices.find((choice) => choice.value === value) ?? null,
    highlightedIndex: highlighted,
    onHighlightedIndexChange: ({ highlightedIndex, type }) => {
      // Moving along the list with the keys makes Enter take the option again, not the text.
      if (movesAlongList.has(type)) typedOver.current = false;
      setHighlighted(highlightedIndex ?? -1);
    },
    onIsOpenChange: ({ isOpen: opening }) => {
      // Open on the time shown, or the first after it, as Google's list does.
      if (opening) setHighlighted(nearestChoiceIndex(choices, value));
    },
    onInputValueChange: ({ inputValue, type }) => {
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      typedOver.current = true;
      setText(inputValue);
      // What is typed, when it is a time in the list, becomes the option Enter takes.
      const typed = parseTimeText(inputValue, hour12, near ?? value);
      const index = typed === null ? -1 : choices.findIndex((choice) => choice.value === typed);
      setHighlighted(index);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      typedOver.current = false;
      setText(selectedItem.label);
      if (selectedItem.value !== value) onChange(selectedItem.value);
    },
    stateReducer: (_state, { type, changes }) => {
      // Escape closes the list and puts back the time shown; it never empties the field.
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape) {
        typedOver.current = false;
        return { ...changes, selectedItem: _state.selectedItem, inputValue: shown };
      }
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
    if (highlighted < 0) return;
    const block = scrolledSinceOpen.current ? 'nearest' : 'center';
    const frame = requestAnimationFrame(() => {
      const option = listRef.current?.querySelector(`[data-index="${highlighted}"]`);
      if (!option) return;
      option.scrollIntoView({ block });
      scrolledSinceOpen.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [isOpen, highlighted]);

  const inputProps = getInputProps({
    ref: inputRef,
    className: invalid ? 'input time-combobox__input input--invalid' : 'input time-combobox__input',
    'aria-invalid': invalid,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    autoComplete: 'off',
    spellCheck: false,
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
                data-highlighted={index === highlighted ? '' : undefined}
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
