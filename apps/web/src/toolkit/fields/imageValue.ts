import type { CropRatio, CropSave } from '@emblem/core';

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
}
