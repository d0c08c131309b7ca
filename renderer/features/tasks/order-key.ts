/**
 * A string that sorts strictly between `before` and `after` (null = open end), for placing a task
 * in the cache before the service answers with its real position. It works for any position
 * strings (the embedded service's keys, Google's digit strings), unlike a key generator that
 * assumes its own format; the service's answer replaces it.
 */
export function orderKeyBetween(before: string | null, after: string | null): string {
  const low = before ?? '';
  if (after === null) return low + 'V';
  if (low >= after) return low + 'V';
  let i = 0;
  while (i < low.length && low[i] === after[i]) i++;
  if (i < low.length) {
    // They differ at i and low[i] < after[i]: anything starting with low sorts after low and before after.
    return low + '\uffff';
  }
  // low is a prefix of after: find a string between '' and the rest of after.
  const rest = after.slice(i);
  let j = 0;
  while (j < rest.length && rest.charCodeAt(j) === 0) j++;
  if (j === rest.length) return low + rest.slice(0, -1); // no string fits; give up ordering precision
  return low + rest.slice(0, j) + String.fromCharCode(rest.charCodeAt(j) - 1) + '\uffff';
}
