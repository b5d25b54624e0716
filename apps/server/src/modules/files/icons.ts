import { type FileTypeGroup, fileTypeGroup } from '@emblem/core';

/** Colours of the file icon per file type group. */
export const ICON_COLORS: Record<FileTypeGroup, string> = {
  images: '#2563EB',
  video: '#9333EA',
  audio: '#DB2777',
  documents: '#DC2626',
  special: '#0D9488',
  other: '#4B5563',
};

/**
 * A generic file icon: a page with a folded corner and a coloured label with the extension. `extension` must
 * already be validated ([a-z0-9]{1,10}), so it needs no escaping.
 */
export function fileIconSvg(extension: string): string {
  const label = extension.toUpperCase();
  const color = ICON_COLORS[fileTypeGroup(extension)];
  const fontSize = label.length <= 3 ? 18 : label.length <= 5 ? 14 : label.length <= 7 ? 11 : 9;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="120" viewBox="0 0 96 120" role="img"',
    ` aria-label="${label} file">`,
    '<path d="M10 1h53l32 32v76a10 10 0 0 1-10 10H10A10 10 0 0 1 0 109V11A10 10 0 0 1 10 1z" fill="#F3F4F6" stroke="#D1D5DB" stroke-width="2"/>',
    '<path d="M63 1v22a10 10 0 0 0 10 10h22z" fill="#D1D5DB"/>',
    `<rect x="8" y="68" width="80" height="30" rx="5" fill="${color}"/>`,
    `<text x="48" y="${83 + fontSize * 0.35}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700"`,
    ` font-size="${fontSize}" fill="#FFFFFF">${label}</text>`,
    '</svg>',
  ].join('');
}
