import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type CropSave, cropFromSave } from '@emblem/core';
import sharp, { type Metadata } from 'sharp';
import { type CheckedUpload, claimUpload, requireUpload } from '../../access/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { ValidationError } from '../../http/errors.js';
import type { Storage } from '../../storage/storage.js';
import { SETTING_IMAGE_EXTENSIONS } from '../files/public.js';
import * as q from './queries.js';

export interface ImageDeps {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'imageMaxPixels'>;
}

/** The longest side a setting image is stored at; crops are rendered once, at most this big. */
export const SETTING_IMAGE_MAX_SIZE = 2048;
const URL_PREFIX = '/media/image/';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** `/media/image/{token}.webp`: public, because sign-in and error pages show these images to visitors. */
export function settingImageUrl(token: string): string {
  return `${URL_PREFIX}${token}.webp`;
}

/** The token of a setting-image URL (absolute or relative), or null for anything else. */
export function settingImageToken(url: string): string | null {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(URL_PREFIX) || !path.endsWith('.webp')) return null;
  const token = path.slice(URL_PREFIX.length, -'.webp'.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

/** The fields an image setting saves (the image save of docs/api.md), read for one setting name. */
export interface ImageSave {
  url: string | null;
  crop: CropSave | null;
  /** The token of a new upload (`file_id`), or null. */
  fileId: string | null;
  /** `pad`: the crop (or the whole image) is centred on a transparent square instead of being shown as it is. */
  fit?: 'crop' | 'pad';
}

/** Reads `{name}`, `{name}_crop` and `file_id` from a body parsed with `imageSaveShape(name)`; undefined without `{name}`. */
export function readImageSave(body: Record<string, unknown>, name: string): ImageSave | undefined {
  const url = body[name];
  if (url === undefined) return undefined;
  return {
    url: typeof url === 'string' ? url : null,
    crop: (body[`${name}_crop`] as CropSave | null | undefined) ?? null,
    fileId: typeof body.file_id === 'string' ? body.file_id : null,
  };
}

/**
 * The changes a toolkit save asks of a settings object whose images are setting images (error pages, the sign-in
 * page): each plain setting of `shape` the body sends, as sent (`checkPlain` may rewrite or refuse them), then each
 * image setting of `images` it sends, resolved to the URL to store. Check permission first: a refused caller, like a
 * refused plain setting, never gets an image rendered.
 */
export async function readSettingsSave(
  deps: ImageDeps,
  actor: Actor,
  body: Record<string, unknown>,
  settings: { shape: Record<string, unknown>; images: readonly string[] },
  checkPlain?: (changes: Record<string, unknown>) => void,
): Promise<Record<string, unknown>> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(settings.shape)) {
    if (!settings.images.includes(key) && body[key] !== undefined) changes[key] = body[key];
  }
  checkPlain?.(changes);
  for (const name of settings.images) {
    const save = readImageSave(body, name);
    if (save) changes[name] = await resolveImageSave(deps, actor, save, name);
  }
  return changes;
}

/**
 * Turns an image save into the URL to store: null clears; a new upload (`file_id`) renders its crop once (EXIF
 * orientation applied, metadata stripped, at most 2048 px, WebP). The URL of an image already made is kept
 * as it is, or, with a crop, cropped again as the cropper showed it (the image itself, not the first upload).
 * Anything else is refused.
 */
export async function resolveImageSave(deps: ImageDeps, actor: Actor, save: ImageSave, field: string): Promise<string | null> {
  if (save.url === null && save.fileId === null) return null;
  if (save.fileId !== null) {
    // Only the caller's own upload: never a file of an asset, which may sit in a library they cannot see. An unused
    // upload is taken for good; one this caller already made an image of (the cropper still names it) is cropped again.
    const fresh = await requireUpload(deps.db, actor, save.fileId, 'file.use').catch((err: unknown) => {
      if (err instanceof ValidationError) return null;
      throw err;
    });
    const upload = fresh ?? (await requireUpload(deps.db, actor, save.fileId, 'image.recrop'));
    if (!(SETTING_IMAGE_EXTENSIONS as readonly string[]).includes(upload.extension)) {
      throw new ValidationError({ file_id: ['This file is not an image'] }, 'This file is not an image');
    }
    const source = fresh ? { storageKey: fresh.storageKey, upload: fresh } : { storageKey: upload.storageKey, fileId: upload.id };
    return (await storeCrop(deps, actor, source, save.crop, save.fit)).url;
  }
  const token = settingImageToken(save.url ?? '');
  const existing = token ? await q.findSettingImageByToken(deps.db, token) : null;
  if (!existing || existing.accountId !== actor.accountId) {
    throw new ValidationError({ [field]: ['Upload an image first'] }, 'Upload an image first');
  }
  // No crop, or the crop this image was made with (a setting saved again unchanged): keep it, unless it is to be
  // padded and is not square yet.
  const padded = save.fit !== 'pad' || existing.width === existing.height;
  if ((!save.crop || sameCrop(existing.crop, save.crop)) && padded) return settingImageUrl(existing.token);
  const crop = save.crop && !sameCrop(existing.crop, save.crop) ? save.crop : null;
  return (await storeCrop(deps, actor, { storageKey: existing.storageKey, fileId: existing.fileId }, crop, save.fit)).url;
}

