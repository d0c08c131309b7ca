import { z } from 'zod';
import { unwrapLazy } from './lazy';

/**
 * Bounds on what the service accepts, and the nesting limit every parser checks before anything
 * recursive (zod, the query compiler, serialisers) sees a value. docs/limits.md lists each bound
 * and whether Google documents it.
 */

/**
 * Deepest nesting of objects and arrays accepted in a JSON body or an IPC input. The deepest
 * real body (an event's `extendedProperties.private.key`, a Drive file's
 * `contentHints.thumbnail.image`) nests four levels; recursion over 64 levels is harmless.
 */
export const maxNestingDepth = 64;

/**
 * Whether `value` nests objects/arrays deeper than `max` (the root object is level 1). Iterative,
 * so a value nested far deeper than the stack allows is measured without overflowing; a cycle
 * (a structured clone keeps them) counts as too deep.
 *
 * The value is walked as a tree, which is what JSON.parse and almost every caller give. Only when
 * the walk visits far more places than a tree of that size could hold (objects shared by many
 * parents) is it walked again remembering the deepest level each object was reached at, which
 * bounds the walk at `max` visits per object.
 */
export function nestingExceeds(value: unknown, max: number = maxNestingDepth): boolean {
  if (value === null || typeof value !== 'object') return false;
  const asTree = walk(value, max, null, treeWalkBudget);
  if (asTree !== 'budget spent') return asTree;
  return walk(value, max, new Map(), Infinity) === true;
}

/** Places a tree walk may visit before the value is taken for a graph of shared objects. */
const treeWalkBudget = 1_000_000;

function walk(
  root: object,
  max: number,
  reached: Map<object, number> | null,
  budget: number,
): boolean | 'budget spent' {
  const nodes: object[] = [root];
  const depths: number[] = [1];
  let visits = 0;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > max) return true;
    if (++visits > budget) return 'budget spent';
    if (reached) {
      const before = reached.get(node);
      if (before !== undefined && before >= depth) continue;
      reached.set(node, depth);
    }
    if (Array.isArray(node)) {
      for (const child of node) {
        if (child !== null && typeof child === 'object') {
          nodes.push(child as object);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        const child = (node as Record<string, unknown>)[key];
        if (child !== null && typeof child === 'object') {
          nodes.push(child);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/**
 * Whether a JSON text nests objects/arrays deeper than `max`, read from the text before it is
 * parsed: one pass over the characters, skipping strings. About ten times faster than walking the
 * parsed value; a text that is not JSON may be misjudged, and is refused by the parser anyway.
 */
export function jsonTextNestingExceeds(text: string, max: number = maxNestingDepth): boolean {
  if (openingBracketsAtMost(text, max)) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: its end is the next quote not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        i = end;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * Whether the text holds at most `max` opening brackets, counted anywhere (strings included): nesting
 * deeper than `max` needs more, so most texts are cleared by a few searches for the two characters
 * rather than a pass over every one.
 */
function openingBracketsAtMost(text: string, max: number): boolean {
  let count = 0;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) if (++count > max) return false;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (++count > max) return false;
  return true;
}

/** A string of at most `max` UTF-16 code units, with a message naming the bound. */
export const boundedString = (max: number) => z.string().max(max, `Must be at most ${max} characters long`);

/** Length of `text` once encoded as UTF-8 (a lone surrogate is written as U+FFFD, three bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A string of at most `max` bytes once encoded as UTF-8 (Google counts Drive's bounds in bytes). */
export const boundedBytes = (max: number) =>
  // Each UTF-16 unit takes one to three bytes, so most strings are judged by their length alone.
  z
    .string()
    .refine(
      (text) => text.length * 3 <= max || (text.length <= max && utf8Length(text) <= max),
      `Must be at most ${max} bytes long`,
    );

/**
 * The bound of any string field without one of its own (ids, emails, links, labels, tokens...).
 * Generous for every such field Google answers, small enough that nothing unbounded is stored.
 */
export const maxTextLength = 8192;

/** The bound of any array without one of its own: above the largest page (2,500 events). */
export const maxListItems = 10_000;

/** A string field bounded by `maxTextLength` unless given its own bound. */
export const text = (max: number = maxTextLength) => boundedString(max);

/** An array field bounded by `maxListItems` unless given its own bound. */
export const list = <T extends z.ZodType>(item: T, max: number = maxListItems) =>
  z.array(unwrapLazy(item)).max(max, `Must hold at most ${max} items`);

export interface MapBounds {
  /** Most entries. */
  readonly maxEntries: number;
  /** Longest key, in characters. */
  readonly maxKeyLength?: number;
  /** Longest value, in characters. */
  readonly maxValueLength?: number;
  /** Most UTF-8 bytes of one key and its value together (Drive's properties). */
  readonly maxEntryBytes?: number;
  /** Most characters of all keys and values together. */
  readonly maxTotalLength?: number;
}

/**
 * Problems of a string map against its bounds, as messages; values that are not strings (a patch's
 * `null`, which removes the key) count for neither size nor length.
 */
export function mapProblems(map: Readonly<Record<string, unknown>>, bounds: MapBounds): string[] {
  const problems: string[] = [];
  const keys = Object.keys(map);
  if (keys.length > bounds.maxEntries) problems.push(`Must hold at most ${bounds.maxEntries} properties`);
  let total = 0;
  for (const key of keys) {
    const value = map[key];
    const valueText = typeof value === 'string' ? value : '';
    total += key.length + valueText.length;
    if (bounds.maxKeyLength !== undefined && key.length > bounds.maxKeyLength) {
      problems.push(`Property key "${key.slice(0, 60)}" is longer than ${bounds.maxKeyLength} characters`);
    }
    if (bounds.maxValueLength !== undefined && valueText.length > bounds.maxValueLength) {
      problems.push(`The value of property "${key.slice(0, 60)}" is longer than ${bounds.maxValueLength} characters`);
    }
    if (bounds.maxEntryBytes !== undefined && utf8Length(key) + utf8Length(valueText) > bounds.maxEntryBytes) {
      problems.push(`Property "${key.slice(0, 60)}" and its value take more than ${bounds.maxEntryBytes} bytes`);
    }
    if (problems.length > 0) break;
  }
  if (problems.length === 0 && bounds.maxTotalLength !== undefined && total > bounds.maxTotalLength) {
    problems.push(`Properties take more than ${bounds.maxTotalLength} characters in all`);
  }
  return problems;
}

/** A string-to-string map (nullable values where given) with bounds on its entries. */
export function boundedMap<V extends z.ZodType>(value: V, bounds: MapBounds) {
  return z.record(z.string(), unwrapLazy(value)).superRefine((map, ctx) => {
    for (const message of mapProblems(map as Record<string, unknown>, bounds))
      ctx.addIssue({ code: 'custom', message });
  });
}
