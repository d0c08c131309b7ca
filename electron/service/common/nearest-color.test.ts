import { describe, expect, it } from 'vitest';
import { nearestPaletteIndex } from './nearest-color';

const palette = ['#000000', '#ff0000', '#00ff00', '#0000ff', '#ffffff'];

describe('nearestPaletteIndex', () => {
  it('finds an exact entry', () => {
    palette.forEach((entry, index) => expect(nearestPaletteIndex(entry, palette)).toBe(index));
  });

  it('picks the entry at the smallest RGB distance', () => {
    expect(nearestPaletteIndex('#fa0000', palette)).toBe(1);
    expect(nearestPaletteIndex('#10e020', palette)).toBe(2);
    expect(nearestPaletteIndex('#202020', palette)).toBe(0);
    expect(nearestPaletteIndex('#e0e0f0', palette)).toBe(4);
  });

  it('sums the distance over all three channels', () => {
    // By the largest single-channel difference the first entry would be nearer (100 against 110).
    expect(nearestPaletteIndex('#6e6400', ['#0a0000', '#006400'])).toBe(1);
  });

  it('accepts colours without # and in upper case', () => {
    expect(nearestPaletteIndex('FA0000', palette)).toBe(1);
    expect(nearestPaletteIndex('#00FF00', ['00ff00', '0000ff'])).toBe(0);
  });

  it('gives a tie to the earlier entry', () => {
    expect(nearestPaletteIndex('#800000', ['#700000', '#900000'])).toBe(0);
    expect(nearestPaletteIndex('#800000', ['#900000', '#700000'])).toBe(0);
  });

  it('rejects what is not a six-digit hex colour, and an empty palette', () => {
    expect(() => nearestPaletteIndex('red', palette)).toThrow(RangeError);
    expect(() => nearestPaletteIndex('#fff', palette)).toThrow(RangeError);
    expect(() => nearestPaletteIndex('#ffffff', ['#ff'])).toThrow(RangeError);
    expect(() => nearestPaletteIndex('#ffffff', [])).toThrow(RangeError);
  });
});
