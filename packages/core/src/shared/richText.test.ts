import { describe, expect, it } from 'vitest';
import { isRichTextHtml, plainTextToRichText } from './richText.js';

describe('rich text or plain text', () => {
  it('takes a text with a tag as HTML, anything else as plain text', () => {
    for (const html of ['<p>Hi</p>', 'a<br />b', 'a<br>b', '<a href="https://x.example">x</a>', 'x </strong>']) {
      expect(isRichTextHtml(html), html).toBe(true);
    }
    for (const plain of ['Ask IT.', 'Mail <ada@acme.example>', 'a < b > c', '1 <2', '<>', '', '< p>']) {
      expect(isRichTextHtml(plain), plain).toBe(false);
    }
  });

  it('escapes plain text into paragraphs and line breaks', () => {
    expect(plainTextToRichText('')).toBe('');
    expect(plainTextToRichText('  \n\n ')).toBe('');
    expect(plainTextToRichText('Ask IT & co <it@acme.example>')).toBe('<p>Ask IT &amp; co &lt;it@acme.example&gt;</p>');
    expect(plainTextToRichText('One\r\ntwo\n\n"Three"')).toBe('<p>One<br />two</p><p>&quot;Three&quot;</p>');
  });
});
