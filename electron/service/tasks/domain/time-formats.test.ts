import { describe, expect, it } from 'vitest';
import { dueDateOf, formatPrecise, parseInstant, parsePreciseInstant } from './time-formats';

describe('time formats', () => {
  it('parses RFC 3339 with offsets and nanoseconds', () => {
    expect(parsePreciseInstant('1970-01-01T01:00:01.000000002+01:00')).toEqual({ seconds: 1, nanos: 2 });
    expect(parseInstant('2024-05-01T10:20:30.123456Z')?.toISOString()).toBe('2024-05-01T10:20:30.123Z');
    expect(parseInstant('2024-13-01T00:00:00Z')).toBeNull();
    expect(parseInstant('2024-05-01')).toBeNull();
  });

  it('formats with 0, 3, 6 or 9 fractional digits', () => {
    expect(formatPrecise({ seconds: 0, nanos: 0 })).toBe('1970-01-01T00:00:00Z');
    expect(formatPrecise({ seconds: 0, nanos: 120_000_000 })).toBe('1970-01-01T00:00:00.120Z');
    expect(formatPrecise({ seconds: 0, nanos: 120_300_000 })).toBe('1970-01-01T00:00:00.120300Z');
    expect(formatPrecise({ seconds: 0, nanos: 1 })).toBe('1970-01-01T00:00:00.000000001Z');
  });

  it('keeps only the written date of a due value', () => {
    expect(dueDateOf('2024-05-10T23:30:00-05:00')).toBe('2024-05-10');
    expect(dueDateOf('2024-05-10')).toBe('2024-05-10');
    expect(dueDateOf('2024-02-30')).toBeNull();
    expect(dueDateOf('next week')).toBeNull();
  });
});
