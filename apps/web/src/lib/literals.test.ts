import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No component shows people a string that does not go through i18next: JSX text and the texts of the attributes
 * people read or hear (labels, titles, placeholders, alternative texts) must not be literals with letters in them.
 * Code-like values (a CSS unit, a file extension, a symbol) have no letters of a word and pass. A literal that is
 * not a text (the name of a colour system, the start of a web address) is marked with an `i18n-literal` comment on its
 * line or the line before; on an element's line it covers the whole element.
 */
const SRC = join(import.meta.dirname, '..');
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'heading',
  'emptyText',
  'text',
  'message',
]);
/** Two letters of a word in a row: "Save", "ok"; not "×", "—", "px", "·", "1/2". */
const WORDS = /\p{L}{2,}/u;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(path);
    return e.name.endsWith('.tsx') && !e.name.includes('.test.') ? [path] : [];
  });
}

function literalsIn(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const found: string[] = [];
  const marked = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return Boolean(lines[line]?.includes('i18n-literal') || lines[line - 1]?.includes('i18n-literal'));
  };
  const report = (node: ts.Node, value: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    if (marked(node)) return;
    found.push(`${relative(SRC, path)}:${line + 1} ${JSON.stringify(value.trim().slice(0, 60))}`);
  };
  const visit = (node: ts.Node) => {
    if ((ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) && marked(node)) return;
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const init = node.initializer;
      const value = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : ts.isJsxExpression(init) && init.expression && ts.isTemplateExpression(init.expression)
            ? init.expression.head.text + init.expression.templateSpans.map((s) => s.literal.text).join(' ')
            : null;
      if (value !== null && WORDS.test(value)) report(node, value);
    }
    if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteralLike(node.expression) && ts.isJsxElement(node.parent)) {
      if (WORDS.test(node.expression.text)) report(node, node.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('literal strings', () => {
  it('renders no text outside i18next', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(literalsIn)).toEqual([]);
  });
});
