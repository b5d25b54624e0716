import { describe, expect, it } from 'vitest';
import { MEDIA_FORMATS } from '../media/schemas.js';
import { updateProjectBodySchema } from '../projects/schemas.js';
import {
  blockedExtensionsSchema,
  DOWNLOAD_SIZE_FORMATS,
  downloadSizesSchema,
  listAdd,
  listRemove,
  listReorder,
  listReplace,
  MAX_BLOCKED_EXTENSIONS,
  normaliseExtension,
} from './index.js';
import { addDownloadSizeBodySchema, replaceDownloadSizeBodySchema, updateAccountBodySchema } from './schemas.js';

const self = (s: string) => s;

describe('blocked extensions', () => {
  it('normalises: trimmed, lower-case, without a leading * and dots', () => {
    expect(normaliseExtension(' .PSD ')).toBe('psd');
    expect(normaliseExtension('*.Exe')).toBe('exe');
    expect(normaliseExtension('..tar')).toBe('tar');
    expect(normaliseExtension('mp4')).toBe('mp4');
  });

  it('de-duplicates after normalising and keeps the first order', () => {
    expect(blockedExtensionsSchema.parse(['EXE', '.bat', 'exe', '*.BAT', 'psd'])).toEqual(['exe', 'bat', 'psd']);
  });

  it('refuses anything but 1 to 16 letters or digits', () => {
    for (const bad of ['', '.', 'tar.gz', 'ex e', 'ä', 'a'.repeat(17), 'php;']) {
      const result = blockedExtensionsSchema.safeParse([bad]);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([0]);
    }
    expect(blockedExtensionsSchema.safeParse(['a'.repeat(16)]).success).toBe(true);
  });

  it('allows at most the maximum of distinct extensions', () => {
    const many = Array.from({ length: MAX_BLOCKED_EXTENSIONS + 1 }, (_, i) => `x${i}`);
    expect(blockedExtensionsSchema.safeParse(many.slice(0, -1)).success).toBe(true);
    expect(blockedExtensionsSchema.safeParse(many).success).toBe(false);
  });
});

describe('custom download sizes', () => {
  it('offers exactly the formats media delivery renders', () => {
    expect([...DOWNLOAD_SIZE_FORMATS].sort()).toEqual([...MEDIA_FORMATS].sort());
  });

  it('normalises the format, makes a missing height null, crops by default and refuses duplicate names case-insensitively', () => {
    expect(downloadSizesSchema.parse([{ name: ' Web ', width: 1200, format: 'JPG' }])).toEqual([
      { name: 'Web', width: 1200, height: null, format: 'jpeg', fit: 'crop' },
    ]);
    expect(downloadSizesSchema.parse([{ name: 'Square', width: 1080, height: 1080, format: 'png', fit: 'PAD' }])[0]?.fit).toBe('pad');
    expect(downloadSizesSchema.safeParse([{ name: 'Odd', width: 10, height: 10, format: 'png', fit: 'stretch' }]).success).toBe(false);
    const duplicate = downloadSizesSchema.safeParse([
      { name: 'Web', width: 1200, format: 'png' },
      { name: 'WEB', width: 600, height: 400, format: 'png' },
    ]);
    expect(duplicate.error?.issues.map((i) => [i.path, i.message])).toEqual([[[1, 'name'], 'Is already the name of another size']]);
  });

  it('refuses bad dimensions and formats with the field that is wrong', () => {
    const paths = (value: unknown) => downloadSizesSchema.safeParse([value]).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ name: 'A', width: 0, format: 'png' })).toEqual(['0.width']);
    expect(paths({ name: 'A', width: 10.5, format: 'png' })).toEqual(['0.width']);
    expect(paths({ name: 'A', width: 100, height: 10_001, format: 'png' })).toEqual(['0.height']);
    expect(paths({ name: 'A', width: 100, format: 'gif' })).toEqual(['0.format']);
    expect(paths({ name: '  ', width: 100, format: 'png' })).toEqual(['0.name']);
  });

  it('reads the toolkit list entry: label is the name, bookkeeping is ignored, name works too', () => {
    expect(
      addDownloadSizeBodySchema.parse({
        size: { label: 'Thumb', value: '0-thumb', visible: true, width: 200, height: null, format: 'webp' },
        i18n: 'en',
      }).size,
    ).toMatchObject({ label: 'Thumb', width: 200, height: null, format: 'webp' });
    expect(replaceDownloadSizeBodySchema.parse({ name: 'Print', width: 3000, format: 'png' })).toMatchObject({ label: 'Print' });
    expect(addDownloadSizeBodySchema.safeParse({ size: { label: 'X', width: 1, format: 'png', colour: 'red' } }).success).toBe(false);
  });
});

describe('settings bodies', () => {
  it('PATCH /api/account needs a name or a list, and accepts the toolkit language', () => {
    expect(updateAccountBodySchema.safeParse({ i18n: 'en' }).success).toBe(false);
    expect(updateAccountBodySchema.parse({ name: ' Acme ', i18n: 'en' })).toEqual({ name: 'Acme', i18n: 'en' });
    expect(updateAccountBodySchema.safeParse({ name: '' }).success).toBe(false);
  });

  it('PATCH /api/project takes the lists', () => {
    expect(updateProjectBodySchema.parse({ blocked_extensions: ['.EXE'], download_custom_sizes: [], i18n: 'de' })).toEqual({
      blocked_extensions: ['exe'],
      download_custom_sizes: [],
      i18n: 'de',
    });
  });
});

describe('list rules', () => {
  it('adds unless taken or full', () => {
    expect(listAdd(['a'], 'b', self, 5)).toEqual({ ok: true, list: ['a', 'b'] });
    expect(listAdd(['a'], 'a', self, 5)).toEqual({ ok: false, reason: 'duplicate' });
    expect(listAdd(['a', 'b'], 'c', self, 2)).toEqual({ ok: false, reason: 'full' });
  });

  it('replaces in place unless missing or taken by another entry', () => {
    expect(listReplace(['a', 'b', 'c'], 'b', 'x', self)).toEqual({ ok: true, list: ['a', 'x', 'c'] });
    expect(listReplace(['a', 'b'], 'b', 'b', self)).toEqual({ ok: true, list: ['a', 'b'] });
    expect(listReplace(['a', 'b'], 'z', 'x', self)).toEqual({ ok: false, reason: 'missing' });
    expect(listReplace(['a', 'b'], 'b', 'a', self)).toEqual({ ok: false, reason: 'duplicate' });
  });

  it('removes and reorders', () => {
    expect(listRemove(['a', 'b'], 'a', self)).toEqual({ ok: true, list: ['b'] });
    expect(listRemove(['a'], 'z', self)).toEqual({ ok: false, reason: 'missing' });
    expect(listReorder(['a', 'b', 'c'], ['c', 'a', 'b'], self)).toEqual({ ok: true, list: ['c', 'a', 'b'] });
    for (const keys of [
      ['a', 'b'],
      ['a', 'b', 'b'],
      ['a', 'b', 'z'],
      ['a', 'b', 'c', 'd'],
    ]) {
      expect(listReorder(['a', 'b', 'c'], keys, self)).toEqual({ ok: false, reason: 'order' });
    }
  });
});
