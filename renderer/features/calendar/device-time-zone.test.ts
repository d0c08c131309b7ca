import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceTimeZone } from './time-zone';

describe('deviceTimeZone', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("reads the device's zone once a second, and again at once when the clock's offset changes", () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 27, 12), toFake: ['Date'] });
    let zone = 'Europe/Berlin';
    let offset = -60;
    const made = vi
      .spyOn(Intl, 'DateTimeFormat')
      .mockImplementation(() => ({ resolvedOptions: () => ({ timeZone: zone }) }) as Intl.DateTimeFormat);
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(() => offset);
    vi.advanceTimersByTime(5000);

    expect(deviceTimeZone()).toBe('Europe/Berlin');
    const reads = made.mock.calls.length;
    zone = 'Europe/Paris';
    expect(deviceTimeZone()).toBe('Europe/Berlin');
    expect(made.mock.calls.length).toBe(reads);

    vi.advanceTimersByTime(1000);
    expect(deviceTimeZone()).toBe('Europe/Paris');

    zone = 'America/New_York';
    offset = 300;
    expect(deviceTimeZone()).toBe('America/New_York');
    zone = '';
    offset = 0;
    expect(deviceTimeZone()).toBe('UTC');
  });
});
