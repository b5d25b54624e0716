import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** What the shell's layout promises that jsdom cannot show (it applies no stylesheets): read from the CSS itself. */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const shell = read('./shell.css');
const errorPage = read('./error-page.css');
const page = read('../ui/page.css');
const cookies = read('./cookie-consent.css');

/** The bodies of every `media { … }` block of `css` (braces matched). */
function mediaBlocks(css: string, media: string): string[] {
  const blocks: string[] = [];
  let from = css.indexOf(media);
  while (from !== -1) {
    const open = css.indexOf('{', from);
    let depth = 1;
    let at = open + 1;
    while (depth > 0 && at < css.length) {
      if (css[at] === '{') depth += 1;
      if (css[at] === '}') depth -= 1;
      at += 1;
    }
    blocks.push(css.slice(open + 1, at - 1));
    from = css.indexOf(media, at);
  }
  return blocks;
}

/** The declarations of the rules for exactly `selector`: at the top level of `css`, or inside the `media` blocks. */
function rule(css: string, selector: string, media?: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?:^|[}\\n])\\s*${escaped} \\{([^}]*)\\}`, 'g');
  if (media)
    return mediaBlocks(css, media)
      .flatMap((block) => [...block.matchAll(pattern)].map((m) => m[1]))
      .join('\n');
  const topLevel = css.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*[^{}]*\}/g, '');
  return [...topLevel.matchAll(pattern)].map((m) => m[1]).join('\n');
}

describe('shell layout', () => {
  it("the 404 and 403 pages have no background of their own: the app's shows", () => {
    expect(rule(errorPage, '.error-page')).toContain('background-color: transparent;');
  });

  it('the header has the width and side padding of the pages below it, on narrow and wide screens', () => {
    expect(rule(shell, '.header__inner')).toContain('max-width: var(--content-max-width);');
    expect(rule(page, '.page')).toContain('max-width: var(--content-max-width);');
    expect(rule(shell, '.header__inner')).toContain('padding: 0 var(--space-4);');
    expect(rule(page, '.page')).toContain('padding: var(--space-5) var(--space-4);');
    expect(rule(shell, '.header__inner', '@media (min-width: 768px)')).toContain('padding: 0 var(--space-5);');
    expect(rule(page, '.page', '@media (min-width: 768px)')).toContain('padding: var(--space-6) var(--space-5);');
  });

  it('the floating cookie button is fixed in a corner; the page keeps room for it only where it shows', () => {
    expect(rule(cookies, '.cookie-settings-button')).toContain('position: fixed;');
    expect(rule(shell, '.main')).toContain('padding-bottom: var(--space-7);');
    expect(rule(shell, '.main', '@media (max-width: 767.98px)')).toContain('padding-bottom: var(--space-4);');
  });
});
