/** Clamps into min … max (either optional); a value that is not a number becomes min, or 0. */
export function clampNumber(value: number | string | null | undefined, min?: number | null, max?: number | null): number {
  let n = typeof value === 'number' ? value : value === null || value === undefined || value === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n)) n = min ?? 0;
  if (min !== null && min !== undefined && n < min) n = min;
  if (max !== null && max !== undefined && n > max) n = max;
  return n;
}

/** A number from a field where an empty value counts as 0 (hotspot and frame). */
export function emptyAsZero(value: number | string | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value);
  return Number.isFinite(n) ? n : 0;
}

export interface FrameValue {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Frame: top, right, bottom, left, each defaulting to 0 (empty counts as 0). */
export function frameValue(input: Partial<Record<keyof FrameValue, number | string | null>> | null | undefined): FrameValue {
  return {
    top: emptyAsZero(input?.top),
    right: emptyAsZero(input?.right),
    bottom: emptyAsZero(input?.bottom),
    left: emptyAsZero(input?.left),
  };
}

export interface HotspotValue {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Hotspot: x, y, width and height as rounded integers; empty counts as 0. */
export function hotspotValue(input: Partial<Record<keyof HotspotValue, number | string | null>> | null | undefined): HotspotValue {
  return {
    x: Math.round(emptyAsZero(input?.x)),
    y: Math.round(emptyAsZero(input?.y)),
    width: Math.round(emptyAsZero(input?.width)),
    height: Math.round(emptyAsZero(input?.height)),
  };
}

/**
 * A locked aspect ratio recomputes the other dimension. `ratio` is width / height. Returns the pair with
 * the changed side as given and the other side rounded.
 */
export function lockAspect(changed: 'width' | 'height', value: number, ratio: number): { width: number; height: number } {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return changed === 'width' ? { width: value, height: 0 } : { width: 0, height: value };
  return changed === 'width' ? { width: value, height: Math.round(value / ratio) } : { width: Math.round(value * ratio), height: value };
}

export type LogoDimension = number | 'auto';
export interface LogoValue {
  x: number;
  y: number;
  width: LogoDimension;
  height: LogoDimension;
}

/** Logo: like a hotspot, but width and height may be `auto`. */
export function logoValue(input: Partial<Record<keyof LogoValue, number | string | null>> | null | undefined): LogoValue {
  const dimension = (v: number | string | null | undefined): LogoDimension =>
    typeof v === 'string' && v.trim().toLowerCase() === 'auto' ? 'auto' : Math.round(emptyAsZero(v));
  return {
    x: Math.round(emptyAsZero(input?.x)),
    y: Math.round(emptyAsZero(input?.y)),
    width: dimension(input?.width),
    height: dimension(input?.height),
  };
}

/**
 * A logo edit with a locked aspect ratio: the other dimension is recomputed unless it is `auto` (then the
 * browser keeps the ratio itself).
 */
export function lockLogoAspect(value: LogoValue, changed: 'width' | 'height', ratio: number): LogoValue {
  const own = value[changed];
  const otherKey = changed === 'width' ? 'height' : 'width';
  if (own === 'auto' || value[otherKey] === 'auto') return value;
  const locked = lockAspect(changed, own, ratio);
  return { ...value, width: locked.width, height: locked.height };
}

// ---------------------------------------------------------------------------------------------------------
// Checkbox group

/**
 * Which boxes are disabled: at or below `min` checked, the checked ones (so no more can be unticked); at
 * `max`, the unchecked ones (so no more can be ticked).
 */
export function checkboxGroupDisabled<T>(
  all: readonly T[],
  checked: readonly T[],
  limits: { min?: number | null; max?: number | null },
): T[] {
  const count = checked.length;
  const isChecked = (id: T) => checked.includes(id);
  const disabled: T[] = [];
  const { min, max } = limits;
  for (const id of all) {
    if (isChecked(id) && min !== null && min !== undefined && min > 0 && count <= min) disabled.push(id);
    else if (!isChecked(id) && max !== null && max !== undefined && count >= max) disabled.push(id);
  }
  return disabled;
}

/** A radio value of the text "null" becomes null. */
export function radioValue(value: string | null | undefined): string | null {
  return value === 'null' || value === undefined ? null : value;
}
