import { ChevronDown, EllipsisVertical, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Tip } from '../../components/Tip';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
  icon?: LucideIcon;
}

/**
 * A button that opens a short menu of actions (arrow keys move, Escape closes, a click outside closes).
 * Without `text` it is a ⋮ icon. With `text`, an `icon` goes before it, and `iconOnly` (for a narrow
 * toolbar) leaves the icon alone. An icon shown alone is named by `label`, shown as its tooltip.
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
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = Array.from(root.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('[aria-haspopup]')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
      items[next]?.focus();
    }
  };

  const showText = text !== undefined && !(iconOnly && Icon);
  const trigger = (
    <button
      type="button"
      className={
        text
          ? `button${primary ? ' button--primary' : ''}${showText ? '' : ' menu__trigger--icon'}`
          : 'button button--ghost button--icon'
      }
      aria-haspopup="menu"
      aria-expanded={open}
      aria-controls={open ? menuId : undefined}
      aria-label={showText ? undefined : label}
      onClick={(event) => {
        event.stopPropagation();
        setOpen(!open);
      }}
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
    </button>
  );

  return (
    <div className="menu" ref={root} onKeyDown={onKeyDown}>
      {showText ? trigger : <Tip text={label}>{trigger}</Tip>}
      {open ? (
        <div className="menu__list" role="menu" id={menuId}>
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              className={`menu__item${action.danger ? ' menu__item--danger' : ''}`}
              onClick={(event) => {
                event.stopPropagation();
                setOpen(false);
                action.onSelect();
              }}
              data-testid={action.testId}
            >
              {action.icon ? <action.icon size={16} strokeWidth={1.8} aria-hidden="true" /> : null}
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
