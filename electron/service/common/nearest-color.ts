/**
 * Google's palettes (calendar colors, Drive folder colors) accept any RGB colour from a client but
 * store the palette entry closest to it, so every area snaps colours the same way.
 */

const hexColor = /^#?([0-9a-f]{6})$/i;

function channels(color: string): readonly [number, number, number] {
  const digits = hexColor.exec(color)?.[1];
  if (digits === undefined) throw new RangeError(`not an RGB hex colour: ${color}`);
  const n = Number.parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Index of the `palette` entry nearest to `color` (squared Euclidean distance in RGB; the earlier
 * entry wins a tie). Colours are `rrggbb` hex, with or without a leading `#`, in any case.
 */
export function nearestPaletteIndex(color: string, palette: readonly string[]): number {
  if (palette.length === 0) throw new RangeError('the palette is empty');
  const [r, g, b] = channels(color);
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  palette.forEach((entry, index) => {
    const [er, eg, eb] = channels(entry);
    const distance = (r - er) ** 2 + (g - eg) ** 2 + (b - eb) ** 2;
    if (distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}
