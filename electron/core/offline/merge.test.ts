import { describe, expect, it } from 'vitest';
import { applyPatch, diffAsPatch, mergeFields } from './merge';

const base = {
  summary: 'Review',
  location: 'Room 1',
  start: { dateTime: '2026-12-01T10:00:00Z' },
  reminders: { useDefault: true },
};

describe('three-way merge per field', () => {
  it('sends a field only I changed', () => {
    const theirs = { ...base, location: 'Room 2' };
    expect(mergeFields(base, { summary: 'Review (mine)' }, theirs)).toEqual({
      send: { summary: 'Review (mine)' },
      conflicts: [],
    });
  });

  it('sends nothing for a field both sides changed to the same value', () => {
    expect(mergeFields(base, { summary: 'Same' }, { ...base, summary: 'Same' })).toEqual({ send: {}, conflicts: [] });
  });

  it('records a conflict with base, mine and theirs when both changed a field differently, and keeps theirs', () => {
    const outcome = mergeFields(base, { summary: 'Mine', description: 'notes' }, { ...base, summary: 'Theirs' });
    expect(outcome.send).toEqual({ description: 'notes' });
    expect(outcome.conflicts).toEqual([{ field: 'summary', base: 'Review', mine: 'Mine', theirs: 'Theirs' }]);
  });

  it('compares nested fields one by one, but an event time as a whole', () => {
    const theirs = { ...base, reminders: { useDefault: true, overrides: [{ method: 'popup', minutes: 5 }] } };
    expect(mergeFields(base, { reminders: { useDefault: false } }, theirs)).toEqual({
      send: { reminders: { useDefault: false } },
      conflicts: [],
    });
    const moved = { ...base, start: { dateTime: '2026-12-01T11:00:00Z' } };
    expect(mergeFields(base, { start: { date: '2026-12-01' } }, moved).conflicts).toEqual([
      { field: 'start', base: base.start, mine: { date: '2026-12-01' }, theirs: moved.start },
    ]);
  });

  it('treats a field removed on the server and changed here as a conflict with no theirs', () => {
    const { location: _gone, ...theirs } = base;
    expect(mergeFields(base, { location: 'Room 3' }, theirs).conflicts).toEqual([
      { field: 'location', base: 'Room 1', mine: 'Room 3' },
    ]);
  });

  it('leaves a field I did not really change (mine equals base) as the server has it', () => {
    expect(mergeFields(base, { summary: 'Review' }, { ...base, summary: 'Theirs' })).toEqual({
      send: {},
      conflicts: [],
    });
  });
});

describe('patches', () => {
  it('applies a merge patch: nested objects merged, null removes, times replaced whole', () => {
    expect(applyPatch(base, { location: null, reminders: { overrides: [] }, start: { date: '2026-12-02' } })).toEqual({
      summary: 'Review',
      start: { date: '2026-12-02' },
      reminders: { useDefault: true, overrides: [] },
    });
  });

  it('turns a full replacement into the patch of what it changed, leaving server-owned fields out', () => {
    const next = { id: 'x', etag: '"2"', summary: 'Review', start: base.start, reminders: { useDefault: false } };
    expect(diffAsPatch({ ...base, id: 'x', etag: '"1"' }, next, new Set(['id', 'etag']))).toEqual({
      reminders: { useDefault: false },
      location: null,
    });
  });
});
