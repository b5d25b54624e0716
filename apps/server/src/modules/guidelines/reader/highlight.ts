import type { CODE_LANGUAGES } from '@emblem/core';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';

/**
 * Code blocks are highlighted on the server (highlight.js, only the languages a code block may name), so visitors
 * load no highlighter. highlight.js escapes the code it wraps in its `hljs-*` spans; plain text is escaped here.
 */
const LANGUAGES: Record<Exclude<(typeof CODE_LANGUAGES)[number], 'plaintext'>, string> = {
  html: 'xml',
  xml: 'xml',
  css: 'css',
  javascript: 'javascript',
  typescript: 'typescript',
  json: 'json',
  bash: 'bash',
  markdown: 'markdown',
};
for (const [name, grammar] of [
  ['xml', xml],
  ['css', css],
  ['javascript', javascript],
  ['typescript', typescript],
  ['json', json],
  ['bash', bash],
  ['markdown', markdown],
] as const) {
  hljs.registerLanguage(name, grammar);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The code as HTML: `hljs-*` spans around escaped text. */
export function highlightCode(code: string, language: string): string {
  const grammar = LANGUAGES[language as keyof typeof LANGUAGES];
  if (!grammar) return escapeHtml(code);
  return hljs.highlight(code, { language: grammar, ignoreIllegals: true }).value;
}
