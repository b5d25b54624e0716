import exifReader from 'exif-reader';

/** What an image's EXIF block may reveal in Emblem: an allow-listed subset (camera, exposure, rights), never GPS. */

const EXIF_IMAGE_TAGS = ['Make', 'Model', 'Orientation', 'Software', 'Copyright', 'Artist'] as const;
const EXIF_PHOTO_TAGS = ['DateTimeOriginal', 'ExposureTime', 'FNumber', 'FocalLength'] as const;

function exifValue(v: unknown): string | number | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: EXIF strings are NUL-padded
    const s = v.replace(/[\u0000-\u001f]/g, '').trim();
    return s ? s.slice(0, 200) : null;
  }
  if (Array.isArray(v) && typeof v[0] === 'number') return v[0];
  return null;
}

/** The allow-listed EXIF subset; GPS and everything else is dropped. */
export function exifSubset(buffer: Buffer | undefined): Record<string, string | number> {
  if (!buffer) return {};
  let parsed: ReturnType<typeof exifReader>;
  try {
    parsed = exifReader(buffer);
  } catch {
    return {};
  }
  const out: Record<string, string | number> = {};
  for (const tag of EXIF_IMAGE_TAGS) {
    const v = exifValue(parsed.Image?.[tag]);
    if (v !== null) out[tag] = v;
  }
  for (const tag of EXIF_PHOTO_TAGS) {
    const v = exifValue(parsed.Photo?.[tag]);
    if (v !== null) out[tag] = v;
  }
  const iso = exifValue(parsed.Photo?.ISOSpeedRatings ?? parsed.Photo?.PhotographicSensitivity);
  if (iso !== null) out.ISO = iso;
  return out;
}

export function colorSpaceName(space: string | undefined): string | null {
  if (!space) return null;
  if (['srgb', 'rgb', 'rgb16', 'scrgb'].includes(space)) return 'RGB';
  if (space === 'cmyk') return 'CMYK';
  if (['b-w', 'grey16'].includes(space)) return 'GRAY';
  return space.toUpperCase();
}
