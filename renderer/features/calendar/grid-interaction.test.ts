import { describe, expect, it } from 'vitest';
import { dragsAnchoredAtPointer } from './grid-interaction';

describe('the grid’s interaction plugin', () => {
  it('replaces FullCalendar’s event dragging (a FullCalendar upgrade that renames it fails here)', () => {
    expect(dragsAnchoredAtPointer()).toBe(true);
  });
});
