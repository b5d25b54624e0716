import { describe, expect, it } from 'vitest';
import { encodeLinkUrl, isValidLink, normaliseLetterSpacing, normaliseLinkUrl } from './index.js';

describe('letter spacing', () => {
  it('keeps inherit', () => {
    expect(normaliseLetterSpacing('inherit')).toBe('inherit');
    expect(normaliseLetterSpacing(' Inherit ')).toBe('inherit');
  });
  it('turns empty, auto, normal and null into normal', () => {
    for (const value of ['', '  ', 'auto', 'AUTO', 'normal', null, undefined, 'null']) {
      expect(normaliseLetterSpacing(value)).toBe('normal');
    }
  });
  it('gives a bare number px', () => {
    expect(normaliseLetterSpacing('2')).toBe('2px');
    expect(normaliseLetterSpacing('-0.5')).toBe('-0.5px');
    expect(normaliseLetterSpacing('.5')).toBe('0.5px');
    expect(normaliseLetterSpacing(3)).toBe('3px');
  });
  it('keeps every allowed unit', () => {
    for (const unit of ['px', 'em', 'rem', '%', 'vw', 'vh', 'vmax', 'vmin']) {
      expect(normaliseLetterSpacing(`1.5${unit}`)).toBe(`1.5${unit}`);
    }
    expect(normaliseLetterSpacing('2 EM')).toBe('2em');
  });
  it('turns an unknown unit into px', () => {
    expect(normaliseLetterSpacing('2pt')).toBe('2px');
    expect(normaliseLetterSpacing('3ch')).toBe('3px');
  });
  it('turns anything unparseable into 0px', () => {
    expect(normaliseLetterSpacing('wide')).toBe('0px');
    expect(normaliseLetterSpacing('px')).toBe('0px');
    expect(normaliseLetterSpacing(Number.NaN)).toBe('0px');
  });
});

describe('link url normalisation', () => {
  it('keeps paths, the host and address forms, mailto:, tel: and empty', () => {
    for (const url of [
      '/document/1#/page',
      'http://example.com',
      'https://example.com/x',
      'HTTPS://Example.com',
      'ftp://files.example.com',
      'ftps://files.example.com',
      'sftp://files.example.com',
      'file:///tmp/x',
      'mailto:ada@example.com',
      'tel:+41441234567',
      '',
    ]) {
      expect(normaliseLinkUrl(url)).toBe(url);
    }
  });
  it('prepends https:// to everything else', () => {
    expect(normaliseLinkUrl('example.com')).toBe('https://example.com');
    expect(normaliseLinkUrl('www.example.com/a?b=1')).toBe('https://www.example.com/a?b=1');
    expect(normaliseLinkUrl('javascript:alert(1)')).toBe('https://javascript:alert(1)');
    expect(normaliseLinkUrl('  example.com ')).toBe('https://example.com');
    expect(normaliseLinkUrl(null)).toBe('');
  });
  it('encodes a url once before it is applied', () => {
    expect(encodeLinkUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(encodeLinkUrl('https://example.com/a%20b')).toBe('https://example.com/a%20b');
    expect(encodeLinkUrl('https://example.com/100%')).toBe('https://example.com/100%25');
  });
  it('tells valid links from invalid ones', () => {
    expect(isValidLink('example.com')).toBe(true);
    expect(isValidLink('/hub/1')).toBe(true);
    expect(isValidLink('mailto:a@b.co')).toBe(true);
    expect(isValidLink('not a link')).toBe(false);
    expect(isValidLink('')).toBe(false);
  });
});
