/**
 * Multi-selection as file managers do it: click selects one, Ctrl/Cmd+click toggles, Shift+click
 * selects the range from the anchor; the arrow keys move the focus and, with Shift, extend the range.
 * Pure functions over the ids in display order.
 */
export interface Selection {
  selected: ReadonlySet<string>;
  /** Where a Shift range starts. */
  anchor: string | null;
  /** The item the keyboard is on. */
  focus: string | null;
}

export const emptySelection: Selection = { selected: new Set(), anchor: null, focus: null };

export interface Modifiers {
  shift?: boolean;
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  toggle?: boolean;
}

function range(ids: readonly string[], from: string | null, to: string): Set<string> {
  const end = ids.indexOf(to);
  const start = from === null ? -1 : ids.indexOf(from);
  if (start === -1) return new Set([to]);
  const [low, high] = start <= end ? [start, end] : [end, start];
  return new Set(ids.slice(low, high + 1));
}

export function clickItem(
  selection: Selection,
  ids: readonly string[],
  id: string,
  modifiers: Modifiers = {},
): Selection {
  if (modifiers.shift) {
    const anchor = selection.anchor ?? id;
    const extended = range(ids, anchor, id);
    const selected = modifiers.toggle ? new Set([...selection.selected, ...extended]) : extended;
    return { selected, anchor, focus: id };
  }
  if (modifiers.toggle) {
    const selected = new Set(selection.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { selected, anchor: id, focus: id };
  }
  return { selected: new Set([id]), anchor: id, focus: id };
}

export type FocusMove = number | 'first' | 'last';

/** Moves the keyboard focus by `move` rows (or to the ends); Shift extends the range, Ctrl only moves the focus. */
export function moveFocus(
  selection: Selection,
  ids: readonly string[],
  move: FocusMove,
  modifiers: Modifiers = {},
): Selection {
  if (ids.length === 0) return selection;
  const current = selection.focus === null ? -1 : ids.indexOf(selection.focus);
  let next: number;
  if (move === 'first') next = 0;
  else if (move === 'last') next = ids.length - 1;
  else if (current === -1) next = move > 0 ? 0 : ids.length - 1;
  else next = Math.min(ids.length - 1, Math.max(0, current + move));
  const id = ids[next]!;
  if (modifiers.shift) {
    const anchor = selection.anchor ?? selection.focus ?? id;
    return { selected: range(ids, anchor, id), anchor, focus: id };
  }
  if (modifiers.toggle) return { ...selection, focus: id };
  return { selected: new Set([id]), anchor: id, focus: id };
}

/** Space: toggles the focused item (with Ctrl) or selects just it. */
export function toggleFocused(selection: Selection): Selection {
  if (selection.focus === null) return selection;
  const selected = new Set(selection.selected);
  if (selected.has(selection.focus)) selected.delete(selection.focus);
  else selected.add(selection.focus);
  return { ...selection, selected, anchor: selection.focus };
}

export function selectAll(ids: readonly string[], selection: Selection): Selection {
  return { selected: new Set(ids), anchor: ids[0] ?? null, focus: selection.focus ?? ids[0] ?? null };
}

/** Nothing selected, anchored or focused. */
export function isEmptySelection(selection: Selection): boolean {
  return selection.selected.size === 0 && selection.anchor === null && selection.focus === null;
}

/**
 * Drops ids that are no longer listed (moved away, trashed, deleted). When the keyboard's item left
 * and `previous` (the ids listed before) is known, the focus goes where file managers put it: to the
 * item that now stands in its place (the next one still listed, else the one before). If nothing
 * selected is left, that item is selected too, so Delete pressed again goes on down the list.
 */
export function keepListed(selection: Selection, ids: readonly string[], previous?: readonly string[]): Selection {
  const listed = new Set(ids);
  const selected = [...selection.selected].filter((id) => listed.has(id));
  if (selected.length === selection.selected.size && (selection.focus === null || listed.has(selection.focus)))
    return selection;
  const kept: Selection = {
    selected: new Set(selected),
    anchor: selection.anchor !== null && listed.has(selection.anchor) ? selection.anchor : null,
    focus: selection.focus !== null && listed.has(selection.focus) ? selection.focus : null,
  };
  if (selection.focus === null || kept.focus !== null || !previous) return kept;
  const at = previous.indexOf(selection.focus);
  if (at < 0) return kept;
  const next =
    previous.slice(at + 1).find((id) => listed.has(id)) ?? previous.slice(0, at).findLast((id) => listed.has(id));
  if (next === undefined) return kept;
  if (kept.selected.size > 0) return { ...kept, focus: next };
  return { selected: new Set([next]), anchor: next, focus: next };
}
