import { badRequest } from '../../http/api-error';
import { positionBetween } from './positions';
import type { TasksRepository, TaskRow } from './repository';

export interface Placement {
  /** '' = top level. */
  parentId: string;
  /** Positions of the neighbours the task goes between (null = no neighbour on that side). */
  before: string | null;
  after: string | null;
}

/**
 * Where `parent` / `previous` put a task in `listId`: under `parent` (top level when omitted),
 * right after its sibling `previous` (first when omitted). `movingId` is the task being moved, or
 * null for a new task. Refuses (400) a parent or previous that is not a live task of the list,
 * a previous that is not a child of that parent, and a parent inside the moving task's own subtree.
 */
export function placementFor(
  repo: TasksRepository,
  listId: string,
  movingId: string | null,
  parent: string | undefined,
  previous: string | undefined,
): Placement {
  const parentId = parent ?? '';
  if (parentId !== '') {
    const parentRow = liveTask(repo, listId, parentId, 'parent');
    if (movingId !== null && isSelfOrDescendant(repo, parentRow, movingId)) {
      throw badRequest('invalid', 'A task cannot be moved under itself or one of its own subtasks.', 'parent');
    }
  }
  let before: string | null = null;
  if (previous !== undefined) {
    if (previous === movingId) throw badRequest('invalid', 'A task cannot be placed after itself.', 'previous');
    const previousRow = liveTask(repo, listId, previous, 'previous');
    if (previousRow.parent_id !== parentId) {
      throw badRequest(
        'invalid',
        parentId === ''
          ? 'The previous task must be a top-level task when no parent is given.'
          : 'The previous task must be a subtask of the given parent.',
        'previous',
      );
    }
    before = previousRow.position;
  }
  const after = repo.nextSiblingPosition(listId, parentId, before, movingId ?? '');
  return { parentId, before, after };
}

export function positionFor(placement: Placement): string {
  return positionBetween(placement.before, placement.after);
}

/** True when `task` already sits where `placement` would put it, so a move changes nothing. */
export function alreadyPlaced(task: TaskRow, placement: Placement): boolean {
  return (
    task.parent_id === placement.parentId &&
    (placement.before === null || task.position > placement.before) &&
    (placement.after === null || task.position < placement.after)
  );
}

function liveTask(repo: TasksRepository, listId: string, id: string, param: 'parent' | 'previous'): TaskRow {
  const row = repo.taskById(listId, id);
  if (!row || row.deleted) throw badRequest('invalid', `The ${param} task ${id} is not a task of this list.`, param);
  return row;
}

function isSelfOrDescendant(repo: TasksRepository, candidate: TaskRow, ancestorId: string): boolean {
  let current: string | undefined = candidate.id;
  // Bounded walk up the ancestors: stored data is acyclic, the bound only guards against corruption.
  for (let steps = 0; current !== undefined && current !== '' && steps < 100_000; steps++) {
    if (current === ancestorId) return true;
    current = repo.parentOf(current);
  }
  return false;
}
