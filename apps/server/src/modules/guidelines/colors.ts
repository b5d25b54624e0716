import type { ColorLibrary, PaletteColor } from '@emblem/core';
import { requireDocument } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { paletteBlocksOfDocument } from './content-queries.js';

/** WCAG relative luminance of `#RRGGBB`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/**
 * GET /api/color/library/{id}: the colour palettes of a guideline document, which the toolkit's colour list offers
 * to choose from. Each palette block is one palette, named by its title or else its page's title. Readers without a
 * level on the document (visitors of a published one) see only palettes on pages that are not drafts.
 */
export async function colorLibrary(db: Db, actor: Actor | null, documentId: number): Promise<ColorLibrary> {
  const access = await requireDocument(db, actor, documentId, 'view');
  const blocks = await paletteBlocksOfDocument(db, documentId, access.level !== null);
  return {
    palettes: blocks.map((block) => {
      const colors = (block.settings.colors ?? []) as PaletteColor[];
      const title = typeof block.settings.title === 'string' && block.settings.title.trim() ? block.settings.title : block.pageTitle;
      return {
        id: block.id,
        name: title,
        colors: colors.map((c, i) => ({ id: `${block.id}-${i}`, name: c.name, css_value: c.hex, light: luminance(c.hex) > 0.4 })),
      };
    }),
  };
}