function sameCrop(a: Record<string, number> | null, b: CropSave): boolean {
  return a !== null && (['x', 'y', 'width', 'height', 'reference_width'] as const).every((k) => a[k] === b[k]);
}

/**
 * Renders a crop of `source` (a new upload, or a setting image already made) and stores it as a new setting image
 * under a fresh 128-bit token. A new upload is taken for good in the same transaction, so it serves once.
 */
async function storeCrop(
  deps: ImageDeps,
  actor: Actor,
  source: { storageKey: string } & ({ upload: CheckedUpload } | { fileId: number | null }),
  crop: CropSave | null,
  fit: ImageSave['fit'] = 'crop',
) {
  const rendered = await renderCrop(deps, source.storageKey, crop, fit);
  const token = randomBytes(16).toString('base64url');
  const storageKey = `derived/setting-images/${token}.webp`;
  await deps.storage.put(storageKey, Readable.from([rendered.data]));
  try {
    const row = await deps.db.transaction(async (tx) => {
      const fileId = 'upload' in source ? (await claimUpload(tx, source.upload)).id : source.fileId;
      return q.insertSettingImage(tx, {
        accountId: actor.accountId,
        fileId,
        token,
        storageKey,
        width: rendered.width,
        height: rendered.height,
        crop: crop ? { ...crop } : null,
        createdBy: actor.userId,
      });
    });
    return { id: row.id, url: settingImageUrl(token), width: row.width, height: row.height };
  } catch (err) {
    await deps.storage.delete(storageKey).catch(() => {});
    throw err;
  }
}

async function renderCrop(deps: ImageDeps, storageKey: string, crop: CropSave | null, fit: ImageSave['fit'] = 'crop') {
  const local = await deps.storage.localPath(storageKey);
  try {
    const input = () => sharp(local.path, { limitInputPixels: deps.config.imageMaxPixels, density: 144 }).autoOrient();
    let meta: Metadata;
    try {
      meta = await input().metadata();
    } catch (err) {
      throw unreadable(err, deps.config.imageMaxPixels);
    }
    const swap = (meta.orientation ?? 1) >= 5;
    const natural = { width: (swap ? meta.height : meta.width) ?? 0, height: (swap ? meta.width : meta.height) ?? 0 };
    if (!natural.width || !natural.height)
      throw new ValidationError({ file_id: ['The image could not be read'] }, 'The image could not be read');
    const box = cropFromSave(crop, natural);
    const region = {
      left: Math.max(0, Math.floor(box.x)),
      top: Math.max(0, Math.floor(box.y)),
      width: Math.max(1, Math.min(natural.width - Math.floor(box.x), Math.round(box.width))),
      height: Math.max(1, Math.min(natural.height - Math.floor(box.y), Math.round(box.height))),
    };
    // Padded: the region whole on a transparent square as big as its longer side (at most the stored size).
    const side = Math.min(SETTING_IMAGE_MAX_SIZE, Math.max(region.width, region.height));
    const resize =
      fit === 'pad' && region.width !== region.height
        ? ({ width: side, height: side, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } } as const)
        : ({ width: SETTING_IMAGE_MAX_SIZE, height: SETTING_IMAGE_MAX_SIZE, fit: 'inside', withoutEnlargement: true } as const);
    try {
      const { data, info } = await input()
        .extract(region)
        .resize(resize)
        .webp({ quality: 88, alphaQuality: 95 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    } catch (err) {
      throw unreadable(err, deps.config.imageMaxPixels);
    }
  } finally {
    await local.release();
  }
}

function unreadable(err: unknown, maxPixels: number): ValidationError {
  const message = /pixel limit/i.test((err as Error)?.message ?? '')
    ? `Image has more than ${Math.round(maxPixels / 1_000_000)} megapixels`
    : 'The image could not be read';
  return new ValidationError({ file_id: [message] }, message);
}
