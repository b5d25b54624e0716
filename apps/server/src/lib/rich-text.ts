import { isRichTextHtml, plainTextToRichText, RICH_TEXT_TAGS } from '@emblem/core';
import sanitizeHtml from 'sanitize-html';

/** The rich-text allow-list (docs/api.md, "Rich text"): the tags (RICH_TEXT_TAGS, shared with the reader) and attributes stored rich text may keep. */
export const RICH_TEXT_ATTRIBUTES = ['href', 'src', 'alt', 'title', 'class', 'style', 'align', 'target', 'contenteditable'] as const;

/** CSS a rich text may carry: what the editor's toolbar sets (colours, sizes, weights, alignment, spacing). */
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^hsla?\(\s*[\d.\s,%deg]+\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^-?\d{1,4}(\.\d{1,4})?(px|em|rem|%|vw|vh|vmin|vmax)?$/];
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'font-size': LENGTH,
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic|oblique)$/],
  'font-family': [/^[\w\s"',-]{1,200}$/],
  'text-decoration': [/^[a-z\s-]{1,60}$/],
  'text-align': [/^(left|right|center|justify|start|end)$/],
  'text-transform': [/^(none|uppercase|lowercase|capitalize)$/],
  'letter-spacing': LENGTH,
  'line-height': [/^\d{1,3}(\.\d{1,3})?(px|em|rem|%)?$/],
  'border-radius': LENGTH,
  padding: [/^(-?\d{1,4}(\.\d{1,4})?(px|em|rem|%)?\s?){1,4}$/],
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  // rel is added by transformTags below, never taken from the input.
  allowedAttributes: { '*': [...RICH_TEXT_ATTRIBUTES], a: [...RICH_TEXT_ATTRIBUTES, 'rel'] },
  allowedStyles: { '*': ALLOWED_STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Script and style contents are dropped with their tags; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // A link that opens a new window must not hand the opener to the target.
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      return { tagName, attribs: rest.target === '_blank' ? { ...rest, rel: 'noopener noreferrer' } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * Cleans rich text before it is stored: only the allow-listed tags and attributes stay, URLs
 * must be http(s), mailto or tel (images http(s) or relative), inline styles are limited to the editor's
 * properties with plain values, and script-like content is removed with its tag.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A rich text as it is stored and answered: HTML is sanitised; a text without any tag is plain text (written before
 * the field became rich, or by an API client) and is escaped into paragraphs first. '' stays ''.
 */
export function richTextOf(text: string): string {
  return sanitizeRichText(isRichTextHtml(text) ? text : plainTextToRichText(text));
}
