import * as Dialog from '@radix-ui/react-dialog';
import { Command as Cmdk } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import { create } from 'zustand';
import { useCommands, useCommandSources, useRegisteredCommands, type Command } from '../lib/commands';
import { rankCommands } from './command-rank';
import { useViewStore, views } from './views';
import './command-palette.css';
import { returnFocus } from '../lib/return-focus';
import { commandKeyHeld, commandShortcut } from '../lib/platform';

/** How the palette's own shortcut is written for this platform. */
export const paletteShortcut = commandShortcut('K');
/** How long typing rests before sources (dates, files) are asked. */
const sourceDelayMs = 120;

interface Found {
  query: string;
  /** Commands that match the words already. */
  matched: Command[];
  /** Candidates to fuzzy-match like registered commands. */
  candidates: Command[];
  failed: boolean;
  /** Sources not answered yet. */
  waiting: number;
}

const nothingFound = (query: string): Found => ({ query, matched: [], candidates: [], failed: false, waiting: 0 });

/**
 * Asks every source for what is typed, a moment after typing stops; the last query wins. Each
 * source's answer is shown as it comes: a date or a task list is listed at once while a search of
 * files or events is still on its way (from a Google account, that takes a round trip). The
 * answers are kept in the sources' order, so the list does not depend on which came first.
 */
function useSourceResults(query: string): { found: Found; searching: boolean } {
  const sources = useCommandSources();
  const [found, setFound] = useState<Found>(nothingFound(''));
  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const answers: Array<Command[] | 'failed' | undefined> = sources.map(() => undefined);
      const publish = () => {
        const next = nothingFound(trimmed);
        answers.forEach((answer, index) => {
          if (answer === undefined) next.waiting += 1;
          else if (answer === 'failed') next.failed = true;
          else if (sources[index]!.matches === 'source') next.matched.push(...answer);
          else next.candidates.push(...answer);
        });
        setFound(next);
      };
      sources.forEach((source, index) => {
        Promise.resolve()
          .then(() => source.find(trimmed, controller.signal))
          .then(
            (commands) => {
              if (controller.signal.aborted) return;
              answers[index] = commands;
              publish();
            },
            () => {
              if (controller.signal.aborted) return;
              answers[index] = 'failed';
              publish();
            },
          );
      });
    }, sourceDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, sources]);
  const current = trimmed !== '' && found.query === trimmed;
  return {
    found: current ? found : nothingFound(trimmed),
    searching: trimmed !== '' && (!current || found.waiting > 0),
  };
}

const usePaletteStore = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

/** Opens the palette (its shortcut, the sidebar's Search button); the focus comes back where it was. */
export function openCommandPalette(): void {
  if (usePaletteStore.getState().open) return;
  usePaletteStore.getState().setOpen(true);
}

/** The shell's own commands: one per view. */
function useViewCommands() {
  const show = useViewStore((state) => state.show);
  useCommands(
    views.map((view) => ({
      id: `view.${view.id}`,
      title: `Go to ${view.label}`,
      group: 'Go to',
      keywords: [view.label],
      run: () => show(view.id),
    })),
  );
}

/**
 * Ctrl/Cmd+K anywhere: a searchable list of what can be done and where to go, made of the commands
 * the features register (lib/commands.ts). Fuzzy-matched and driven from the keyboard (arrows, Enter,
 * Escape). The chosen command runs once the palette has closed, so whatever it opens keeps the focus.
 */
export function CommandPalette() {
  const open = usePaletteStore((state) => state.open);
  const setOpen = usePaletteStore((state) => state.setOpen);
  useViewCommands();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
      if (!commandKeyHeld(event)) return;
      event.preventDefault();
      if (usePaletteStore.getState().open) usePaletteStore.getState().setOpen(false);
      else openCommandPalette();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      {/* Only while open: a closed one's parts would cost the first frame an extra render, and a closed
          palette that followed the registered commands would render again as each feature registers
          its own at start (docs/cold-start.md). Each opening starts with an empty query. */}
      {open ? <PaletteContent close={() => setOpen(false)} /> : null}
    </Dialog.Root>
  );
}

