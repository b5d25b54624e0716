import { describe, expect, it } from 'vitest';
import { fitsStorage, isExtensionAllowed, partitionByExtension } from './precheck';

describe('upload pre-checks', () => {
  it('checks extensions case-insensitively against allowed (null = any) and blocked lists', () => {
    const media = { allowed: ['png', '.JPG', 'pdf'], blocked: ['exe'] };
    expect(isExtensionAllowed('Photo.PNG', media)).toBe(true);
    expect(isExtensionAllowed('scan.jpg', media)).toBe(true);
    expect(isExtensionAllowed('notes.txt', media)).toBe(false);
    expect(isExtensionAllowed('README', media)).toBe(false);
    const any = { allowed: null, blocked: ['exe', '.bat'] };
    expect(isExtensionAllowed('notes.txt', any)).toBe(true);
    expect(isExtensionAllowed('README', any)).toBe(true);
    expect(isExtensionAllowed('setup.EXE', any)).toBe(false);
    expect(isExtensionAllowed('run.bat', any)).toBe(false);
    const { accepted, refused } = partitionByExtension([{ name: 'a.png' }, { name: 'b.exe' }], media);
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(refused.map((f) => f.name)).toEqual(['b.exe']);
  });

  it('storage: limit 0 is unlimited; otherwise used plus new must stay within the limit', () => {
    expect(fitsStorage({ used_bytes: 10 ** 12, limit_bytes: 0, used_kb: 10 ** 9, max_kb: 0 }, 10 ** 9)).toBe(true);
    expect(fitsStorage({ used_bytes: 900, limit_bytes: 1000, used_kb: 1, max_kb: 0 }, 100)).toBe(true);
    expect(fitsStorage({ used_bytes: 900, limit_bytes: 1000, used_kb: 1, max_kb: 0 }, 101)).toBe(false);
  });
});
