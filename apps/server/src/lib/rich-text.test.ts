import { describe, expect, it } from 'vitest';
import { richTextOf, sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText (the rich-text allow-list)', () => {
  it('keeps the allowed tags and attributes', () => {
    const html =
      '<h2 class="t" align="center">Title</h2><p style="color: #ff0000; text-align: center">A <strong>b</strong> <em>c</em> <u>d</u> <s>e</s><br /></p>' +
      '<ul><li>x</li></ul><ol><li>y</li></ol><blockquote>q</blockquote><pre><code>z</code></pre>' +
      '<a href="https://example.com" title="t" target="_blank">l</a><img src="/media/image/abc.webp" alt="a" /><div contenteditable="false"><span>s</span></div>';
    const clean = sanitizeRichText(html);
    for (const piece of [
      '<h2 class="t" align="center">',
      'style="color:#ff0000;text-align:center"',
      '<strong>b</strong>',
      '<u>d</u>',
      '<s>e</s>',
      '<br />',
      '<blockquote>',
      '<pre><code>',
      'href="https://example.com"',
      'target="_blank"',
      'rel="noopener noreferrer"',
      '<img src="/media/image/abc.webp" alt="a" />',
      'contenteditable="false"',
      '<span>s</span>',
    ]) {
      expect(clean).toContain(piece);
    }
  });

  it('removes scripts, handlers, dangerous URLs and unknown tags', () => {
    const clean = sanitizeRichText(
      '<p onclick="x()">a<script>alert(1)</script></p><iframe src="https://evil"></iframe><a href="javascript:alert(1)">j</a>' +
        '<img src="data:image/png;base64,AAAA" /><img src="javascript:x" /><table><tr><td>cell</td></tr></table><style>p{}</style><svg><g/></svg>',
    );
    expect(clean).not.toMatch(/script|onclick|iframe|javascript|data:|<table|<td|<style|<svg/i);
    expect(clean).toContain('<p>a</p>');
    expect(clean).toContain('<a>j</a>');
    expect(clean).toContain('cell');
  });

  it("keeps only the editor's style properties with plain values", () => {
    const clean = sanitizeRichText(
      '<span style="position: fixed; color: red; background-image: url(https://evil/x.png); font-size: 18px; width: expression(alert(1))">t</span>',
    );
    expect(clean).toBe('<span style="color:red;font-size:18px">t</span>');
  });

  it('reads a text without tags as plain text (escaped), sanitises HTML, and gives the same HTML when read again', () => {
    expect(richTextOf('')).toBe('');
    expect(richTextOf('Ask IT & co <it@acme.example>\nRoom 4')).toBe('<p>Ask IT &amp; co &lt;it@acme.example&gt;<br />Room 4</p>');
    const once = richTextOf(
      '<p onclick="x()">Ask <a href="https://it.example" target="_blank">IT</a> &amp; <em>co</em><script>x</script></p>',
    );
    expect(once).toBe('<p>Ask <a href="https://it.example" target="_blank" rel="noopener noreferrer">IT</a> &amp; <em>co</em></p>');
    expect(richTextOf(once)).toBe(once);
    expect(richTextOf(richTextOf('Tom & Jerry'))).toBe('<p>Tom &amp; Jerry</p>');
  });
});
