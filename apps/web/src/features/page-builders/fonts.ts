import { SYSTEM_FONT_STACK } from '@emblem/core';
import type { FontOption } from '../../toolkit';

/**
 * The fonts the page builders offer: font stacks of fonts installed on the visitor's device, so the error and
 * sign-in pages load nothing from third parties (which would need the visitor's consent). A custom family can
 * still be named (provider CUSTOM); it shows where that font is installed, with the system stack as fallback.
 */
export const FONT_CHOICES = [
  { id: 'system', css: SYSTEM_FONT_STACK },
  { id: 'neoGrotesque', css: "Inter, Roboto, 'Helvetica Neue', 'Arial Nova', 'Nimbus Sans', Arial, sans-serif" },
  { id: 'humanist', css: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', sans-serif" },
  { id: 'transitional', css: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif" },
  { id: 'oldStyle', css: "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif" },
  { id: 'monospace', css: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace" },
] as const;
export type FontChoiceId = (typeof FONT_CHOICES)[number]['id'];

/** The same stacks as toolkit font options (for the button style setting). */
export function fontOptions(label: (id: FontChoiceId) => string): FontOption[] {
  return FONT_CHOICES.map((font) => ({ family_name: font.id, display_name: label(font.id), provider: 'system', css: font.css }));
}

/** The largest file the builders' image settings take (the server's upload limit applies as well). */
export const SETTING_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
