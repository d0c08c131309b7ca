import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
  testId?: string;
}

/** A button that opens a short menu of actions (arrow keys move, Escape closes, a click outside closes). */
export function MenuButton({
  label,
  actions,
  testId,
  text,
  primary,
}: {
  label: string;
  actions: MenuAction[];
  testId?: string;
  text?: string;
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

  return (
    <div className="menu" ref={root} onKeyDown={onKeyDown}>
      <button
        type="button"
        className={text ? `button${primary ? ' button--primary' : ''}` : 'button button--ghost button--icon'}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={text ? undefined : label}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(!open);
        }}
        data-testid={testId}
      >
        {text ? `${text} ▾` : '⋯'}
      </button>
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
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
