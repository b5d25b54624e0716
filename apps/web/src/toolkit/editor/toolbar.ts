/**
 * Toolbar sets of the rich-text editor. Which tools each set holds is our
 * choice (docs/decisions/0005-settings-toolkit.md): the smaller the place, the fewer the tools.
 */
export const TOOLS = [
  'style',
  'fontSize',
  'bold',
  'italic',
  'underline',
  'strike',
  'code',
  'subscript',
  'superscript',
  'bulletList',
  'orderedList',
  'blockquote',
  'indent',
  'align',
  'link',
  'button',
  'color',
  'columnBreak',
  'clean',
] as const;
export type Tool = (typeof TOOLS)[number];

export const TOOLBAR_SETS = {
  /** No toolbar at all (plain text areas that still want rich paste rules). */
  empty: [],
  title: ['bold', 'italic', 'underline', 'color', 'link', 'clean'],
  teaser: ['bold', 'italic', 'underline', 'link', 'color', 'clean'],
  caption: ['bold', 'italic', 'subscript', 'superscript', 'link', 'clean'],
  /** Comments on assets: what a short remark needs. */
  comment: ['bold', 'italic', 'bulletList', 'orderedList', 'link'],
  post: [
    'style',
    'bold',
    'italic',
    'underline',
    'strike',
    'bulletList',
    'orderedList',
    'blockquote',
    'link',
    'button',
    'color',
    'align',
    'clean',
  ],
  blockText: ['style', 'bold', 'italic', 'underline', 'bulletList', 'orderedList', 'link', 'color', 'align', 'clean'],
  /** Everything but the column break, which only the full set has. */
  block: TOOLS.filter((tool) => tool !== 'columnBreak'),
  full: [...TOOLS],
} as const satisfies Record<string, readonly Tool[]>;

export type ToolbarSet = keyof typeof TOOLBAR_SETS;
export const TOOLBAR_SET_NAMES = Object.keys(TOOLBAR_SETS) as ToolbarSet[];

export function toolsOf(set: ToolbarSet): readonly Tool[] {
  return TOOLBAR_SETS[set];
}
