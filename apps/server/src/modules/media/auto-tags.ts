import { assetTypeOf, TAG_MAX } from '@emblem/core';

/*
 * AUTO tags (decision 0038): what the file itself says, found while a revision is processed. Each tag names the
 * engine that found it, so reprocessing replaces exactly those.
 */

export const AUTO_TAG_ENGINES = ['iptc', 'xmp', 'pdf', 'exif', 'orientation', 'colour', 'transparency', 'type'] as const;
export type AutoTagEngine = (typeof AUTO_TAG_ENGINES)[number];
export interface AutoTag {
  value: string;
  engine: AutoTagEngine;
}

/** Keywords per file at most, so a file stuffed with keywords cannot flood a library's tags. */
const KEYWORDS_MAX = 40;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never make a tag
const CONTROL = /[\u0000-\u001f\u007f]/g;

function clean(value: string): string | null {
  const s = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return s && s.length <= TAG_MAX ? s : null;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function xmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return XML_ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The `dc:subject` keywords of an XMP packet (the items of its rdf:Bag). */
export function xmpKeywords(xmp: Buffer | undefined): string[] {
  if (!xmp) return [];
  const text = xmp.toString('utf8');
  const subject = /<dc:subject\b[^>]*>([\s\S]*?)<\/dc:subject>/i.exec(text);
  if (!subject?.[1]) return [];
  const out: string[] = [];
  for (const li of subject[1].matchAll(/<rdf:li\b[^>]*>([\s\S]*?)<\/rdf:li>/gi)) out.push(xmlText(li[1] ?? ''));
  return out;
}

/** Text in UTF-8, or Latin-1 when it is not valid UTF-8 (older IPTC writers name no character set). */
function decodeUtf8OrLatin1(data: Buffer): string {
  const text = data.toString('utf8');
  return text.includes('\ufffd') ? data.toString('latin1') : text;
}

/** The Keywords (record 2, dataset 25) of an IPTC-IIM block: UTF-8 when it says so (1:90), else UTF-8 or Latin-1 as the bytes allow. */
export function iptcKeywords(iptc: Buffer | undefined): string[] {
  if (!iptc) return [];
  const out: string[] = [];
  let charset: 'utf8' | 'latin1' | 'unstated' = 'unstated';
  let i = iptc.indexOf(0x1c);
  while (i >= 0 && i + 5 <= iptc.length) {
    if (iptc[i] !== 0x1c) {
      i = iptc.indexOf(0x1c, i + 1);
      continue;
    }
    const record = iptc[i + 1];
    const dataset = iptc[i + 2];
    let size = iptc.readUInt16BE(i + 3);
    let start = i + 5;
    if (size & 0x8000) {
      // Extended length: the next (size & 0x7fff) bytes hold the length.
      const n = size & 0x7fff;
      if (n > 4 || start + n > iptc.length) break;
      size = n === 0 ? 0 : iptc.readUIntBE(start, n);
      start += n;
    }
    const end = start + size;
    if (end > iptc.length) break;
    const data = iptc.subarray(start, end);
    // 1:90 coded character set: ESC % G is UTF-8.
    if (record === 1 && dataset === 90) charset = data.equals(Buffer.from([0x1b, 0x25, 0x47])) ? 'utf8' : 'latin1';
    if (record === 2 && dataset === 25) out.push(charset === 'unstated' ? decodeUtf8OrLatin1(data) : data.toString(charset));
    i = end;
  }
  return out;
}

/** A keyword list written as one string (PDF Keywords): split on commas and semicolons. */
export function listKeywords(text: string | null | undefined): string[] {
  return text ? text.split(/[,;]/) : [];
}

const COLOUR_NAMES: [name: string, hue: number][] = [
  ['Red', 0],
  ['Orange', 30],
  ['Yellow', 55],
  ['Green', 120],
  ['Teal', 175],
  ['Blue', 220],
  ['Purple', 275],
  ['Pink', 320],
  ['Red', 360],
];

/** The everyday name of a colour `rgba(r,g,b,a)` (the stored dominant colour): a hue name, or black, white, grey, brown. */
export function colourName(rgba: string | null | undefined): string | null {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(rgba ?? '');
  if (!m) return null;
  const [r, g, b] = [Number(m[1]) / 255, Number(m[2]) / 255, Number(m[3]) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (l < 0.12) return 'Black';
  if (l > 0.92) return 'White';
  if (s < 0.15) return 'Grey';
  let h = 0;
  if (max === r) h = 60 * (((g - b) / d + 6) % 6);
  else if (max === g) h = 60 * ((b - r) / d + 2);
  else h = 60 * ((r - g) / d + 4);
  // Dark oranges and yellows are what people call brown.
  if (h >= 15 && h < 50 && l < 0.45) return 'Brown';
  let best = COLOUR_NAMES[0] as [string, number];
  for (const c of COLOUR_NAMES) if (Math.abs(c[1] - h) < Math.abs(best[1] - h)) best = c;
  return best[0];
}

export interface AutoTagInput {
  extension: string;
  metadata: Record<string, unknown>;
  /** The dominant colour (rgba), when there is a preview. */
  background: string | null;
  keywords: { engine: 'iptc' | 'xmp' | 'pdf'; values: string[] }[];
}

/** The AUTO tags of a processed file: keywords, camera, orientation, dominant colour, transparency and file type. */
export function autoTags(input: AutoTagInput): AutoTag[] {
  const out: AutoTag[] = [];
  const seen = new Set<string>();
  const add = (value: string | null | undefined, engine: AutoTagEngine) => {
    const v = value ? clean(value) : null;
    if (!v || seen.has(v.toLowerCase())) return;
    seen.add(v.toLowerCase());
    out.push({ value: v, engine });
  };
  let keywords = 0;
  for (const { engine, values } of input.keywords)
    for (const v of values) {
      if (keywords >= KEYWORDS_MAX || !clean(v)) continue;
      add(v, engine);
      keywords++;
    }

  const meta = input.metadata;
  const exif = (meta.exif ?? {}) as Record<string, unknown>;
  const make = typeof exif.Make === 'string' ? exif.Make : '';
  const model = typeof exif.Model === 'string' ? exif.Model : '';
  if (model) add(model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`, 'exif');

  const w = typeof meta.width === 'number' ? meta.width : 0;
  const h = typeof meta.height === 'number' ? meta.height : 0;
  if (w > 0 && h > 0) add(w / h > 1.05 ? 'Landscape' : w / h < 0.95 ? 'Portrait' : 'Square', 'orientation');
  if (input.background) add(colourName(input.background), 'colour');
  if (meta.has_alpha === true) add('Transparent', 'transparency');
  if (meta.vector === true) add('Vector', 'type');
  const type = assetTypeOf(input.extension);
  if (type !== 'File') add(type, 'type');
  return out;
}
