import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, EllipsisVertical, type LucideIcon } from 'lucide-react';
import type { SyntheticEvent } from 'react';
import { Tip } from '../../components/Tip';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
  icon?: LucideIcon;
}

// The menu lives in a portal, but React passes its events up to the button's parents: a drive card or a row
// must not take a click on the menu as a click on itself.
const keepInMenu = (event: SyntheticEvent) => event.stopPropagation();

/**
 * A button that opens a short menu of actions (Radix DropdownMenu: arrow keys and typing move, Escape and a
 * click outside close, the focus goes back to the button). Without `text` it is a ⋮ icon. With `text`, an
 * `icon` goes before it, and `iconOnly` (for a narrow toolbar) leaves the icon alone. An icon shown alone
 * is named by `label`, shown as its tooltip.
 */
export function MenuButton({
  label,
  actions,
  testId,
  text,
  icon: Icon,
  iconOnly = false,
  primary,
}: {
  label: string;
  actions: MenuAction[];
  testId?: string;
  text?: string;
  icon?: LucideIcon;
  iconOnly?: boolean;
  primary?: boolean;
}) {
  const showText = text !== undefined && !(iconOnly && Icon);
  const trigger = (
    <DropdownMenu.Trigger
      className={
        text
          ? `button${primary ? ' button--primary' : ''}${showText ? '' : ' menu__trigger--icon'}`
          : 'button button--ghost button--icon'
      }
      aria-label={showText ? undefined : label}
      onClick={keepInMenu}
      data-testid={testId}
    >
      {text ? (
        <>
          {Icon ? <Icon size={16} strokeWidth={1.8} aria-hidden="true" /> : null}
          {showText ? text : null}
          <ChevronDown size={14} strokeWidth={2} aria-hidden="true" />
        </>
      ) : (
        <EllipsisVertical size={18} strokeWidth={1.8} aria-hidden="true" />
      )}
    </DropdownMenu.Trigger>
  );

  return (
    <DropdownMenu.Root modal={false}>
      {showText ? trigger : <Tip text={label}>{trigger}</Tip>}
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="context-menu"
          align="end"
          sideOffset={4}
          collisionPadding={8}
          aria-label={label}
          onClick={keepInMenu}
          onDoubleClick={keepInMenu}
          onContextMenu={keepInMenu}
        >
          {actions.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              className={`context-menu__item${action.danger ? ' context-menu__item--danger' : ''}`}
              onSelect={action.onSelect}
              data-testid={action.testId}
            >
              {action.icon ? (
                <action.icon className="context-menu__icon" size={16} strokeWidth={1.8} aria-hidden="true" />
              ) : null}
              <span className="context-menu__label">{action.label}</span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