function PaletteContent({ close }: { close: () => void }) {
  const [query, setQuery] = useState('');
  const chosen = useRef<Command | null>(null);
  const commands = useRegisteredCommands();
  const { found, searching } = useSourceResults(query);

  const groups = useMemo(
    () => rankCommands([...commands, ...found.candidates], found.matched, query),
    [commands, found, query],
  );
  const firstId = groups[0]?.items[0]?.id ?? '';
  // The best match is the chosen row whenever the matches change (also when results arrive late),
  // until a row is chosen with the arrows or the pointer: answers arriving later don't move it.
  const [selected, setSelected] = useState('');
  const [picked, setPicked] = useState<{ query: string; id: string } | null>(null);
  const pickedNow =
    picked !== null && picked.query === query && groups.some((g) => g.items.some((c) => c.id === picked.id));
  useEffect(() => {
    if (!pickedNow) setSelected(firstId);
  }, [firstId, groups, pickedNow]);
  // Set by the arrows and the pointer: the change of row that follows is the user's choice.
  const choosing = useRef(false);
  const onSelectedChange = (id: string) => {
    setSelected(id);
    if (choosing.current) setPicked({ query, id });
    choosing.current = false;
  };

  const choose = (command: Command) => {
    chosen.current = command;
    close();
  };

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay palette-overlay" />
      <Dialog.Content
        className="palette"
        aria-describedby={undefined}
        data-testid="command-palette"
        ref={returnFocus.ref}
        onCloseAutoFocus={(event) => {
          const command = chosen.current;
          chosen.current = null;
          // A command decides where the focus goes (a dialog it opens, a field it fills).
          if (command) {
            event.preventDefault();
            command.run();
          } else returnFocus.onCloseAutoFocus(event);
        }}
      >
        <Dialog.Title className="visually-hidden">Command palette</Dialog.Title>
        <Cmdk
          label="Commands"
          loop
          shouldFilter={false}
          value={selected}
          onValueChange={onSelectedChange}
          onKeyDown={(event) => {
            choosing.current = ['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key);
          }}
        >
          <div className="palette__search">
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              aria-hidden="true"
            >
              <path d="m20 20-4.2-4.2M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Z" />
            </svg>
            <Cmdk.Input
              className="palette__input"
              value={query}
              onValueChange={setQuery}
              placeholder="Go to a view, a date, a file or a list, or run a command…"
              data-testid="command-input"
            />
            <kbd className="palette__kbd">Esc</kbd>
          </div>
          {/* Outside the list, "Nothing matches" too: a listbox may hold only options and their groups.
            Always present, so that what appears in it is announced. */}
          <div
            className={`palette__status${found.failed ? ' palette__status--error' : ''}`}
            role="status"
            data-testid="command-status"
          >
            {searching
              ? 'Searching…'
              : found.failed
                ? 'Some results couldn’t be loaded. Check your connection and type again.'
                : groups.length === 0 && query.trim() !== ''
                  ? `Nothing matches “${query.trim()}”.`
                  : null}
          </div>
          <Cmdk.List
            className="palette__list"
            data-testid="command-list"
            onPointerMove={() => {
              choosing.current = true;
            }}
          >
            {groups.map(({ group, items }) => (
              <Cmdk.Group key={group} heading={group} className="palette__group">
                {items.map((command) => (
                  <Cmdk.Item
                    key={command.id}
                    value={command.id}
                    onSelect={() => choose(command)}
                    className="palette__item"
                    data-testid="command-item"
                  >
                    <span className="palette__title">{command.title}</span>
                    {command.hint ? <span className="palette__hint">{command.hint}</span> : null}
                    {command.shortcut ? <kbd className="palette__kbd">{command.shortcut}</kbd> : null}
                  </Cmdk.Item>
                ))}
              </Cmdk.Group>
            ))}
          </Cmdk.List>
          <div className="palette__footer" aria-hidden="true">
            <span>
              <kbd className="palette__kbd">↑</kbd> <kbd className="palette__kbd">↓</kbd> to move
            </span>
            <span>
              <kbd className="palette__kbd">Enter</kbd> to run
            </span>
            <span>
              <kbd className="palette__kbd">{paletteShortcut}</kbd> to open or close
            </span>
          </div>
        </Cmdk>
      </Dialog.Content>
    </Dialog.Portal>
  );
}
