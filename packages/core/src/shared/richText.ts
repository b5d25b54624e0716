/**
 * Rich text as it is stored: HTML inside the sanitiser's allow-list. A field that used to be plain
 * text may still hold texts written before it became rich; those hold no tag and are read as plain text.
 */

/**
 * The tags stored rich text may keep (docs/api.md "Rich text"; data-api.md §5): the server's sanitiser keeps only
 * these, and the public reader copies only these when it shows a licence text.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'div',
  'span',
  'strong',
  'em',
  'u',
  's',
  'blockquote',
  'ul',
  'ol',
  'li',
  'br',
  'pre',
  'code',
  'a',
  'img',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
] as const;

/** An opening, closing or self-closing tag such as `<p>`, `</a>`, `<br />`, `<a href="…">` (not `<ada@acme.example>`). */
const TAG = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;

/** Whether a stored text is HTML (it holds at least one tag); otherwise it is plain text. */
export function isRichTextHtml(text: string): boolean {
  return TAG.test(text);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Plain text as rich text: escaped, blank lines separate paragraphs, single line breaks stay breaks. '' stays ''. */
export function plainTextToRichText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escapeHtml).join('<br />')}</p>`)
    .join('');
}
