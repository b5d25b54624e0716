import { describe, expect, it } from 'vitest';
import { allowedExtensions, extensionRefusal, LIBRARY_TYPES } from './types.js';

describe('allowedExtensions', () => {
  it('names each extension once for every library type (the refusal dialog lists them)', () => {
    for (const type of LIBRARY_TYPES) {
      const list = allowedExtensions(type) ?? [];
      expect(new Set(list).size, `${type}: ${list.join(' ')}`).toBe(list.length);
    }
    expect(allowedExtensions('DOCUMENTLIBRARY')).toBeNull();
    expect(allowedExtensions('LOGOLIBRARY')?.filter((e) => e === 'eps')).toEqual(['eps']);
  });

  it('accepts anything in a workspace and refuses what a library does not take', () => {
    expect(allowedExtensions('WORKSPACE')).toBeNull();
    expect(extensionRefusal('eps', 'LOGOLIBRARY', [])).toBeNull();
    expect(extensionRefusal('mp4', 'LOGOLIBRARY', [])).toBe('Files of type .mp4 are not allowed here');
  });
});
