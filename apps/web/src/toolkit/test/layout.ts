/** ProseMirror measures ranges for scrolling and coordinates; jsdom has no layout, so these answer fixed boxes. */
export function stubEditorLayout() {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 10, right: 10, width: 10, height: 10, toJSON: () => ({}) } as DOMRect;
  Range.prototype.getBoundingClientRect = () => rect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  document.elementFromPoint = () => null;
  window.scrollBy = () => {};
}
