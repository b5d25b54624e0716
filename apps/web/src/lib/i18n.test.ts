import { describe, expect, it } from 'vitest';
import i18next, { namespaces, resources } from './i18n';

/** Every leaf key of a namespace file, with its feature prefix (`library.empty.title`). */
function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locale namespaces', () => {
  it('holds each key in exactly one namespace file', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const ns of namespaces) {
      for (const key of leafKeys(resources.en[ns])) {
        const first = owner.get(key);
        if (first) clashes.push(`${key} (${first}, ${ns})`);
        else owner.set(key, ns);
      }
    }
    expect(clashes).toEqual([]);
    expect(owner.size).toBeGreaterThan(1000);
  });

  it('finds a key of any namespace without naming the namespace', () => {
    for (const ns of namespaces) {
      const [key] = leafKeys(resources.en[ns]);
      expect(i18next.exists(key!), `${ns}: ${key}`).toBe(true);
      expect(i18next.t(key as never)).not.toBe(key);
    }
    expect(i18next.exists('library.no-such-key')).toBe(false);
  });
});
