/**
 * Rich text as it is stored: HTML inside the sanitiser's allow-list. A field that used to be plain
 * text may still hold texts written before it became rich; those hold no tag and are read as plain text.
 */

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
