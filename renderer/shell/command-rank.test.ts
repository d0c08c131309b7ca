import { describe, expect, it } from 'vitest';
import type { Command } from '../lib/commands';
import { rankCommands } from './command-rank';

const command = (id: string, title: string, group: Command['group'], keywords?: string[]): Command => ({
  id,
  title,
  group,
  ...(keywords ? { keywords } : {}),
  run: () => {},
});

const registered = [
  command('view.calendar', 'Go to Calendar', 'Go to'),
  command('view.files', 'Go to Files', 'Go to'),
  command('files.trash', 'Files: Trash', 'Go to', ['drive', 'deleted']),
  command('calendar.new', 'New event', 'Create', ['meeting']),
  command('tasks.new', 'New task', 'Create', ['todo']),
  command('files.share', 'Share “notes.txt”…', 'Actions', ['people']),
  command('files.drives', 'Files: Shared drives', 'Go to', ['drive']),
];

const ids = (groups: ReturnType<typeof rankCommands>) => groups.flatMap((group) => group.items.map((item) => item.id));

describe('rankCommands', () => {
  it('lists everything in the groups’ order when nothing is typed', () => {
    const groups = rankCommands(registered, [], '  ');
    expect(groups.map((group) => group.group)).toEqual(['Go to', 'Create', 'Actions']);
    expect(ids(groups)).toHaveLength(registered.length);
  });

  it('matches letters in order, not only whole words, and drops what does not match', () => {
    expect(ids(rankCommands(registered, [], 'gtfls'))[0]).toBe('view.files');
    expect(ids(rankCommands(registered, [], 'nwevt'))[0]).toBe('calendar.new');
    expect(ids(rankCommands(registered, [], 'zzqx'))).toEqual([]);
  });

  it('puts a title that starts with the words before one that only contains them', () => {
    const order = ids(rankCommands(registered, [], 'share'));
    expect(order.indexOf('files.share')).toBeLessThan(order.indexOf('files.drives'));
    // The group of the best row comes first.
    expect(rankCommands(registered, [], 'share')[0]?.group).toBe('Actions');
  });

  it('finds by other words too', () => {
    expect(ids(rankCommands(registered, [], 'meeting'))[0]).toBe('calendar.new');
  });

  it('shows what the sources found for the words, ahead of weak fuzzy matches', () => {
    const date = command('date.2026-12-20', 'Go to Sunday, December 20, 2026', 'Dates');
    const groups = rankCommands(registered, [date], 'dec 20');
    expect(groups[0]?.group).toBe('Dates');
    expect(ids(groups)[0]).toBe('date.2026-12-20');
  });
});
