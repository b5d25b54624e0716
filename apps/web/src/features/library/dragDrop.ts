import { type DragEvent, type RefObject, useRef } from 'react';
import { type DragPreviewRenderer, type DropItem, isTextDropItem, useDrag, useDrop } from 'react-aria-components';

/**
 * Moving assets by dragging them onto a folder (a folder tile or row, or a folder of the tree), with React Aria's
 * useDrag and useDrop. The keyboard way to do the same is "Move…" in the selection bar, so the tiles keep Enter for
 * opening: no drag button, no keyboard drag mode.
 *
 * The drag carries the ids as JSON under a type that names the project, so a drop target knows while the pointer is
 * over it whether it accepts the drag (assets of another project, say from another tab, are not moved here). Any
 * other drag (files from the desktop) passes through the targets untouched, to the library's upload drop area.
 */
export function assetDragType(projectId: number): string {
  return `application/x-emblem-assets-${projectId}`;
}

function carries(event: DragEvent, type: string): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes(type);
}

/** The ids of a drop, or [] when the drop carries none of this project's assets (or garbage). */
export async function droppedAssetIds(items: readonly DropItem[], type: string): Promise<number[]> {
  for (const item of items) {
    if (!isTextDropItem(item) || !item.types.has(type)) continue;
    try {
      const ids: unknown = JSON.parse(await item.getText(type));
      if (Array.isArray(ids) && ids.length > 0 && ids.every((id) => Number.isSafeInteger(id) && id > 0)) return ids as number[];
    } catch {
      // Not ours after all.
    }
  }
  return [];
}

/** A small badge ("3 assets") under the pointer instead of the picture of one tile, when several assets move. */
function badgePreview(label: string): DragPreviewRenderer {
  return (_items, callback) => {
    const node = document.createElement('div');
    node.className = 'drag-preview';
    node.textContent = label;
    node.style.cssText = 'position: fixed; top: 0; left: -10000px;';
    document.body.append(node);
    callback(node, 16, 16);
    // Removed once the browser has taken its picture.
    requestAnimationFrame(() => node.remove());
  };
}

/**
 * The drag source of an asset tile or row. `ids()` is read when the drag starts: the selection when the asset is
 * part of it, else the asset alone; `label(count)` names a drag of several.
 */
export function useAssetDrag({
  projectId,
  enabled,
  ids,
  label,
}: {
  projectId: number;
  enabled: boolean;
  ids: () => number[];
  label: (count: number) => string;
}) {
  const preview = useRef<DragPreviewRenderer | null>(null);
  const { dragProps, isDragging } = useDrag({
    isDisabled: !enabled,
    hasDragButton: true,
    preview,
    getAllowedDropOperations: () => ['move'],
    getItems: () => {
      const dragged = ids();
      preview.current = dragged.length > 1 ? badgePreview(label(dragged.length)) : null;
      return [{ [assetDragType(projectId)]: JSON.stringify(dragged) }];
    },
  });
  return { dragProps: enabled ? dragProps : {}, isDragging };
}

/**
 * A folder that takes dragged assets of the project: `isDropTarget` while such a drag is over it (to highlight it),
 * `onDrop(ids)` when they are dropped, `onActivate` when the drag rests on it (to open a folder of the tree).
 */
export function useAssetDrop({
  projectId,
  ref,
  enabled,
  onDrop,
  onActivate,
}: {
  projectId: number;
  ref: RefObject<HTMLElement | null>;
  enabled: boolean;
  onDrop: (ids: number[]) => void;
  onActivate?: () => void;
}) {
  const type = assetDragType(projectId);
  const { dropProps, isDropTarget } = useDrop({
    ref,
    isDisabled: !enabled,
    hasDropButton: true,
    getDropOperation: (types) => (types.has(type) ? 'move' : 'cancel'),
    onDropActivate: onActivate,
    onDrop: (event) => {
      void droppedAssetIds(event.items, type).then((ids) => {
        if (ids.length > 0) onDrop(ids);
      });
    },
  });
  if (!enabled) return { dropProps: {}, isDropTarget: false };
  // Only drags of this project's assets are handled (and stopped) here.
  const only =
    (handler: ((event: DragEvent<HTMLElement>) => void) | undefined) =>
    (event: DragEvent<HTMLElement>): void => {
      if (handler && carries(event, type)) handler(event);
    };
  return {
    dropProps: {
      onDragEnter: only(dropProps.onDragEnter),
      onDragOver: only(dropProps.onDragOver),
      onDragLeave: only(dropProps.onDragLeave),
      onDrop: only(dropProps.onDrop),
    },
    isDropTarget,
  };
}
