import * as ContextMenu from '@radix-ui/react-context-menu';
import './event-menu.css';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useCalendarStore } from './calendar-store';
import { eventColorNames, type Palettes } from './colors';
import { eventKey, untitledEventLabel } from './event-mapping';
import { wordsFor, type EventTarget, type useEventCommands } from './useEventCommands';
import type { useEventEditing } from './useEventEditing';

/** One choice of the Color submenu: an event palette colour, or '' for the calendar's own. */
export interface EventColorChoice {
  id: string;
  name: string;
  background: string;
}

export interface EventMenuActions {
  /** The event a grid key stands for, or undefined once it is gone. */
  entryOf: (key: string) => EventTarget | undefined;
  /** Shows the event's quick view beside its block (as a click does). */
  open: (key: string, element: HTMLElement) => void;
  edit: (key: string) => void;
  duplicate: (target: EventTarget) => void;
  remove: (target: EventTarget) => void;
  /** Gives this event (this occurrence, for a series) a palette colour; '' goes back to the calendar's. */
  setColor: (target: EventTarget, colorId: string) => void;
  /** The event palette, in Google Calendar's order and names. */
  colors: readonly EventColorChoice[];
}

/** The menu's actions, from the grid's events, the editor and the event commands (as the quick view does them). */
export function useEventMenuActions(
  byKey: RefObject<ReadonlyMap<string, EventTarget>>,
  editor: Pick<ReturnType<typeof useEventEditing>, 'openKey' | 'gridHandlers'>,
  commands: Pick<ReturnType<typeof useEventCommands>, 'duplicate' | 'remove' | 'patchFields'>,
  palettes: Palettes,
): EventMenuActions {
  const latest = useRef({ editor, commands });
  useEffect(() => {
    latest.current = { editor, commands };
  });
  return useMemo(
    () => ({
      entryOf: (key) => byKey.current.get(key),
      open: (key, element) => latest.current.editor.gridHandlers.onOpenEvent(key, element),
      edit: (key) => latest.current.editor.openKey(key),
      duplicate: (target) =>
        void latest.current.commands.duplicate(target).then((created) => {
          if (created?.id) useCalendarStore.getState().select(eventKey(target.calendar.id, created.id));
        }),
      remove: (target) => void latest.current.commands.remove(target),
      setColor: (target, colorId) =>
        void latest.current.commands.patchFields(
          target,
          { colorId: colorId === '' ? null : colorId },
          wordsFor.colour(target.event),
        ),
      colors: Object.entries(palettes.event).map(([id, pair]) => ({
        id,
        name: eventColorNames[id] ?? `Color ${id}`,
        background: pair.background,
      })),
    }),
    [byKey, palettes],
  );
}

interface Opened {
  key: string;
  element: HTMLElement;
}

const eventSelector = '[data-event-key]';

/**
 * The right-click menu of the events on the grid (and Shift+F10 or the context-menu key on a focused
 * event): Open, Edit, Duplicate, Color (this event's, as Google Calendar's menu offers), Delete. Right-clicking the grid away
 * from an event does nothing here (a drag there creates one). Wraps the grid without adding a box.
 */
