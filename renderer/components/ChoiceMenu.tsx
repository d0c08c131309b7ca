import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, type LucideIcon } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import './choice-menu.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** A line under the label saying what the choice means ("Anyone on the internet with the link can view"). */
  description?: string;
  icon?: LucideIcon;
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
  disabled?: boolean;
  /** `field` looks like a form field (a bordered box); `quiet` is text with an arrow, as beside a name. */
  look?: 'field' | 'quiet';
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
  disabled = false,
  look = 'field',
  align = 'start',
  testId,
}: ChoiceMenuProps<T>) {
  const ids = useId();
  // Inside a dialog, the menu is part of the dialog (for assistive technology, it is where the dialog's
  // content is); elsewhere it goes to the end of the page.
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const trigger = useCallback((node: HTMLButtonElement | null) => {
    setContainer(node?.closest<HTMLElement>('[role="dialog"]') ?? null);
  }, []);
  const current = choices.find((choice) => choice.value === value);
  const CurrentIcon = current?.icon;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        className={`choice-menu__trigger choice-menu__trigger--${look}`}
        disabled={disabled}
        aria-label={`${label}: ${current?.label ?? value}`}
        data-value={value}
        data-testid={testId}
      >
        {CurrentIcon ? <CurrentIcon size={16} strokeWidth={1.8} aria-hidden="true" /> : null}
        <span className="choice-menu__current">{current?.label ?? value}</span>
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
                {choice.icon ? (
                  <choice.icon className="context-menu__icon" size={16} strokeWidth={1.8} aria-hidden="true" />
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
