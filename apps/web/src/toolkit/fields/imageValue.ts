import type { CropRatio, CropSave } from '@emblem/core';

/** How an image that is not of the shown shape is made to fit it: cropped to the box, or padded whole. */
export type ImageFit = 'crop' | 'pad';

/** The value of an image setting (shared by ImageSetting and its Cropper). */
export interface ImageValue {
  url: string | null;
  crop: CropSave | null;
  ratio: CropRatio;
  /** The image's own id (asset or upload). */
  id?: number | null;
  /** A new upload's token (the upload answer's file_id). */
  file_id?: string | null;
  payload?: unknown;
  /** The natural size when known (saves waiting for the image to load). */
  width?: number;
  height?: number;
  /** Only for settings that offer fitting (`fits`): saved as `{name}_fit`. */
  fit?: ImageFit;
}
