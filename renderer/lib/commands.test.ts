import { describe, expect, it } from 'vitest';
import { registerCommandSource, registerCommands, registeredCommands } from './commands';

describe('command registry', () => {
  it('lists what is registered and forgets it when unregistered', () => {
    const before = registeredCommands().commands;
    const remove = registerCommands([{ id: 'a', title: 'Alpha', group: 'Actions', run: () => {} }]);
    const during = registeredCommands().commands;
    expect(during.map((command) => command.id)).toContain('a');
    // Nothing changed: the same array, so subscribers do not re-render.
    expect(registeredCommands().commands).toBe(during);
    remove();
    expect(registeredCommands().commands).toEqual(before);
    // Removing twice changes nothing.
    const after = registeredCommands().commands;
    remove();
    expect(registeredCommands().commands).toBe(after);
  });

  it('keeps two registrations of the same commands apart', () => {
    const command = { id: 'b', title: 'Beta', group: 'Create' as const, run: () => {} };
    const first = registerCommands([command]);
    const second = registerCommands([command]);
    first();
    expect(registeredCommands().commands.filter((entry) => entry.id === 'b')).toHaveLength(1);
    second();
    expect(registeredCommands().commands.filter((entry) => entry.id === 'b')).toHaveLength(0);
  });

  it('keeps sources apart from commands', () => {
    const remove = registerCommandSource({ id: 'dates', matches: 'source', find: () => [] });
    expect(registeredCommands().sources.map((source) => source.id)).toContain('dates');
    expect(registeredCommands().commands.map((command) => command.id)).not.toContain('dates');
    remove();
    expect(registeredCommands().sources.map((source) => source.id)).not.toContain('dates');
  });
});
