import { generateKeyBetween } from 'fractional-indexing';

/**
 * Sibling order keys. A key sorts (byte-wise) between its neighbours, so inserting or moving a task
 * writes that task's key only: no sibling is ever renumbered. Keys use base-62 digits; appending or
 * prepending grows them logarithmically, splitting a gap grows them by about one character per split.
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after) {
    throw new Error(`Sibling positions out of order: ${before} >= ${after}`);
  }
  return generateKeyBetween(before, after);
}
