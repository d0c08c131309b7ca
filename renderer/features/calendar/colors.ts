/**
 * Calendar and event colors. A calendar list entry's own hex colors win over its colorId (as in
 * Google's API); an event's colorId picks from the event palette, otherwise it wears its calendar's
 * color.
 */

export interface ColorPair {
  background: string;
  foreground: string;
}

export interface Palettes {
  calendar: Record<string, ColorPair>;
  event: Record<string, ColorPair>;
}

/** Used until the palettes have loaded, and for entries whose colorId is unknown. */
export const defaultCalendarColor: ColorPair = { background: '#4986e7', foreground: '#1d1d1d' };

const hex = /^#[0-9a-f]{6}$/i;

export function palettesFrom(
  colors:
    | { calendar?: Record<string, Partial<ColorPair>> | null; event?: Record<string, Partial<ColorPair>> | null }
    | undefined,
): Palettes {
  const clean = (section: Record<string, Partial<ColorPair>> | null | undefined): Record<string, ColorPair> =>
    Object.fromEntries(
      Object.entries(section ?? {}).flatMap(([id, pair]) =>
        pair.background && hex.test(pair.background)
          ? [
              [
                id,
                {
                  background: pair.background,
                  foreground:
                    pair.foreground && hex.test(pair.foreground) ? pair.foreground : readableTextOn(pair.background),
                },
              ],
            ]
          : [],
      ),
    );
  return { calendar: clean(colors?.calendar), event: clean(colors?.event) };
}

export function calendarColor(
  entry: { backgroundColor?: string | null; foregroundColor?: string | null; colorId?: string | null },
  palettes: Palettes,
): ColorPair {
  if (entry.backgroundColor && hex.test(entry.backgroundColor)) {
    return {
      background: entry.backgroundColor,
      foreground:
        entry.foregroundColor && hex.test(entry.foregroundColor)
          ? entry.foregroundColor
          : readableTextOn(entry.backgroundColor),
    };
  }
  const fromPalette = entry.colorId ? palettes.calendar[entry.colorId] : undefined;
  return fromPalette ?? defaultCalendarColor;
}

export function eventColor(colorId: string | null | undefined, calendar: ColorPair, palettes: Palettes): ColorPair {
  const fromPalette = colorId ? palettes.event[colorId] : undefined;
  return fromPalette ?? calendar;
}

/** Black or white, whichever reads better on `background` (WCAG relative luminance). */
export function readableTextOn(background: string): string {
  if (!hex.test(background)) return '#ffffff';
  const channel = (offset: number) => {
    const value = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#1d1d1d' : '#ffffff';
}

/** Google's event color names, for pickers (ids 1–11 of the event palette). */
export const eventColorNames: Record<string, string> = {
  '1': 'Lavender',
  '2': 'Sage',
  '3': 'Grape',
  '4': 'Flamingo',
  '5': 'Banana',
  '6': 'Tangerine',
  '7': 'Peacock',
  '8': 'Graphite',
  '9': 'Blueberry',
  '10': 'Basil',
  '11': 'Tomato',
};

/** Google Calendar's names for the calendar palette (ids 1–24 of CalendarColorsGet's `calendar`). */
export const calendarColorNames: Record<string, string> = {
  '1': 'Cocoa',
  '2': 'Flamingo',
  '3': 'Tomato',
  '4': 'Tangerine',
  '5': 'Pumpkin',
  '6': 'Mango',
  '7': 'Eucalyptus',
  '8': 'Basil',
  '9': 'Pistachio',
  '10': 'Avocado',
  '11': 'Citron',
  '12': 'Banana',
  '13': 'Sage',
  '14': 'Peacock',
  '15': 'Cobalt',
  '16': 'Blueberry',
  '17': 'Lavender',
  '18': 'Wisteria',
  '19': 'Graphite',
  '20': 'Birch',
  '21': 'Radicchio',
  '22': 'Cherry blossom',
  '23': 'Grape',
  '24': 'Amethyst',
};

/** Clear, distinct colors a new calendar takes in turn, skipping those the person's calendars already wear. */
const newCalendarOrder = ['16', '8', '4', '23', '14', '3', '12', '17', '7', '22', '6', '15'];

/** The calendar palette id for a new calendar: the first pleasant one not yet used (by id or by color). */
export function colorForNewCalendar(
  used: { colorId: string | null; background: string }[],
  palettes: Palettes,
): string {
  const usedBackgrounds = new Set(used.map((entry) => entry.background.toLowerCase()));
  const usedIds = new Set(used.map((entry) => entry.colorId).filter(Boolean));
  const free = newCalendarOrder.find(
    (id) => !usedIds.has(id) && !usedBackgrounds.has((palettes.calendar[id]?.background ?? '').toLowerCase()),
  );
  return free ?? newCalendarOrder[used.length % newCalendarOrder.length] ?? '16';
}
