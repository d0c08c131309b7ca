import { useCallback, useMemo, useState } from 'react';

/**
 * The order of the board's columns is the user's own arrangement, kept in this window's storage
 * (the Tasks interface has no order for lists). Lists not yet placed come after the placed ones,
 * in the service's order.
 */
const storageKey = (account: string | null) => `atrium.tasks.columnOrder.${account ?? 'default'}`;

function readOrder(account: string | null): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(account)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function arrangeColumns(saved: readonly string[], listIds: readonly string[]): string[] {
  const present = new Set(listIds);
  const placed = saved.filter((id) => present.has(id));
  const placedSet = new Set(placed);
  return [...placed, ...listIds.filter((id) => !placedSet.has(id))];
}

export function useColumnOrder(account: string | null, listIds: readonly string[]) {
  const [saved, setSaved] = useState<{ account: string | null; order: string[] }>(() => ({
    account,
    order: readOrder(account),
  }));
  const current = saved.account === account ? saved.order : readOrder(account);
  const ordered = useMemo(() => arrangeColumns(current, listIds), [current, listIds]);

  const move = useCallback(
    (listId: string, delta: -1 | 1) => {
      const order = [...ordered];
      const from = order.indexOf(listId);
      const to = from + delta;
      if (from < 0 || to < 0 || to >= order.length) return;
      [order[from], order[to]] = [order[to]!, order[from]!];
      localStorage.setItem(storageKey(account), JSON.stringify(order));
      setSaved({ account, order });
    },
    [account, ordered],
  );

  return { ordered, move };
}
