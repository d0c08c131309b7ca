/**
 * Orders a list's tasks as they are shown: each task followed by its subtasks, siblings by position.
 * `rows` must be grouped by parent and sorted by position within a group (the repository's order).
 * Tasks whose parent is missing (which the service never produces) come last rather than vanish.
 */
export function inTreeOrder<T extends { id: string; parent_id: string }>(rows: readonly T[]): T[] {
  const children = new Map<string, T[]>();
  for (const row of rows) {
    const group = children.get(row.parent_id);
    if (group) group.push(row);
    else children.set(row.parent_id, [row]);
  }
  const ordered: T[] = [];
  const visited = new Set<string>();
  // Iterative depth-first walk: deep nesting must not exhaust the call stack.
  const stack: T[] = [...(children.get('') ?? [])].reverse();
  while (stack.length > 0) {
    const row = stack.pop()!;
    if (visited.has(row.id)) continue;
    visited.add(row.id);
    ordered.push(row);
    const kids = children.get(row.id);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
  }
  if (ordered.length < rows.length) for (const row of rows) if (!visited.has(row.id)) ordered.push(row);
  return ordered;
}
