import { nearestPaletteIndex } from '../../common/nearest-color';

/** Google Calendar's color palettes: calendar colors 1–24 and event colors 1–11. */
export interface ColorDefinition {
  readonly background: string;
  readonly foreground: string;
}

const calendarBackgrounds = [
  '#ac725e',
  '#d06b64',
  '#f83a22',
  '#fa573c',
  '#ff7537',
  '#ffad46',
  '#42d692',
  '#16a765',
  '#7bd148',
  '#b3dc6c',
  '#fbe983',
  '#fad165',
  '#92e1c0',
  '#9fe1e7',
  '#9fc6e7',
  '#4986e7',
  '#9a9cff',
  '#b99aff',
  '#c2c2c2',
  '#cabdbf',
  '#cca6ac',
  '#f691b2',
  '#cd74e6',
  '#a47ae2',
];
const eventBackgrounds = [
  '#a4bdfc',
  '#7ae7bf',
  '#dbadff',
  '#ff887c',
  '#fbd75b',
  '#ffb878',
  '#46d6db',
  '#e1e1e1',
  '#5484ed',
  '#51b749',
  '#dc2127',
];

const palette = (backgrounds: readonly string[]): Readonly<Record<string, ColorDefinition>> =>
  Object.fromEntries(backgrounds.map((background, i) => [String(i + 1), { background, foreground: '#1d1d1d' }]));

export const calendarColors = palette(calendarBackgrounds);
export const eventColors = palette(eventBackgrounds);

/** The palette's last change; clients cache colors by it. */
export const colorsUpdated = '2012-02-14T00:00:00.000Z';

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);

/** Calendar palette entry nearest to `hex`. */
export function closestCalendarColorId(hex: string): string {
  return String(nearestPaletteIndex(hex, calendarBackgrounds) + 1);
}

/** A stable default color for a calendar newly added to someone's list. */
export function defaultCalendarColorId(calendarId: string, primary: boolean): string {
  if (primary) return '14';
  let hash = 0;
  for (const ch of calendarId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return String((hash % calendarBackgrounds.length) + 1);
}
