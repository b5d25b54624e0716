import { describe, expect, it } from 'vitest';
import { hammingDistance, phashOf, similarGroups } from './grouping.js';
import { duplicateGroupParamsSchema, duplicatesQuerySchema, resolveDuplicatesBodySchema } from './schemas.js';

const h = (hex: string) => phashOf(hex) as bigint;

describe('hammingDistance and phashOf', () => {
  it('counts differing bits over the whole 64-bit range', () => {
    expect(hammingDistance(h('0000000000000000'), h('ffffffffffffffff'))).toBe(64);
    expect(hammingDistance(h('8000000000000001'), h('0000000000000000'))).toBe(2);
    expect(hammingDistance(h('abcdef0123456789'), h('abcdef0123456789'))).toBe(0);
  });
  it('reads 16 hex digits and refuses what is not a hash', () => {
    expect(phashOf('00000000000000ff')).toBe(255n);
    expect(phashOf(null)).toBeNull();
    expect(phashOf('xyz')).toBeNull();
    expect(phashOf('12345678901234567')).toBeNull();
  });
});

describe('similarGroups', () => {
  it('groups hashes within the threshold transitively and leaves lone ones out', () => {
    const groups = similarGroups([
      { id: 5, phash: h('ff00ff00ff00ff00') },
      // 3 bits from id 5
      { id: 2, phash: h('ff00ff00ff00ff07') },
      // 6 bits from id 2, 9 from id 5: joins through id 2
      { id: 9, phash: h('ff00ff00ff00c007') },
      { id: 4, phash: h('0123456789abcdef') },
      { id: 7, phash: h('0123456789abcdee') },
      { id: 8, phash: h('00ff00ff00ff00ff') },
    ]);
    expect(groups).toEqual([
      [2, 5, 9],
      [4, 7],
    ]);
  });
  it('finds pairs that differ by 7 bits spread over 7 bytes when the threshold is 7, and not above the threshold', () => {
    const a = { id: 1, phash: h('0000000000000000') };
    const b = { id: 2, phash: h('0001010101010101') };
    expect(similarGroups([a, b], 7)).toEqual([[1, 2]]);
    expect(similarGroups([a, b], 6)).toEqual([]);
  });
  it('compares exactly like every pair would on random hashes', () => {
    let seed = 42n;
    const next = () => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      return seed;
    };
    const items: { id: number; phash: bigint }[] = [];
    for (let i = 1; i <= 120; i++) {
      // Some are flips of an earlier hash, so that groups exist.
      const base = i > 3 && i % 3 === 0 ? (items[i - 3] as { phash: bigint }).phash : next();
      const flips = Number(next() % 6n);
      let p = base;
      for (let f = 0; f < flips; f++) p ^= 1n << (next() % 64n);
      items.push({ id: i, phash: p });
    }
    // Brute force union-find for comparison.
    const parent = items.map((_, i) => i);
    const root = (i: number): number => (parent[i] === i ? i : root(parent[i] as number));
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++)
        if (hammingDistance((items[i] as { phash: bigint }).phash, (items[j] as { phash: bigint }).phash) <= 6)
          parent[Math.max(root(i), root(j))] = Math.min(root(i), root(j));
    const expected = new Map<number, number[]>();
    items.forEach((it, i) => {
      expected.set(root(i), [...(expected.get(root(i)) ?? []), it.id]);
    });
    const brute = [...expected.values()].filter((g) => g.length >= 2);
    expect(brute.length).toBeGreaterThan(3);
    expect(similarGroups(items)).toEqual(brute);
  });
  it('refuses a threshold the byte buckets cannot answer', () => {
    expect(() => similarGroups([], 8)).toThrow(RangeError);
  });
});

describe('duplicate request schemas', () => {
  it('accepts the two group id forms and refuses others', () => {
    expect(duplicateGroupParamsSchema.safeParse({ id: '3', groupId: `e-${'a'.repeat(64)}` }).success).toBe(true);
    expect(duplicateGroupParamsSchema.safeParse({ id: '3', groupId: 's-12' }).success).toBe(true);
    for (const groupId of ['s-0', 'e-abc', `e-${'A'.repeat(64)}`, 'x-1', 's-12a'])
      expect(duplicateGroupParamsSchema.safeParse({ id: '3', groupId }).success, groupId).toBe(false);
  });
  it('refuses an unknown action, a missing keep id and an out-of-range limit', () => {
    expect(resolveDuplicatesBodySchema.safeParse({ keep_asset_id: 1, action: 'merge' }).success).toBe(true);
    expect(resolveDuplicatesBodySchema.safeParse({ keep_asset_id: 1, action: 'archive' }).success).toBe(false);
    expect(resolveDuplicatesBodySchema.safeParse({ action: 'delete' }).success).toBe(false);
    expect(duplicatesQuerySchema.safeParse({ limit: '51' }).success).toBe(false);
    expect(duplicatesQuerySchema.safeParse({ cursor: 'E-4', limit: '2' }).success).toBe(true);
  });
});
