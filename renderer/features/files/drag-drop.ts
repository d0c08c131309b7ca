import { useState, type DragEvent } from 'react';
import { requestMove } from './commands';
import type { DriveItem } from './drive-file';
import { canMoveInto } from './mutations';
import type { FolderCrumb } from './model/places';
import { readDropped, takeDropped } from './uploads/dropped-entries';
import { uploadAskingOnConflict } from './uploads/upload-conflicts';

/** Native drag and drop: rows drag to folders, the tree and the breadcrumbs; files from the OS drop anywhere. */
export const internalDragType = 'application/x-atrium-drive-items';

// A drop target may only read a drag's types until the drop, so the dragged items are kept here.
let dragged: DriveItem[] = [];
let dragImage: HTMLElement | null = null;

/**
 * What the pointer carries: the first item's name and, for more than one, a count badge ("2 items"),
 * as Drive shows. Without it the browser pictures the row's whole box, which in a virtual list can be
 * a wide strip of the list. It is built off screen (the browser snapshots it at drag start) and kept
 * until the drag ends.
 */
function buildDragImage(items: readonly DriveItem[]): HTMLElement {
  const image = document.createElement('div');
  image.className = 'drag-image';
  image.dataset.testid = 'drag-image';
  const name = document.createElement('span');
  name.className = 'drag-image__name';
  name.textContent = items[0]?.name || 'Untitled';
  image.append(name);
  if (items.length > 1) {
    const badge = document.createElement('span');
    badge.className = 'drag-image__count';
    badge.textContent = `${items.length} items`;
    image.append(badge);
  }
  document.body.append(image);
  return image;
}

export function startItemDrag(event: DragEvent, items: DriveItem[]): void {
  dragged = items;
  event.dataTransfer.setData(internalDragType, JSON.stringify(items.map((item) => item.id)));
  event.dataTransfer.setData('text/plain', items.map((item) => item.name ?? '').join('\n'));
  event.dataTransfer.effectAllowed = 'move';
  dragImage?.remove();
  dragImage = buildDragImage(items);
  event.dataTransfer.setDragImage(dragImage, 12, 12);
}

export function endItemDrag(): void {
  dragged = [];
  dragImage?.remove();
  dragImage = null;
}

function isInternal(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes(internalDragType) && dragged.length > 0;
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

export interface DropTarget {
  active: boolean;
  handlers: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

/**
 * Makes an element a drop target for `target`: dragged items move there, files from the OS
 * upload there (with `acceptUploads`). Inner targets win over outer ones (a folder row inside the list).
 */
export function useDropTarget(
  target: FolderCrumb | null,
  options: { acceptUploads?: boolean; acceptMoves?: boolean } = {},
): DropTarget {
  // Kept as the folder hovered, not a flag: a recycled list row that now shows another folder is not lit.
  const [activeOn, setActiveOn] = useState<string | null>(null);
  const active = target !== null && activeOn === target.id;
  const acceptMoves = options.acceptMoves ?? true;

  const accepts = (event: DragEvent): 'move' | 'copy' | null => {
    if (!target) return null;
    if (isInternal(event)) return acceptMoves && canMoveInto(dragged, target) ? 'move' : null;
    if (carriesFiles(event) && options.acceptUploads) return 'copy';
    return null;
  };

  const over = (event: DragEvent) => {
    const effect = accepts(event);
    if (!effect || !target) return;
    event.preventDefault();
    event.stopPropagation();
    event.dataTransfer.dropEffect = effect;
    if (!active) setActiveOn(target.id);
  };

  return {
    active,
    handlers: {
      onDragEnter: over,
      onDragOver: over,
      onDragLeave: (event) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node) || !event.currentTarget.contains(next)) setActiveOn(null);
      },
      onDrop: (event) => {
        const effect = accepts(event);
        setActiveOn(null);
        if (!effect || !target) return;
        event.preventDefault();
        event.stopPropagation();
        if (effect === 'move') {
          const items = dragged;
          endItemDrag();
          void requestMove(items, target);
          return;
        }
        const taken = takeDropped(event.dataTransfer);
        void readDropped(taken).then((content) => uploadAskingOnConflict(target, content));
      },
    },
  };
}
