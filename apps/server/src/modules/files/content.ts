import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

/**
 * What a file really is. Files are untrusted: the extension a user gives must agree with the magic bytes, and
 * SVGs (text that browsers may execute) are parsed and sanitised before they are stored.
 */

/** For each extension with a signature, what file-type may detect. Extensions not listed have no signature. */
const ISO_MEDIA = ['mp4', 'm4v', 'm4a', 'm4p', 'm4b', 'mov', 'qt', '3gp', '3g2', 'f4v', 'f4a', 'f4b', 'f4p', 'avif', 'heic'];
const OLE = ['cfb', 'doc', 'xls', 'ppt', 'msi'];
const OOXML = ['docx', 'xlsx', 'pptx', 'dotx', 'xltx', 'potx', 'docm', 'xlsm', 'pptm', 'dotm', 'xltm', 'potm', 'ppsx', 'ppsm', 'zip'];
const SIGNATURES: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  jpe: ['jpg'],
  jfif: ['jpg'],
  png: ['png', 'apng'],
  apng: ['apng', 'png'],
  gif: ['gif'],
  webp: ['webp'],
  avif: ['avif', 'heic'],
  heic: ['heic', 'avif'],
  heif: ['heic', 'avif'],
  tif: ['tif'],
  tiff: ['tif'],
  bmp: ['bmp'],
  ico: ['ico', 'cur'],
  psd: ['psd'],
  psb: ['psd'],
  dng: ['dng', 'tif'],
  pdf: ['pdf', 'ai'],
  ai: ['ai', 'pdf', 'eps', 'ps'],
  eps: ['eps', 'ps'],
  mp4: ISO_MEDIA,
  m4v: ISO_MEDIA,
  mov: ISO_MEDIA,
  m4a: ISO_MEDIA,
  m4r: ISO_MEDIA,
  avi: ['avi'],
  flv: ['flv'],
  mkv: ['mkv', 'webm'],
  webm: ['webm', 'mkv'],
  wmv: ['asf'],
  mpg: ['mpg', 'mp2', 'mp1'],
  mts: ['mts'],
  aac: ['aac', 'm4a', 'mp4'],
  ac3: ['ac3'],
  aif: ['aif'],
  aifc: ['aif'],
  aiff: ['aif'],
  flac: ['flac'],
  mp3: ['mp3', 'mp2', 'mp1'],
  ogg: ['ogg', 'oga', 'ogv', 'opus', 'ogx', 'spx', 'ogm'],
  wav: ['wav'],
  doc: OLE,
  dot: OLE,
  xls: OLE,
  xlt: OLE,
  ppt: OLE,
  pot: OLE,
  docx: OOXML,
  dotx: OOXML,
  xlsx: OOXML,
  xltx: OOXML,
  pptx: OOXML,
  potx: OOXML,
  zip: ['zip', ...OOXML.filter((e) => e !== 'zip'), 'epub', 'jar', 'apk', 'xpi', 'odt', 'ods', 'odp', 'odg', '3mf', 'vsdx', 'sketch'],
  gz: ['gz'],
  tgz: ['gz'],
  rar: ['rar'],
  '7z': ['7z'],
  rtf: ['rtf'],
  woff: ['woff'],
  woff2: ['woff2'],
  ttf: ['ttf'],
  otf: ['otf'],
  odt: ['odt', 'zip'],
  ods: ['ods', 'zip'],
  odp: ['odp', 'zip'],
  indd: ['indd'],
  mid: ['mid'],
  midi: ['mid'],
  sqlite: ['sqlite'],
  exe: ['exe'],
};

/** Text formats: they have no magic bytes, so they must look like text (and SVG like an SVG document). */
const TEXT_EXTENSIONS = new Set([
  'svg',
  'txt',
  'csv',
  'tsv',
  'json',
  'xml',
  'html',
  'htm',
  'md',
  'css',
  'js',
  'yml',
  'yaml',
  'ics',
  'vtt',
  'srt',
]);
/** Text formats that file-type recognises by their first characters. */
const TEXT_DETECTIONS: Record<string, readonly string[]> = {
  svg: ['xml'],
  xml: ['xml'],
  html: ['xml'],
  htm: ['xml'],
  ics: ['ics'],
  vtt: ['vtt'],
};

/** PostScript-based files may be plain text starting with %!PS. */
const POSTSCRIPT = new Set(['eps', 'ai']);

const MIME_BY_EXTENSION: Record<string, string> = {
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  md: 'text/markdown',
  css: 'text/css',
  js: 'text/javascript',
  eps: 'application/postscript',
  ai: 'application/postscript',
  doc: 'application/msword',
  dot: 'application/msword',
  xls: 'application/vnd.ms-excel',
  xlt: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  pot: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pdf: 'application/pdf',
};

