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
