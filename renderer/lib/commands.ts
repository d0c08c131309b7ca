import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The command palette's registry. Each feature contributes its own commands (and sources of commands
 * that depend on what is typed, such as dates or file names), so the palette never reaches into a
 * feature's insides. Registering returns the function that takes them away again.
 */

/** Where a command is listed in the palette, in this order. */
export const commandGroups = ['Go to', 'Create', 'Actions', 'Dates', 'Events', 'Task lists', 'Tasks', 'Files'] as const;
export type CommandGroup = (typeof commandGroups)[number];

export interface Command {
  /** Unique among the registered commands; also what the palette keys the row by. */
  id: string;
  title: string;
  group: CommandGroup;
  /** Other words it is found by ("event" for "New event", "trash" for "Go to Trash"). */
  keywords?: readonly string[];
  /** The key that does the same outside the palette, as shown to people ("C", "Ctrl+Z"). */
  shortcut?: string;
  /** A detail shown after the title (a file's folder, a date's weekday). */
  hint?: string;
  run: () => void;
}

/** Commands made for what is typed: a date read from "dec 20", files named like the words. */
export interface CommandSource {
  id: string;
  /**
   * `'source'`: what `find` answers already matches the words (a date read from them, files named so).
   * `'palette'`: `find` answers candidates (every task list) that the palette fuzzy-matches like commands.
   */
  matches: 'source' | 'palette';
  /** Commands for `query` (never called with an empty one); may ask the network, honouring `signal`. */
  find: (query: string, signal: AbortSignal) => Command[] | Promise<Command[]>;
}

type Listener = () => void;

const commandSets = new Map<symbol, readonly Command[]>();
const sources = new Map<symbol, CommandSource>();
const listeners = new Set<Listener>();
let commandSnapshot: readonly Command[] = [];
let sourceSnapshot: readonly CommandSource[] = [];

function changed() {
  commandSnapshot = [...commandSets.values()].flat();
  sourceSnapshot = [...sources.values()];
  for (const listener of listeners) listener();
}

/** Adds commands to the palette; returns the function that removes them. */
export function registerCommands(commands: readonly Command[]): () => void {
  const key = Symbol('commands');
  commandSets.set(key, commands);
  changed();
  return () => {
    if (commandSets.delete(key)) changed();
  };
}

/** Adds a source of commands for what is typed; returns the function that removes it. */
export function registerCommandSource(source: CommandSource): () => void {
  const key = Symbol(source.id);
  sources.set(key, source);
  changed();
  return () => {
    if (sources.delete(key)) changed();
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What is registered now. The same arrays are answered until something changes. */
export function registeredCommands(): { commands: readonly Command[]; sources: readonly CommandSource[] } {
  return { commands: commandSnapshot, sources: sourceSnapshot };
}

/** Every registered command, re-rendering when they change. */
export function useRegisteredCommands(): readonly Command[] {
  return useSyncExternalStore(subscribe, () => commandSnapshot);
}

/** Every registered source, re-rendering when they change. */
export function useCommandSources(): readonly CommandSource[] {
  return useSyncExternalStore(subscribe, () => sourceSnapshot);
}

/**
 * Registers a component's commands while it is mounted. `commands` may be rebuilt on each render; the
 * registry is updated only when the ids or titles change, and `run` always calls the latest version.
 */
export function useCommands(commands: readonly Command[]): void {
  const latest = useRef(commands);
  useEffect(() => {
    latest.current = commands;
  });
  const signature = commands
    .map((command) => `${command.id}\u0000${command.title}\u0000${command.hint ?? ''}`)
    .join('\u0001');
  useEffect(() => {
    const stable = latest.current.map((command, index) => ({
      ...command,
      run: () => (latest.current[index] ?? command).run(),
    }));
    return registerCommands(stable);
    // The signature stands for the commands' content; `run` is read through the ref.
  }, [signature]);
}
