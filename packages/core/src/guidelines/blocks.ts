import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/**
 * Content blocks of guideline pages: each type's settings schema. The server validates every save with these;
 * the editor builds its settings drawer from them (settings-toolkit.md) and the reader renders them.
 */

const text = (max: number) => z.string({ error: 'Must be a string' }).max(max, 'Is too long');
const optionalText = (max: number) => text(max).trim().optional();
/** Rich text as stored: HTML inside the data-api.md §5 allow-list (the server sanitises on save and on read). */
const richHtml = text(100_000);
const assetIds = (max: number) => z.array(refId('asset')).max(max, `At most ${max} assets`);

export const IMAGE_FITS = ['FILL', 'FIT'] as const;
export type ImageFit = (typeof IMAGE_FITS)[number];
export const BORDER_STYLES = ['SOLID', 'DASHED', 'DOTTED'] as const;
export const CALLOUT_TONES = ['info', 'success', 'warning', 'danger'] as const;
export const DODONT_VERDICTS = ['DO', 'DONT'] as const;
export const CODE_LANGUAGES = ['plaintext', 'html', 'css', 'javascript', 'typescript', 'json', 'bash', 'xml', 'markdown'] as const;
export const EMBED_ASPECTS = ['16:9', '4:3', '1:1', '9:16'] as const;

/** Hosts an embed block may show (in a sandboxed iframe); any other URL is refused. */
export const EMBED_HOSTS = [
  'www.youtube-nocookie.com',
  'www.youtube.com',
  'player.vimeo.com',
  'www.figma.com',
  'embed.figma.com',
  'www.loom.com',
  'codepen.io',
] as const;

export const hexColorSchema = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Use a colour such as #1A2B3C')
  .transform((v) => v.toUpperCase());
/** CMYK as four percentages ("0 45 100 5"). */
const cmykSchema = z.string().regex(/^(100|[1-9]?\d)( (100|[1-9]?\d)){3}$/, 'Use four numbers from 0 to 100, such as 0 45 100 5');

export const paletteColorSchema = z
  .object({
    name: text(80).trim().min(1, 'Is required'),
    hex: hexColorSchema,
    /** Left out: computed from hex by the reader. */
    cmyk: cmykSchema.optional(),
    pantone: optionalText(60),
    ral: optionalText(60),
  })
  .strict();
export type PaletteColor = z.infer<typeof paletteColorSchema>;

export const typeStyleSchema = z
  .object({
    name: text(60).trim().min(1, 'Is required'),
    size: z.number({ error: 'Must be a number' }).int().min(6, 'At least 6').max(200, 'At most 200'),
    weight: z.number({ error: 'Must be a number' }).int().min(100).max(900).multipleOf(100, 'Use 100, 200 … 900'),
    line_height: z.number({ error: 'Must be a number' }).min(0.8).max(3).optional(),
    sample: optionalText(200),
  })
  .strict();

const embedUrlSchema = z
  .string()
  .url('Must be a URL')
  .max(2000, 'Is too long')
  .refine(
    (u) => {
      try {
        const url = new URL(u);
        return url.protocol === 'https:' && (EMBED_HOSTS as readonly string[]).includes(url.hostname);
      } catch {
        return false;
      }
    },
    `Only https addresses of ${EMBED_HOSTS.join(', ')} can be embedded`,
  );

