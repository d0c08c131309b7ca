import { describe, expect, it } from 'vitest';
import { currentZoneName, zoneMatch, zoneOptions } from './zone-list';

describe('the time-zone list', () => {
  const options = zoneOptions(new Date('2026-01-15T12:00:00Z'));
  const names = new Set(options.map((option) => option.name));

  it('offers current IANA names only, never the renamed ones', () => {
    for (const current of ['Asia/Kolkata', 'Asia/Ho_Chi_Minh', 'Europe/Kyiv', 'America/Nuuk', 'UTC']) {
      expect(names.has(current)).toBe(true);
    }
    for (const old of ['Asia/Calcutta', 'Asia/Saigon', 'Europe/Kiev', 'America/Godthab'])
      expect(names.has(old)).toBe(false);
    expect(options.length).toBeGreaterThan(300);
    expect(options.length).toBeLessThan(400);
  });

  it('maps stored old names to the current ones', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(currentZoneName('America/Godthab')).toBe('America/Nuuk');
    expect(currentZoneName('Asia/Saigon')).toBe('Asia/Ho_Chi_Minh');
    expect(currentZoneName('Etc/UTC')).toBe('UTC');
    expect(currentZoneName('Europe/Paris')).toBe('Europe/Paris');
  });

  it('reads offsets at the moment asked, so daylight saving is current', () => {
    const winter = zoneOptions(new Date('2026-01-15T12:00:00Z')).find((o) => o.name === 'America/New_York');
    const summer = zoneOptions(new Date('2026-07-15T12:00:00Z')).find((o) => o.name === 'America/New_York');
    expect(winter?.offsetLabel).toBe('GMT-5');
    expect(summer?.offsetLabel).toBe('GMT-4');
    expect(options.find((o) => o.name === 'Asia/Kolkata')?.offsetLabel).toBe('GMT+5:30');
    // Ordered west to east.
    const offsets = options.map((o) => o.offsetMinutes);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });

  it('finds a zone by place, country, old name or offset', () => {
    const find = (text: string) =>
      options
        .map((option) => ({ option, score: zoneMatch(option, text) }))
        .filter((entry) => entry.score > 0)
        .sort((a, b) => b.score - a.score)
        .map((entry) => entry.option.name);
    expect(find('kolk')[0]).toBe('Asia/Kolkata');
    expect(find('calcutta')).toContain('Asia/Kolkata');
    expect(find('new york')[0]).toBe('America/New_York');
    expect(find('japan')).toContain('Asia/Tokyo');
    expect(find('GMT+5:30')).toContain('Asia/Kolkata');
    expect(find('zzqx')).toEqual([]);
  });
});
