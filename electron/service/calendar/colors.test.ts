import { describe, expect, it } from 'vitest';
import { calendarColors, closestCalendarColorId } from './domain/colors';

describe('closestCalendarColorId', () => {
  it('maps each palette background to its own id', () => {
    for (const [id, color] of Object.entries(calendarColors)) expect(closestCalendarColorId(color.background)).toBe(id);
  });

  it('snaps another colour to the nearest palette entry', () => {
    expect(closestCalendarColorId('#f83a20')).toBe('3');
    expect(closestCalendarColorId('#4a87e8')).toBe('16');
    expect(closestCalendarColorId('#A47AE2')).toBe('24');
  });
});