export function EventContextMenu({ actions, children }: { actions: EventMenuActions; children: ReactNode }) {
  const [opened, setOpened] = useState<Opened | null>(null);
  const zone = useRef<HTMLDivElement>(null);

  // Keyboard: the focused event's menu opens where its block is, as a right-click there would.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu')) return;
      const element = document.activeElement?.closest<HTMLElement>(eventSelector);
      if (!element || !zone.current?.contains(element)) return;
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      element.dispatchEvent(
        new MouseEvent('contextmenu', {
          bubbles: true,
          cancelable: true,
          clientX: rect.left + Math.min(rect.width / 2, 24),
          clientY: rect.top + Math.min(rect.height / 2, 12),
        }),
      );
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const entry = opened ? actions.entryOf(opened.key) : undefined;
  const writable = entry?.calendar.writable ?? false;
  const title = entry?.event.summary?.trim() || untitledEventLabel;
  // The chosen action runs once the menu has closed and given the focus back to the event, so a quick
  // view or dialog it opens keeps the focus (and is not closed by the menu's own focus change).
  const pending = useRef<(() => void) | null>(null);
  const run = (action: (opened: Opened, entry: EventTarget) => void) => () => {
    if (opened && entry) pending.current = () => action(opened, entry);
  };

  return (
    <ContextMenu.Root modal onOpenChange={(open) => !open && setOpened(null)}>
      <ContextMenu.Trigger asChild>
        <div
          ref={zone}
          className="event-menu-zone"
          onContextMenu={(event) => {
            const element = event.target instanceof Element ? event.target.closest<HTMLElement>(eventSelector) : null;
            const key = element?.getAttribute('data-event-key');
            // Away from an event there is no menu (and the grid keeps its own right-click behaviour).
            if (!element || !key || !actions.entryOf(key)) {
              event.preventDefault();
              return;
            }
            // As a click does, the event becomes the selected one (E and Delete then act on it too).
            useCalendarStore.getState().select(key);
            setOpened({ key, element });
          }}
        >
          {children}
        </div>
      </ContextMenu.Trigger>
      {/* Only while open: a closed one's parts would cost the first frame an extra render (docs/cold-start.md). */}
      {entry ? (
        <ContextMenu.Portal>
          <ContextMenu.Content
            className="context-menu"
            aria-label={`Actions for ${title}`}
            data-testid="event-context-menu"
            onCloseAutoFocus={(event) => {
              const action = pending.current;
              pending.current = null;
              // The focus goes back to the event's block, when it is still on the grid.
              if (opened?.element.isConnected) {
                event.preventDefault();
                opened.element.focus();
              }
              action?.();
            }}
          >
            <ContextMenu.Item
              className="context-menu__item"
              onSelect={run(({ key, element }) => actions.open(key, element))}
              data-testid="event-menu-open"
            >
              Open
            </ContextMenu.Item>
            {writable ? (
              <>
                <ContextMenu.Item
                  className="context-menu__item"
                  onSelect={run(({ key }) => actions.edit(key))}
                  data-testid="event-menu-edit"
                >
                  Edit <kbd className="context-menu__shortcut">E</kbd>
                </ContextMenu.Item>
                <ContextMenu.Item
                  className="context-menu__item"
                  onSelect={run((_, target) => actions.duplicate(target))}
                  data-testid="event-menu-duplicate"
                >
                  Duplicate
                </ContextMenu.Item>
                {actions.colors.length > 0 ? (
                  <ContextMenu.Sub>
                    <ContextMenu.SubTrigger className="context-menu__item" data-testid="event-menu-color">
                      Color <span aria-hidden="true">›</span>
                    </ContextMenu.SubTrigger>
                    <ContextMenu.Portal>
                      <ContextMenu.SubContent className="context-menu" data-testid="event-menu-colors">
                        <ContextMenu.RadioGroup
                          value={entry?.event.colorId ?? ''}
                          onValueChange={(colorId) => {
                            if (opened && entry) pending.current = () => actions.setColor(entry, colorId);
                          }}
                        >
                          {[
                            { id: '', name: 'Calendar color', background: entry?.calendar.color.background ?? '' },
                            ...actions.colors,
                          ].map((color) => (
                            <ContextMenu.RadioItem
                              key={color.id || 'calendar'}
                              value={color.id}
                              className="context-menu__item context-menu__item--color"
                              data-testid={`event-menu-color-${color.id || 'calendar'}`}
                            >
                              <span
                                className="context-menu__swatch"
                                style={{ background: color.background }}
                                aria-hidden="true"
                              />
                              {color.name}
                              <ContextMenu.ItemIndicator className="context-menu__check" aria-hidden="true">
                                ✓
                              </ContextMenu.ItemIndicator>
                            </ContextMenu.RadioItem>
                          ))}
                        </ContextMenu.RadioGroup>
                      </ContextMenu.SubContent>
                    </ContextMenu.Portal>
                  </ContextMenu.Sub>
                ) : null}
                <ContextMenu.Separator className="context-menu__separator" />
                <ContextMenu.Item
                  className="context-menu__item context-menu__item--danger"
                  onSelect={run((_, target) => actions.remove(target))}
                  data-testid="event-menu-delete"
                >
                  Delete <kbd className="context-menu__shortcut">Del</kbd>
                </ContextMenu.Item>
              </>
            ) : null}
          </ContextMenu.Content>
        </ContextMenu.Portal>
      ) : null}
    </ContextMenu.Root>
  );
}
