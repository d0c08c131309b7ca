import { describe, expect, it } from 'vitest';
import { lengthWords, nearestChoiceIndex, parseTimeText, timeChoices, timeWords } from './time-choices';

describe('the editor’s time words', () => {
  it('writes a time as the clock says it', () => {
    expect(timeWords('18:30', true)).toBe('6:30pm');
    expect(timeWords('00:00', true)).toBe('12:00am');
    expect(timeWords('12:15', true)).toBe('12:15pm');
    expect(timeWords('09:05', false)).toBe('09:05');
  });

  it('says an event’s length as Google does', () => {
    expect(lengthWords(0)).toBe('0 mins');
    expect(lengthWords(45)).toBe('45 mins');
    expect(lengthWords(60)).toBe('1 hr');
    expect(lengthWords(90)).toBe('1.5 hrs');
    expect(lengthWords(135)).toBe('2.25 hrs');
  });
});

describe('a typed time', () => {
  it('reads the ways people write a time', () => {
    for (const [typed, value] of [
      ['6pm', '18:00'],
      ['6 PM', '18:00'],
      ['6:30p', '18:30'],
      ['6.30 p.m.', '18:30'],
      ['630pm', '18:30'],
      ['12am', '00:00'],
      ['12:45 pm', '12:45'],
      ['18:30', '18:30'],
      ['1830', '18:30'],
      ['0:15', '00:15'],
      ['09:00', '09:00'],
      ['noon', '12:00'],
      ['Midnight', '00:00'],
    ] as const) {
      expect(parseTimeText(typed, true), typed).toBe(value);
    }
  });

  it('refuses what is no time', () => {
    for (const typed of ['', 'soon', '25:00', '13pm', '0am', '6:75', '6:3', '123456']) {
      expect(parseTimeText(typed, true), typed).toBeNull();
    }
  });

  it('takes an hour without am or pm as the first of its two times at or after the one it is near', () => {
    expect(parseTimeText('3', true, '14:00')).toBe('15:00');
    expect(parseTimeText('3', true, '02:00')).toBe('03:00');
    expect(parseTimeText('11:30', true, '12:00')).toBe('23:30');
    expect(parseTimeText('12', true, '09:00')).toBe('12:00');
    expect(parseTimeText('9', true)).toBe('09:00');
    expect(parseTimeText('12', true)).toBe('12:00');
    // A 24-hour clock reads the hour as it is.
    expect(parseTimeText('3', false, '14:00')).toBe('03:00');
  });
});

describe('the times offered', () => {
  it('lists every quarter hour, and for an end the length from the start', () => {
    const day = timeChoices(true);
    expect(day).toHaveLength(96);
    expect(day[0]).toEqual({ value: '00:00', label: '12:00am' });
    expect(day[54]).toEqual({ value: '13:30', label: '1:30pm' });
    const ends = timeChoices(true, '18:00');
    expect(ends[0]).toEqual({ value: '18:00', label: '6:00pm', length: '0 mins' });
    expect(ends[4]).toEqual({ value: '19:00', label: '7:00pm', length: '1 hr' });
    expect(ends.at(-1)?.value).toBe('23:45');
    expect(timeChoices(false, '09:10')[1]).toEqual({ value: '09:25', label: '09:25', length: '15 mins' });
  });

  it('opens on the time itself or the first one after it', () => {
    const day = timeChoices(true);
    expect(nearestChoiceIndex(day, '10:00')).toBe(40);
    expect(nearestChoiceIndex(day, '10:05')).toBe(41);
    expect(nearestChoiceIndex(day, '23:50')).toBe(95);
  });
});