export interface Detection {
  /** The MIME type recorded for the file. */
  mime: string;
}

export class ContentMismatchError extends Error {}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // Valid UTF-8 (a cut multi-byte sequence at the end is fine).
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head.subarray(0, Math.max(0, head.length - 4)));
  const replacements = (text.match(/\uFFFD/g) ?? []).length;
  return replacements <= text.length / 100;
}

/**
 * Checks that the content of the file at `path` matches `extension` (lower case, no dot). Throws
 * ContentMismatchError when it does not.
 */
export async function detectContent(path: string, extension: string): Promise<Detection> {
  const mismatch = () => new ContentMismatchError(`The file's content does not match its .${extension} extension`);
  const detected = await fileTypeFromFile(path).catch(() => undefined);
  const expected = SIGNATURES[extension];
  if (expected) {
    if (detected && expected.includes(detected.ext)) return { mime: detected.mime };
    if (POSTSCRIPT.has(extension)) {
      const head = await readHead(path, 16);
      if (head.toString('latin1').startsWith('%!PS')) return { mime: 'application/postscript' };
    }
    throw mismatch();
  }
  if (TEXT_EXTENSIONS.has(extension)) {
    if (detected && !(TEXT_DETECTIONS[extension] ?? []).includes(detected.ext)) throw mismatch();
    if (!looksLikeText(await readHead(path, 64 * 1024))) throw mismatch();
    return { mime: MIME_BY_EXTENSION[extension] ?? 'text/plain' };
  }
  // No known signature for this extension: any content, described as well as we can.
  return { mime: detected?.mime ?? MIME_BY_EXTENSION[extension] ?? 'application/octet-stream' };
}

export function mimeForExtension(extension: string): string {
  return MIME_BY_EXTENSION[extension] ?? 'application/octet-stream';
}

/* ---------- SVG ---------- */

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Only same-document references and embedded raster images may be referenced. */
const SAFE_REFERENCE = /^(#|data:image\/(png|jpe?g|gif|webp);)/i;
const EXTERNAL_URL = /url\(\s*(['"]?)(?!\s*#|data:image\/(?:png|jpe?g|gif|webp);)[^)]*\)/gi;

function cleanCss(css: string): string {
  return css.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none');
}

/**
 * Parses an SVG document and returns it sanitised: no script, no event handlers, no foreignObject, no
 * references outside the document except embedded raster images. Throws ContentMismatchError when the text is
 * not an SVG document.
 */
/** jsdom and DOMPurify are loaded on the first SVG, not at start (they are large). */
let svgTools: Promise<[typeof import('jsdom'), typeof import('dompurify')]> | undefined;

export async function sanitizeSvg(text: string): Promise<string> {
  svgTools ??= Promise.all([import('jsdom'), import('dompurify')]);
  const [{ JSDOM }, { default: createDOMPurify }] = await svgTools;
  const notSvg = new ContentMismatchError("The file's content does not match its .svg extension");
  // Entity declarations are how XML bombs and external entities work; real SVGs do not need them.
  if (/<!ENTITY/i.test(text)) throw new ContentMismatchError('SVG files with entity declarations are not accepted');
  let dom: InstanceType<typeof JSDOM>;
  try {
    dom = new JSDOM(text.replace(/^\uFEFF/, ''), { contentType: 'image/svg+xml' });
  } catch {
    throw notSvg;
  }
  const { window } = dom;
  try {
    const root = window.document.documentElement;
    if (root?.localName !== 'svg' || root.namespaceURI !== SVG_NS) throw notSvg;
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    purify.addHook('uponSanitizeAttribute', (_node, data) => {
      const name = data.attrName.toLowerCase();
      if (name === 'href' || name === 'xlink:href' || name === 'src') {
        if (!SAFE_REFERENCE.test(data.attrValue.trim())) data.keepAttr = false;
        return;
      }
      if (/url\(|@import/i.test(data.attrValue)) data.attrValue = cleanCss(data.attrValue);
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'style' && node.textContent) node.textContent = cleanCss(node.textContent);
    });
    purify.sanitize(root, {
      IN_PLACE: true,
      USE_PROFILES: { svg: true, svgFilters: true },
      ADD_TAGS: ['use'],
      FORBID_TAGS: ['script', 'foreignObject', 'iframe', 'embed', 'object', 'audio', 'video', 'animate', 'set', 'handler', 'listener'],
      ALLOW_UNKNOWN_PROTOCOLS: false,
    });
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(root)}\n`;
  } finally {
    window.close();
  }
}

/* ---------- names ---------- */

/**
 * A file name fit for display and for Content-Disposition: no directories, no control characters, no quotes
 * or characters that are special on common file systems, at most 200 characters.
 */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/["*:<>?|]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned.length <= 200) return cleaned || 'file';
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 11 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 200 - ext.length) + ext;
}