/** The settings of each block type; every object is strict, so an unknown setting is refused. */
export const BLOCK_SETTINGS = {
  text: z.object({ html: richHtml }).strict(),
  heading: z
    .object({ text: text(300).trim().min(1, 'Is required'), level: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(2) })
    .strict(),
  quote: z.object({ text: text(2000).trim().min(1, 'Is required'), attribution: optionalText(200) }).strict(),
  callout: z
    .object({
      title: optionalText(200),
      text: text(4000).trim().min(1, 'Is required'),
      tone: z.enum(CALLOUT_TONES, { error: 'Use info, success, warning or danger' }).default('info'),
    })
    .strict(),
  divider: z.object({ style: z.enum(BORDER_STYLES, { error: 'Use SOLID, DASHED or DOTTED' }).default('SOLID') }).strict(),
  image: z
    .object({
      asset_ids: assetIds(20),
      caption: optionalText(500),
      fit: z.enum(IMAGE_FITS, { error: 'Use FILL or FIT' }).optional(),
      download: z.boolean({ error: 'Must be true or false' }).optional(),
    })
    .strict(),
  palette: z.object({ title: optionalText(200), colors: z.array(paletteColorSchema).max(60, 'At most 60 colours') }).strict(),
  typography: z
    .object({
      family: text(120).trim().min(1, 'Is required'),
      /** The font's weights shown as specimens. */
      weights: z
        .array(z.number().int().min(100).max(900).multipleOf(100, 'Use 100, 200 … 900'))
        .max(9)
        .refine((w) => new Set(w).size === w.length, 'Each weight once'),
      styles: z.array(typeStyleSchema).max(20, 'At most 20 type styles'),
      specimen: optionalText(300),
    })
    .strict(),
  dodont: z
    .object({
      items: z
        .array(
          z
            .object({
              asset_id: refId('asset').nullable(),
              verdict: z.enum(DODONT_VERDICTS, { error: 'Use DO or DONT' }),
              note: optionalText(500),
            })
            .strict(),
        )
        .max(24, 'At most 24 items'),
    })
    .strict(),
  downloads: z
    .object({
      title: optionalText(200),
      /** Assets picked one by one, or (instead) every asset of one library folder. */
      asset_ids: assetIds(200),
      folder_id: refId('folder').nullable().optional(),
    })
    .strict()
    .refine((s) => !(s.asset_ids.length > 0 && s.folder_id), { message: 'Pick assets or a folder, not both', path: ['folder_id'] }),
  library: z.object({ project_id: refId('project').nullable(), title: optionalText(200) }).strict(),
  video: z.object({ asset_id: refId('asset').nullable(), caption: optionalText(500) }).strict(),
  embed: z
    .object({
      url: embedUrlSchema,
      title: text(200).trim().min(1, 'Give the embed a title (screen readers announce it)'),
      aspect: z.enum(EMBED_ASPECTS).default('16:9'),
    })
    .strict(),
  code: z.object({ code: text(20_000), language: z.enum(CODE_LANGUAGES, { error: 'Unknown language' }).default('plaintext') }).strict(),
} as const;

export type BlockType = keyof typeof BLOCK_SETTINGS;
export const BLOCK_TYPES = Object.keys(BLOCK_SETTINGS) as BlockType[];
export type BlockSettings<T extends BlockType = BlockType> = z.output<(typeof BLOCK_SETTINGS)[T]>;

/** The settings a new block of each type starts with (the editor's "add block" menu). */
export const DEFAULT_BLOCK_SETTINGS: { [T in BlockType]: z.input<(typeof BLOCK_SETTINGS)[T]> } = {
  text: { html: '' },
  heading: { text: 'Heading', level: 2 },
  quote: { text: 'Quote' },
  callout: { text: 'Note', tone: 'info' },
  divider: { style: 'SOLID' },
  image: { asset_ids: [], fit: 'FIT' },
  palette: { colors: [] },
  typography: { family: 'Inter', weights: [400, 700], styles: [] },
  dodont: { items: [] },
  downloads: { asset_ids: [] },
  library: { project_id: null },
  video: { asset_id: null },
  embed: { url: 'https://www.youtube-nocookie.com/embed/', title: 'Video' },
  code: { code: '', language: 'plaintext' },
};

export const blockTypeSchema = z.enum(BLOCK_TYPES as [BlockType, ...BlockType[]], { error: 'Unknown block type' });

/** Validates `settings` for `type`: the parsed settings, or the zod error to report as field errors under `settings.`. */
export function parseBlockSettings(type: BlockType, settings: unknown) {
  return BLOCK_SETTINGS[type].safeParse(settings);
}
