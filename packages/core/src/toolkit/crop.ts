export const CROP_REFERENCE_WIDTH = 800;
export const CROP_RATIOS = ['original', '16:9', '4:3', 'square', 'free'] as const;
export type CropRatio = (typeof CROP_RATIOS)[number];

export interface Size {
  width: number;
  height: number;
}

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The crop value saved with an image: the box in reference-width pixels, or null for the whole image. */
export interface CropSave extends CropBox {
  reference_width: number;
}

/** width / height of a ratio; null for free cropping. */
export function cropAspect(ratio: CropRatio, natural: Size): number | null {
  switch (ratio) {
    case 'original':
      return natural.height > 0 ? natural.width / natural.height : null;
    case '16:9':
      return 16 / 9;
    case '4:3':
      return 4 / 3;
    case 'square':
      return 1;
    default:
      return null;
  }
}

/** Crop values are clamped to the natural image size and floored at 0. */
export function clampCrop(crop: CropBox, natural: Size): CropBox {
  const nw = Math.max(0, natural.width);
  const nh = Math.max(0, natural.height);
  const x = Math.min(Math.max(0, crop.x), nw);
  const y = Math.min(Math.max(0, crop.y), nh);
  const width = Math.min(Math.max(0, crop.width), nw - x);
  const height = Math.min(Math.max(0, crop.height), nh - y);
  return { x, y, width, height };
}

/** The largest centred box of the ratio (the automatic crop covers as much of the image as the ratio allows); the whole image for free and original. */
export function initialCrop(ratio: CropRatio, natural: Size): CropBox {
  const aspect = cropAspect(ratio, natural);
  if (aspect === null || ratio === 'original') return { x: 0, y: 0, width: natural.width, height: natural.height };
  let width = natural.width;
  let height = width / aspect;
  if (height > natural.height) {
    height = natural.height;
    width = height * aspect;
  }
  return clampCrop({ x: (natural.width - width) / 2, y: (natural.height - height) / 2, width, height }, natural);
}

/** Applies a ratio to an edited box: the height follows the width, then everything is clamped. */
export function constrainCrop(crop: CropBox, ratio: CropRatio, natural: Size): CropBox {
  const aspect = cropAspect(ratio, natural);
  let next = clampCrop(crop, natural);
  if (aspect !== null) {
    let { width } = next;
    let height = width / aspect;
    const maxHeight = natural.height - next.y;
    if (height > maxHeight) {
      height = maxHeight;
      width = height * aspect;
    }
    next = clampCrop({ ...next, width, height }, natural);
  }
  return next;
}

/**
 * The saved crop: null when the whole image is selected, otherwise the box scaled to the reference width
 * 800 and rounded, with reference_width.
 */
export function cropToSave(crop: CropBox, natural: Size, referenceWidth = CROP_REFERENCE_WIDTH): CropSave | null {
  const box = clampCrop(crop, natural);
  const whole =
    Math.round(box.x) === 0 &&
    Math.round(box.y) === 0 &&
    Math.round(box.width) >= natural.width &&
    Math.round(box.height) >= natural.height;
  if (whole || natural.width <= 0) return null;
  const scale = referenceWidth / natural.width;
  return {
    x: Math.round(box.x * scale),
    y: Math.round(box.y * scale),
    width: Math.round(box.width * scale),
    height: Math.round(box.height * scale),
    reference_width: referenceWidth,
  };
}

/** A saved crop back in natural pixels (clamped); the whole image for null. */
export function cropFromSave(saved: CropSave | null | undefined, natural: Size): CropBox {
  if (!saved || !(saved.reference_width > 0)) return { x: 0, y: 0, width: natural.width, height: natural.height };
  const scale = natural.width / saved.reference_width;
  return clampCrop({ x: saved.x * scale, y: saved.y * scale, width: saved.width * scale, height: saved.height * scale }, natural);
}
