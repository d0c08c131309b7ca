import { describe, expect, it } from 'vitest';
import { addDays, indentDestination, nextWeek, outdentDestination } from './card-actions';
import { todayIn } from '../../lib/today';
import { describeDue } from './due-date';
import { sortRowsByDue, buildRows } from './task-tree';
import type { TaskItem } from './task-types';

describe('due dates as people say them', () => {
  const today = '2026-11-24'; // a Tuesday
  it('names the days around today and the coming week', () => {
    expect(describeDue('2026-11-24', today, true, 'en-US').text).toBe('Today');
    expect(describeDue('2026-11-25', today, true, 'en-US').text).toBe('Tomorrow');
    expect(describeDue('2026-11-27', today, true, 'en-US').text).toBe('Fri');
    expect(describeDue('2026-11-30', today, true, 'en-US').text).toBe('Mon');
    expect(describeDue('2026-12-01', today, true, 'en-US').text).toBe('Dec 1');
    expect(describeDue('2027-01-05', today, true, 'en-US').text).toBe('Jan 5, 2027');
  });
  it('marks past dates overdue, in words too, unless the task is done', () => {
    const late = describeDue('2026-11-20', today, true, 'en-US');
    expect(late).toMatchObject({ text: 'Overdue · Nov 20', overdue: true, days: -4 });
    expect(late.full).toBe('Overdue, was due Friday, November 20, 2026');
    expect(describeDue('2026-11-23', today, true, 'en-US').text).toBe('Overdue · Yesterday');
    expect(describeDue('2026-11-20', today, false, 'en-US')).toMatchObject({ text: 'Nov 20', overdue: false });
    expect(describeDue('2026-11-25', today, true, 'en-US').full).toBe('Due tomorrow, Wednesday, November 25, 2026');
  });
  it('takes today from the person’s zone', () => {
    const instant = new Date('2026-11-25T03:00:00Z');
    expect(todayIn(instant, 'America/New_York')).toBe('2026-11-24');
    expect(todayIn(instant, 'Europe/Berlin')).toBe('2026-11-25');
  });
  it('counts days across months and finds next Monday', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(nextWeek('2026-11-24')).toBe('2026-11-30');
    expect(nextWeek('2026-11-30')).toBe('2026-12-07');
  });
});

const task = (id: string, position: string, extra: Partial<TaskItem> = {}): TaskItem => ({ id, position, ...extra });

describe('indent and outdent', () => {
  const tasks = [
    task('a', '1'),
    task('a1', '1', { parent: 'a' }),
    task('done', '2', { status: 'completed' }),
    task('b', '3'),
  ];
  it('indents under the open task above, after its last subtask', () => {
    expect(indentDestination('L', tasks, tasks[3]!)?.to).toEqual({ listId: 'L', parent: 'a', previous: 'a1' });
    expect(indentDestination('L', tasks, tasks[0]!)).toBeNull();
  });
  it('outdents to just after the parent', () => {
    expect(outdentDestination('L', tasks, tasks[1]!)?.to).toEqual({ listId: 'L', previous: 'a' });
    expect(outdentDestination('L', tasks, tasks[0]!)).toBeNull();
  });
  it('sorts by date with subtasks kept under their parent and undated last', () => {
    const rows = buildRows([
      task('x', '1'),
      task('y', '2', { due: '2030-01-02T00:00:00.000Z' }),
      task('y1', '1', { parent: 'y' }),
      task('z', '3', { due: '2029-05-01T00:00:00.000Z' }),
    ]);
    expect(sortRowsByDue(rows).map((r) => r.task.id)).toEqual(['z', 'y', 'y1', 'x']);
  });
});
