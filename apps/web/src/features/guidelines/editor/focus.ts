/**
 * Focus moves to an element once it is rendered (after a move, an addition or a deletion the list re-renders):
 * tried on the next frames for about a second.
 */
export function focusWhenReady(selector: string, tries = 60) {
  const attempt = (left: number) => {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) {
      element.focus();
      return;
    }
    if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  requestAnimationFrame(() => attempt(tries));
}

/** The handle of a block (its first toolbar button), which takes the focus after the block moved or was added. */
export const blockHandle = (blockId: number) => `#block-${blockId} [data-block-handle]`;
export const sectionHandle = (sectionId: number) => `#section-${sectionId} [data-section-handle]`;
