import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown } from 'lucide-react';
import { useCallback, useId, useState, type ReactNode } from 'react';
import './choice-menu.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** A line under the label saying what the choice means ("Anyone on the internet with the link can view"). */
  description?: string;
  /** A glyph before the label in the menu (decorative: the label names the choice). */
  icon?: ReactNode;
  /** Listed, but not offered now (greyed). */
  disabled?: boolean;
  /** What the button says while this is the choice, where the label alone would not say what is chosen ("Modified: any time"). */
  buttonText?: string;
}

/** An action listed under the choices, after a line ("Transfer ownership", "Remove access"). */
export interface ChoiceAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
}

interface ChoiceMenuProps<T extends string> {
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  /** What is being chosen ("Role of Bob"): the button is named "<label>: <current choice>". */
  label: string;
  actions?: readonly ChoiceAction[];
  /** The button's id, for a visible `<label htmlFor>`. */
  id?: string;
  disabled?: boolean;
  /**
   * `field` looks like a form field (a bordered box); `quiet` is text with an arrow, as beside a name;
   * `chip` is a round filter chip, highlighted while `active`.
   */
  look?: 'field' | 'quiet' | 'chip';
  active?: boolean;
  /** A field makes room for these words too, besides its choices' (a unit's singular and plural). */
  roomFor?: readonly string[];
  /** The button shows the current choice's icon too (a calendar's colour). */
  iconOnButton?: boolean;
  align?: 'start' | 'end';
  testId?: string;
}

/**
 * One value out of a few, chosen from a menu as in Drive's share dialog: the button shows the current
 * choice, the menu marks it with a check, and a choice can carry a line saying what it means. Actions
 * that are not values (removing a person) can follow the choices. The button carries the value in
 * `data-value` for whoever reads the form.
 */
export function ChoiceMenu<T extends string>({
  value,
  choices,
  onChange,
  label,
  actions = [],
  id,
  disabled = false,
  look = 'field',
  active = false,
  iconOnButton = false,
  roomFor = [],
  align = 'start',
  testId,
}: ChoiceMenuProps<T>) {
  const ids = useId();
  // Inside a dialog, the menu is part of the dialog (for assistive technology, it is where the dialog's
  // content is); elsewhere it goes to the end of the page.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const trigger = useCallback((node: HTMLButtonElement | null) => {
    // A dialog of ours (not a popover, whose positioned frame would clip the menu).
    setContainer(node?.closest<HTMLElement>('.dialog[role="dialog"]') ?? null);
  }, []);
  const current = choices.find((choice) => choice.value === value);
  const withIcons = choices.some((choice) => choice.icon !== undefined);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        id={id}
        className={`choice-menu__trigger choice-menu__trigger--${look}${active ? ' is-active' : ''}`}
        disabled={disabled}
        aria-label={`${label}: ${current?.label ?? value}`}
        data-value={value}
        data-testid={testId}
      >
        {iconOnButton && current?.icon ? (
          <span className="choice-menu__icon" aria-hidden="true">
            {current.icon}
          </span>
        ) : null}
        {look === 'field' ? (
          // As wide as its widest choice, as a select is: rows of fields line up, and a new choice does
          // not move what follows. The other choices take their room unseen.
          <span className="choice-menu__current choice-menu__sizer">
            {choices.map((choice) => (
              <span key={choice.value} className={choice.value === value ? undefined : 'choice-menu__unseen'}>
                {choice.buttonText ?? choice.label}
              </span>
            ))}
            {roomFor.map((words) => (
              <span key={`room-${words}`} className="choice-menu__unseen">
                {words}
              </span>
            ))}
            {current ? null : <span>{value}</span>}
          </span>
        ) : (
          <span className="choice-menu__current">{current?.buttonText ?? current?.label ?? value}</span>
        )}
        <ChevronDown className="choice-menu__chevron" size={16} strokeWidth={2} aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          className="context-menu choice-menu"
          align={align}
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          data-testid={testId ? `${testId}-menu` : undefined}
        >
          <DropdownMenu.RadioGroup value={value} onValueChange={(next) => onChange(next as T)}>
            {choices.map((choice, index) => (
              <DropdownMenu.RadioItem
                key={choice.value}
                value={choice.value}
                disabled={choice.disabled}
                className="context-menu__item choice-menu__item"
                // Named by its label; what it means is its description.
                aria-labelledby={`${ids}-${index}`}
                aria-describedby={choice.description ? `${ids}-${index}-about` : undefined}
                data-value={choice.value}
              >
                <span className="choice-menu__check" aria-hidden="true">
                  <DropdownMenu.ItemIndicator>
                    <Check size={16} strokeWidth={2.2} />
                  </DropdownMenu.ItemIndicator>
                </span>
                {/* Where some choices have an icon, the others keep its room, so the labels line up. */}
                {withIcons ? (
                  <span className="context-menu__icon choice-menu__icon" aria-hidden="true">
                    {choice.icon}
                  </span>
                ) : null}
                <span className="choice-menu__text">
                  <span className="choice-menu__label" id={`${ids}-${index}`}>
                    {choice.label}
                  </span>
                  {choice.description ? (
                    <span className="choice-menu__description" id={`${ids}-${index}-about`}>
                      {choice.description}
                    </span>
                  ) : null}
                </span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {actions.length > 0 ? <DropdownMenu.Separator className="context-menu__separator" /> : null}
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={`context-menu__item choice-menu__item${action.danger ? ' context-menu__item--danger' : ''}`}
              onSelect={action.onSelect}
              data-testid={action.testId}
            >
              <span className="choice-menu__check" aria-hidden="true" />
              <span className="choice-menu__text">
                <span className="choice-menu__label">{action.label}</span>
              </span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
