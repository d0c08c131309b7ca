import { z } from 'zod';

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
 * so a value nested far deeper than the stack allows is measured without overflowing; a cyclic
 * value (structured clone keeps cycles) counts as too deep.
 */
export function nestingExceeds(value: unknown, max: number = maxNestingDepth): boolean {
  if (value === null || typeof value !== 'object') return false;
  // The deepest level each object was reached at: an object shared by two parents is walked again
  // only when reached deeper, so the walk stays bounded (each object at most `max` times).
  const reached = new Map<object, number>();
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) return true;
    const before = reached.get(node);
    if (before !== undefined && before >= depth) continue;
    reached.set(node, depth);
    const children: unknown[] = Array.isArray(node) ? node : Object.values(node);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
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
