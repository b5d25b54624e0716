/** Delays, icon sizes and modal stacking of the settings toolkit. */

/** Debounces and delays of the toolkit's fields, in milliseconds. */
export const TOOLKIT_DELAYS = {
  linkTextAutosave: 800,
  multivalueInput: 1000,
  /** Frame, hotspot, logo and role changes. */
  geometryChange: 100,
  colorHexPaste: 10,
  colorPickerThrottle: 50,
  textLiveChange: 200,
  snippetAutosave: 800,
  snippetSourceAutosave: 600,
  formDebounce: 500,
  editorSave: 2000,
  placeholderHeight: 200,
  avatarPopup: 1,
  modalFocus: 200,
  deleteAnimation: 200,
  deleteAnimationDelay: 190,
  listDragAnimation: 100,
  structureDragAnimation: 60,
} as const;

/** Icon sizes in pixels. */
export const ICON_SIZES = { xs: 12, sm: 16, md: 20, lg: 24, xl: 32 } as const;
export type IconSize = keyof typeof ICON_SIZES;

/** Modal stacking: z-index base 2000 plus 2 per open modal. */
export const MODAL_Z_INDEX_BASE = 2000;
export function modalZIndex(openBefore: number): number {
  return MODAL_Z_INDEX_BASE + 2 * Math.max(0, openBefore);
}
