import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { READER_ENTRY, readerClientAssets } from './client-assets.js';

/** The reader's script and stylesheet, found through the web build's manifest. */

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dist(manifest: Record<string, unknown>, files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'emblem-reader-dist-'));
  dirs.push(dir);
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('readerClientAssets', () => {
  it('names the hashed script, preloads its chunks and inlines its stylesheets', () => {
    const dir = dist(
      {
        [READER_ENTRY]: { file: 'assets/reader-abc.js', css: ['assets/reader-abc.css'], imports: ['_shared.js'], isEntry: true },
        '_shared.js': { file: 'assets/shared-def.js', css: ['assets/shared-def.css'] },
        'index.html': { file: 'assets/index-xyz.js', isEntry: true },
      },
      { 'assets/reader-abc.css': '.reader{color:red}', 'assets/shared-def.css': '.shared{color:blue}' },
    );
    expect(readerClientAssets(dir)).toEqual({
      script: '/assets/reader-abc.js',
      preload: ['/assets/shared-def.js'],
      css: '.reader{color:red}\n.shared{color:blue}',
    });
  });

  it('gives pages neither without a built web app, or without the reader entry', () => {
    expect(readerClientAssets(undefined)).toEqual({ script: null, preload: [], css: '' });
    expect(readerClientAssets(dist({ 'index.html': { file: 'assets/index.js' } }, {}))).toEqual({ script: null, preload: [], css: '' });
  });

  it('refuses a stylesheet that would close its <style> element', () => {
    const dir = dist({ [READER_ENTRY]: { file: 'assets/r.js', css: ['assets/r.css'] } }, { 'assets/r.css': 'a{}</style><script>' });
    expect(() => readerClientAssets(dir)).toThrow(/<\/style/);
  });
});
