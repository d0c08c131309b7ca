/**
 * Where the keyboard goes when the focused card leaves its place (completed, deleted): to the card
 * that takes its place, as in Todoist, not to the page. The card is looked up again once the board
 * has redrawn without it.
 */

const cardSelector = (taskId: string) => `[data-testid="task-card"][data-task-id="${CSS.escape(taskId)}"]`;

function columnOf(listId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-drop-column][data-list-id="${CSS.escape(listId)}"]`);
}

/** The open cards of a column, top to bottom (as drawn: the rows are placed, not in DOM order). */
export function openCards(column: Element): HTMLElement[] {
  const cards = [...column.querySelectorAll<HTMLElement>('[data-drop-row] [data-testid="task-card"]')];
  return cards.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
}

/**
 * The card after `taskId`'s (else the one before; `''` when none is left) that should take the focus
 * once it is gone, skipping `skip` (its subtasks, going with it). Undefined when the keyboard is not on
 * the card (or a control in it), unless `fromMenu` (its menu had the focus, and gives it back to the card).
 */
export function successorOf(
  listId: string,
  taskId: string,
  skip: ReadonlySet<string> = new Set(),
  fromMenu = false,
): string | undefined {
  const column = columnOf(listId);
  const card = column?.querySelector<HTMLElement>(`[data-drop-row] ${cardSelector(taskId)}`);
  if (!column || !card || (!fromMenu && !card.contains(document.activeElement))) return undefined;
  const cards = openCards(column);
  const at = cards.indexOf(card);
  const left = (entry: HTMLElement) => entry.dataset.taskId !== taskId && !skip.has(entry.dataset.taskId ?? '');
  const next = cards.slice(at + 1).find(left) ?? cards.slice(0, Math.max(at, 0)).reverse().find(left);
  return next?.dataset.taskId ?? '';
}

/**
 * Once `leaving`'s card is gone, focuses `taskId`'s card; with no card to go to (`''`), the column's
 * "Add a task" field. Only while the focus is still on the leaving card (or its menu, `from`) or lost
 * to the page: a focus the person moved meanwhile stays.
 */
export function focusCardSoon(
  listId: string,
  leaving: string,
  taskId: string,
  from: Element | null = document.activeElement,
): void {
  let frames = 0;
  const step = () => {
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected;
    if (!lost) {
      const waiting = active === from || active.closest(cardSelector(leaving)) !== null;
      if (waiting && ++frames < 30) requestAnimationFrame(step);
      return;
    }
    const column = columnOf(listId);
    const target = taskId
      ? column?.querySelector<HTMLElement>(`[data-drop-row] ${cardSelector(taskId)}`)
      : column?.querySelector<HTMLElement>('[data-testid="task-new-title"]');
    if (target) {
      target.focus();
      target.scrollIntoView({ block: 'nearest' });
    } else if (++frames < 30) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
