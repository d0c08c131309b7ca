import { defaultFilter } from 'cmdk';
import { commandGroups, type Command, type CommandGroup } from '../lib/commands';

/** How well a command matches what is typed, 0 (not at all) to 1; the title counts most. */
function scoreOf(command: Command, query: string): number {
  const title = defaultFilter(command.title, query);
  const words = defaultFilter([command.title, command.hint ?? '', ...(command.keywords ?? [])].join(' '), query);
  return Math.max(title, 0.9 * words);
}

/** How a row found for the words typed (a date, a file) ranks against fuzzy matches: just below an exact title. */
const foundScore = 0.95;

/**
 * The rows to show for `query`: registered commands fuzzy-matched (all of them, in registry order, when
 * nothing is typed) plus what the sources found, in groups ordered by their best row.
 */
export function rankCommands(
  registered: readonly Command[],
  found: readonly Command[],
  query: string,
): { group: CommandGroup; items: Command[] }[] {
  const trimmed = query.trim();
  const scored = [
    ...registered.map((command) => ({ command, score: trimmed ? scoreOf(command, trimmed) : 1 })),
    ...found.map((command) => ({ command, score: foundScore })),
  ].filter((entry) => entry.score > 0);
  if (trimmed) scored.sort((a, b) => b.score - a.score);
  const byGroup = new Map<CommandGroup, Command[]>();
  const groupOrder = trimmed ? [] : [...commandGroups];
  for (const { command } of scored) {
    if (!byGroup.has(command.group)) {
      byGroup.set(command.group, []);
      if (trimmed) groupOrder.push(command.group);
    }
    byGroup.get(command.group)!.push(command);
  }
  return groupOrder.flatMap((group) => {
    const items = byGroup.get(group);
    return items ? [{ group, items }] : [];
  });
}
