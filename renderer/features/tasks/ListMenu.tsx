import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ListSort } from './list-prefs';

interface ListMenuProps {
  title: string;
  index: number;
  count: number;
  completedCount: number;
  sort: ListSort;
  onRename(): void;
  onDelete(): void;
  onClearCompleted(): void;
  onMove(delta: -1 | 1): void;
  onSort(sort: ListSort): void;
}

/** A list's actions behind one button in its header, as Google Tasks has them. */
export function ListMenu(props: ListMenuProps) {
  const { title, index, count, completedCount, sort } = props;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="button button--ghost task-column__menu-button"
          aria-label={`List actions for ${title}`}
          data-testid="list-menu"
        >
          <span aria-hidden="true">⋯</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="task-menu task-menu--checks"
          align="end"
          sideOffset={4}
          aria-label={`List actions for ${title}`}
        >
          <DropdownMenu.Label className="task-menu__label">Sort by</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={sort} onValueChange={(value) => props.onSort(value as ListSort)}>
            <DropdownMenu.RadioItem className="task-menu__item task-menu__item--radio" value="manual">
              <DropdownMenu.ItemIndicator className="task-menu__indicator">✓</DropdownMenu.ItemIndicator>
              My order
            </DropdownMenu.RadioItem>
            <DropdownMenu.RadioItem className="task-menu__item task-menu__item--radio" value="date">
              <DropdownMenu.ItemIndicator className="task-menu__indicator">✓</DropdownMenu.ItemIndicator>
              Date
            </DropdownMenu.RadioItem>
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="task-menu__separator" />
          <DropdownMenu.Item className="task-menu__item" onSelect={props.onRename}>
            Rename list…
          </DropdownMenu.Item>
          <DropdownMenu.Item className="task-menu__item" disabled={index === 0} onSelect={() => props.onMove(-1)}>
            Move list left
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="task-menu__item"
            disabled={index === count - 1}
            onSelect={() => props.onMove(1)}
          >
            Move list right
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="task-menu__item"
            disabled={completedCount === 0}
            onSelect={props.onClearCompleted}
          >
            Clear completed tasks
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="task-menu__separator" />
          <DropdownMenu.Item className="task-menu__item task-menu__item--danger" onSelect={props.onDelete}>
            Delete list…
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
