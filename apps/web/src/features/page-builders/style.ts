import type { BackgroundPosition } from '@emblem/core';
import type { CSSProperties } from 'react';

/** Only http(s) and same-site URLs make it into CSS or <img> (setting images are `/media/image/…`). */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A background image placed as the builders' position chooser says: covering, tiling or centred. */
export function backgroundImageCss(url: string | null | undefined, position: BackgroundPosition): CSSProperties {
  const safe = safeImageUrl(url);
  if (!safe) return {};
  const image = { backgroundImage: `url(${JSON.stringify(safe)})` };
  if (position === 'Covering') return { ...image, backgroundSize: 'cover', backgroundPosition: 'center', backgroundRepeat: 'no-repeat' };
  if (position === 'Tiling') return { ...image, backgroundRepeat: 'repeat' };
  return { ...image, backgroundPosition: 'center', backgroundRepeat: 'no-repeat' };
}
