import { describe, expect, it } from 'vitest';
import { operationsOfArea } from '../../../shared/api';
import { calendarHandlers, calendarModule } from './index';

describe('calendarModule', () => {
  it('implements every Calendar operation of the registry and nothing else', () => {
    const names = operationsOfArea('calendar')
      .map((op) => op.name)
      .sort();
    expect(names).toHaveLength(37);
    expect(calendarHandlers.flatMap((handlers) => Object.keys(handlers)).sort()).toEqual(names);
  });

  it('numbers its migrations from 1 in the calendar area', () => {
    expect(calendarModule.migrations.area).toBe('calendar');
    expect(calendarModule.migrations.migrations.map((m) => m.version)).toEqual(
      calendarModule.migrations.migrations.map((_, i) => i + 1),
    );
  });
});
