/** Pure rules of the files module (no database, no other module). */

/** What a setting image (avatar, key visual, page background) may be: images sharp reads. */
export const SETTING_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'tif', 'tiff', 'svg'] as const;

export function settingImageRefusal(extension: string, blocked: readonly string[]): string | null {
  if (blocked.includes(extension)) return `Files of type .${extension} are blocked in this account`;
  if (!(SETTING_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
    return `Files of type .${extension || '(none)'} cannot be used as an image here; use ${SETTING_IMAGE_EXTENSIONS.join(', ')}`;
  }
  return null;
}
