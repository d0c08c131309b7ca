import { describe, expect, it } from 'vitest';
import { dateFieldWords, parseDateText } from './date-words';

describe('the editor’s date words', () => {
  it('writes a date as people read it', () => {
    expect(dateFieldWords('2026-11-29', '2026-11-30', 'en-US')).toBe('Sun, Nov 29');
    expect(dateFieldWords('2027-02-01', '2026-11-30', 'en-US')).toBe('Mon, Feb 1, 2027');
    expect(dateFieldWords('', '2026-11-30', 'en-US')).toBe('');
  });

  it('reads the ways people write a date, the year of the date shown when none is typed', () => {
    const shown = '2026-11-29';
    const today = '2026-11-30';
    for (const [typed, date] of [
      ['2026-12-03', '2026-12-03'],
      ['12/3/2026', '2026-12-03'],
      ['12/3/27', '2027-12-03'],
      ['12/3', '2026-12-03'],
      ['Dec 3', '2026-12-03'],
      ['dec. 3rd', '2026-12-03'],
      ['December 3, 2027', '2027-12-03'],
      ['3 Dec 2027', '2027-12-03'],
      ['Thu, Dec 3, 2026', '2026-12-03'],
      ['Thu, Dec 3', '2026-12-03'],
      ['Sun, Nov 29, 2026', '2026-11-29'],
      ['sept 9', '2026-09-09'],
      ['today', '2026-11-30'],
      ['Tomorrow', '2026-12-01'],
      ['yesterday', '2026-11-29'],
      ['2/29/2028', '2028-02-29'],
    ] as const) {
      expect(parseDateText(typed, shown, today), typed).toBe(date);
    }
  });

  it('refuses what is no date', () => {
    for (const typed of ['', 'soon', '2/30', '13/1/2026', '2026-02-30', 'Dex 3', 'Dec 32', '0/1', 'de 3']) {
      expect(parseDateText(typed, '2026-11-29', '2026-11-30'), typed).toBeNull();
    }
  });
});
