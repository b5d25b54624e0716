import type { ImageUpload } from '../toolkit/fields/ImageSetting';
import { api } from './api';

interface UploadAnswer {
  /** The upload's token: usable once, by whoever uploaded it. */
  file_id: string;
  id: string;
  generic_url: string;
  payload: unknown;
}

function naturalSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

/**
 * Uploads an image for a setting (avatar, key visual, page background) with `purpose=image`. The cropper shows
 * the local file; saving the setting sends the `file_id` and the crop, and the server renders the result.
 */
export async function uploadSettingImage(file: File): Promise<ImageUpload> {
  const form = new FormData();
  form.append('purpose', 'image');
  form.append('file', file, file.name);
  const answer = await api<UploadAnswer>('/api/upload', { method: 'POST', body: form });
  const url = URL.createObjectURL(file);
  const size = await naturalSize(url);
  return { generic_url: url, file_id: answer.file_id, id: null, payload: answer.payload, ...(size ?? {}) };
}

/**
 * The image options of an avatar (a brand's square, a person's circle): the saved image, only the square crop
 * offered, uploads through uploadSettingImage.
 */
export function avatarImageOptions(url: string | null) {
  return { value: { url, crop: null, ratio: 'square' as const }, ratios: ['square'] as const, upload: uploadSettingImage };
}
