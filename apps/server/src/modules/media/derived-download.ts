import { type DownloadFit, downloadSizeFit, MAX_DOWNLOAD_DIMENSION, MEDIA_FORMATS, type MediaFormat } from '@emblem/core';
import sharp from 'sharp';
import { ValidationError } from '../../http/errors.js';
import type { Storage } from '../../storage/storage.js';
import type { Variant } from './transform.js';
import type { VariantParams } from './variant-params.js';

/**
 * Derived downloads: an image in one of the project's custom sizes, in an ad-hoc size, or in another format.
 * They are image variants (transform.ts renders and caches them); this file turns a request into the variant's
 * parameters and names the result after what it is: `{title-slug}_{width}x{height}.{extension}`.
 */

export interface Conversion {
  width?: number;
  height?: number;
  fit: DownloadFit;
  format: MediaFormat;
  /** The custom size's name, when one was asked for. */
  sizeName?: string;
}

export const EXTENSION_OF_FORMAT: Record<MediaFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** A media format from a stored format or file extension (`jpg` is `jpeg`); null when it is none. */
export function formatOf(name: string | undefined | null): MediaFormat | null {
  const f = (name ?? '').toLowerCase().replace(/^jpg$/, 'jpeg');
  return (MEDIA_FORMATS as readonly string[]).includes(f) ? (f as MediaFormat) : null;
}

/** One of the project's custom sizes as a conversion; a size without a stored format keeps the image's own. */
export function presetConversion(
  size: { name: string; width: number | null; height: number | null; format: string; fit?: string },
  fallbackFormat: MediaFormat,
): Conversion {
  return {
    width: size.width ?? undefined,
    height: size.height ?? undefined,
    fit: downloadSizeFit(size),
    format: formatOf(size.format) ?? fallbackFormat,
    sizeName: size.name,
  };
}

/**
 * An ad-hoc size: each side at most what this server's transforms render (the shared schema already caps it
 * at MAX_DOWNLOAD_DIMENSION); more is refused with 400 rather than quietly made smaller.
 */
export function checkAdHocSize(query: { width?: number; height?: number }, maxSize: number) {
  const limit = Math.min(maxSize, MAX_DOWNLOAD_DIMENSION);
  const errors: Record<string, string[]> = {};
  for (const side of ['width', 'height'] as const) {
    const value = query[side];
    if (value !== undefined && value > limit) errors[side] = [`Must be at most ${limit} pixels`];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors, `A download is at most ${limit} pixels wide and high`);
}

/**
 * The variant a conversion asks for. A box with both sides is scaled down as a whole when it exceeds what a
 * transform renders (a custom size saved before the limit was lowered), so its shape is kept. Images have no
 * focal point of their own yet: crops keep the centre.
 */
export function conversionParams(conversion: Conversion, maxSize: number): VariantParams {
  let { width, height } = conversion;
  if (width && height) {
    const k = Math.min(1, maxSize / width, maxSize / height);
    width = Math.max(1, Math.round(width * k));
    height = Math.max(1, Math.round(height * k));
  }
  const both = Boolean(width && height);
  return {
    width,
    height,
    focus: [0.5, 0.5],
    fit: both && conversion.fit === 'crop' ? 'FILL' : 'FIT',
    ...(both && conversion.fit === 'pad' ? { pad: true } : {}),
    format: conversion.format,
    transformations: [],
  };
}

/** `Beach Sunset Hero.jpg` → `beach-sunset-hero`: lower-case ASCII letters and digits joined by dashes. */
export function slugify(title: string, extension = ''): string {
  let base = title.trim();
  if (extension && base.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) base = base.slice(0, -extension.length - 1);
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return slug || 'asset';
}

/** The file name of a derived download: what it is, from the real size of the file. */
export function derivedFileName(title: string, originalExtension: string, size: { width: number; height: number }, format: MediaFormat) {
  return `${slugify(title, originalExtension)}_${size.width}x${size.height}.${EXTENSION_OF_FORMAT[format]}`;
}

/** The pixel size of a rendered variant, read from its header (a cached one from its file). */
export async function variantSize(storage: Storage, variant: Variant): Promise<{ width: number; height: number }> {
  if (Buffer.isBuffer(variant.body)) return sizeOf(await sharp(variant.body).metadata());
  const local = await storage.localPath(variant.key);
  try {
    return sizeOf(await sharp(local.path).metadata());
  } finally {
    await local.release();
  }
}

function sizeOf(meta: { width?: number; height?: number }) {
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
