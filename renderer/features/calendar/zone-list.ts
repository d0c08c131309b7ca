import { rawTimeZones } from '@vvo/tzdb';

/**
 * The zones people pick from: the maintained list in `@vvo/tzdb` (current IANA names, one per
 * group of zones that keep the same time, e.g. `Asia/Kolkata`, `Europe/Kyiv`, `America/Nuuk`),
 * with offsets read from the runtime's own rules at the moment shown, so DST is always current.
 */

export interface ZoneOption {
  /** The IANA name stored and sent, e.g. `America/New_York`. */
  name: string;
  /** The place, e.g. `New York`. */
  city: string;
  /** e.g. `Eastern Time · United States`. */
  region: string;
  /** The current offset, e.g. `GMT-5`, `GMT+5:30`, `UTC`. */
  offsetLabel: string;
  /** Minutes ahead of UTC now (for ordering). */
  offsetMinutes: number;
  /** What else a search may match: other names of the zone, cities, country, abbreviation. */
  keywords: string[];
}

const utcNames = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu', 'Universal', 'Zulu']);

// The list as published (names, places, abbreviations); offsets are read from Intl when a list is drawn.
// (getTimeZones() would compute every zone's offset through Intl on load, some 40 ms.)
const zones = rawTimeZones;

/** Every name a zone has been known by (`Asia/Calcutta`), mapped to its current one (`Asia/Kolkata`). */
const currentNames: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const zone of zones) for (const alias of zone.group) if (!map.has(alias)) map.set(alias, zone.name);
  for (const zone of zones) map.set(zone.name, zone.name);
  // Links the list does not group with their zone (renamed cities).
  const renamed: Record<string, string> = {
    'Asia/Calcutta': 'Asia/Kolkata',
    'Asia/Saigon': 'Asia/Ho_Chi_Minh',
    'Asia/Katmandu': 'Asia/Kathmandu',
    'Asia/Rangoon': 'Asia/Yangon',
    'Europe/Kiev': 'Europe/Kyiv',
    'America/Godthab': 'America/Nuuk',
    'Atlantic/Faeroe': 'Atlantic/Faroe',
    'Pacific/Enderbury': 'Pacific/Kanton',
  };
  for (const [old, current] of Object.entries(renamed)) if (!map.has(old)) map.set(old, current);
  for (const name of utcNames) map.set(name, 'UTC');
  return map;
})();

/**
 * The name the picker shows for a stored zone: its current name when it is an old or linked one
 * (`Asia/Calcutta` → `Asia/Kolkata`, `US/Eastern` → `America/New_York`), else the name itself.
 */
export function currentZoneName(zone: string): string {
  return currentNames.get(zone) ?? zone;
}

/** Minutes ahead of UTC in `zone` at `at` (read from `longOffset`, e.g. `GMT+05:30`). */
function offsetMinutesOf(zone: string, at: Date): number {
  try {
    const name =
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
    const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
    if (!match) return 0;
    return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
  } catch {
    return 0;
  }
}

function offsetLabelOf(minutes: number): string {
  if (minutes === 0) return 'GMT';
  const sign = minutes < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

const cityOf = (name: string) => (name.split('/').pop() ?? name).replace(/_/g, ' ');

/** A zone the list does not hold (an unusual stored value), described from its name alone. */
function optionFor(name: string, at: Date): ZoneOption {
  const offsetMinutes = offsetMinutesOf(name, at);
  return {
    name,
    city: name === 'UTC' ? 'Coordinated Universal Time' : cityOf(name),
    region: name === 'UTC' ? '' : (name.split('/')[0]?.replace(/_/g, ' ') ?? ''),
    offsetLabel: name === 'UTC' ? 'UTC' : offsetLabelOf(offsetMinutes),
    offsetMinutes,
    keywords: name === 'UTC' ? ['UTC', 'GMT', 'Universal', 'Zulu'] : [name],
  };
}

/**
 * Every zone to pick from, ordered by offset now then by place, with UTC and any `extras` (stored
 * values, under their current names) included.
 */
export function zoneOptions(at: Date = new Date(), ...extras: string[]): ZoneOption[] {
  const options = new Map<string, ZoneOption>();
  options.set('UTC', optionFor('UTC', at));
  for (const zone of zones) options.set(zone.name, optionOfListed(zone, at));
  for (const extra of extras) {
    const name = currentZoneName(extra);
    if (name && !options.has(name)) options.set(name, optionFor(name, at));
  }
  return [...options.values()].sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city));
}

const listedByName = new Map(zones.map((zone) => [zone.name, zone]));

/** One zone as the list shows it (under its current name). */
export function describeZone(zone: string, at: Date = new Date()): ZoneOption {
  const name = currentZoneName(zone);
  const listed = listedByName.get(name);
  return listed ? optionOfListed(listed, at) : optionFor(name, at);
}

function optionOfListed(zone: (typeof zones)[number], at: Date): ZoneOption {
  const offsetMinutes = offsetMinutesOf(zone.name, at);
  return {
    name: zone.name,
    city: cityOf(zone.name),
    region: [zone.alternativeName, zone.countryName].filter(Boolean).join(' · '),
    offsetLabel: offsetLabelOf(offsetMinutes),
    offsetMinutes,
    keywords: [
      zone.name,
      zone.alternativeName,
      zone.countryName,
      zone.abbreviation,
      ...zone.mainCities,
      ...zone.group.filter((alias) => alias !== zone.name),
    ],
  };
}

/**
 * How well a zone matches what was typed (0: not at all): every word typed must appear in its
 * names; a place that starts with the text ranks first.
 */
export function zoneMatch(option: Pick<ZoneOption, 'city' | 'offsetLabel' | 'keywords'>, search: string): number {
  const words = search.toLowerCase().replace(/_/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const city = option.city.toLowerCase();
  const haystack = [option.city, option.offsetLabel, ...option.keywords].join(' ').toLowerCase().replace(/_/g, ' ');
  if (!words.every((word) => haystack.includes(word))) return 0;
  const text = words.join(' ');
  if (city.startsWith(text)) return 1;
  if (city.includes(text)) return 0.8;
  return 0.5;
}
