import { describe, expect, it } from 'vitest';
import { readTaskInput } from './task-quick-add';

// Sunday, November 29 2026, 10:00 local time.
const now = new Date(2026, 10, 29, 10, 0);

describe('reading a due date from a new task', () => {
  it('takes the day out of the title', () => {
    expect(readTaskInput('Pay rent tomorrow', now)).toEqual({
      title: 'Pay rent',
      due: '2026-11-30',
      phrase: 'tomorrow',
    });
    expect(readTaskInput('Call mom on Friday', now)).toMatchObject({ title: 'Call mom', due: '2026-12-04' });
    expect(readTaskInput('Renew passport by March 3', now)).toMatchObject({
      title: 'Renew passport',
      due: '2027-03-03',
    });
    expect(readTaskInput('Submit report due next Monday!', now)).toMatchObject({
      title: 'Submit report!',
      due: '2026-11-30',
    });
  });

  it('keeps the day and drops the time of day, which tasks do not store', () => {
    expect(readTaskInput('Buy milk tomorrow 5pm', now)).toEqual({
      title: 'Buy milk',
      due: '2026-11-30',
      phrase: 'tomorrow 5pm',
    });
  });

  it('sets nothing for a time alone, for text with no date, or when the date is all there is', () => {
    expect(readTaskInput('Call Bob at 3', now)).toEqual({ title: 'Call Bob at 3', due: null, phrase: null });
    expect(readTaskInput('  Read chapter 5  ', now)).toEqual({ title: 'Read chapter 5', due: null, phrase: null });
    expect(readTaskInput('Tomorrow', now)).toEqual({ title: 'Tomorrow', due: null, phrase: null });
  });
});
