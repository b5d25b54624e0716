/**
 * Near-duplicate grouping by perceptual hash (decision 0042). Hashes are 64-bit dHashes; two images are similar when
 * their hashes differ in at most `maxDistance` bits, and similarity is taken transitively (union-find).
 */

/** The default Hamming distance threshold for "similar images". */
export const SIMILAR_MAX_DISTANCE = 6;
/** The pigeonhole on the hash's 8 bytes finds every pair within 7 bits; a larger threshold would miss pairs. */
export const SIMILAR_DISTANCE_LIMIT = 7;

const MASK64 = (1n << 64n) - 1n;

/** The hash as stored on a revision (16 hex digits), as an unsigned 64-bit integer; null when it is not one. */
export function phashOf(hex: string | null | undefined): bigint | null {
  if (!hex || !/^[0-9a-fA-F]{1,16}$/.test(hex)) return null;
  return BigInt(`0x${hex}`);
}

/** Bits in which two 64-bit hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = (a ^ b) & MASK64;
  let n = 0;
  while (x !== 0n) {
    x &= x - 1n;
    n++;
  }
  return n;
}

function find(parent: number[], i: number): number {
  let root = i;
  while (parent[root] !== root) root = parent[root] as number;
  let at = i;
  while (parent[at] !== root) {
    const next = parent[at] as number;
    parent[at] = root;
    at = next;
  }
  return root;
}

/**
 * Groups of ids whose hashes chain together within `maxDistance` bits, each of at least two ids, ids ascending,
 * groups ordered by their lowest id. Candidates come from buckets of equal bytes (8 buckets per hash), so pairs
 * that share no byte are never compared; by the pigeonhole principle they differ in at least 8 bits.
 */
export function similarGroups(items: readonly { id: number; phash: bigint }[], maxDistance = SIMILAR_MAX_DISTANCE): number[][] {
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > SIMILAR_DISTANCE_LIMIT)
    throw new RangeError(`maxDistance must be a whole number from 0 to ${SIMILAR_DISTANCE_LIMIT}`);
  const parent = items.map((_, i) => i);
  const buckets = new Map<number, number[]>();
  items.forEach((item, i) => {
    for (let b = 0; b < 8; b++) {
      const key = b * 256 + Number((item.phash >> BigInt(b * 8)) & 0xffn);
      const list = buckets.get(key);
      if (list) list.push(i);
      else buckets.set(key, [i]);
    }
  });
  for (const members of buckets.values()) {
    for (let x = 0; x < members.length; x++) {
      const i = members[x] as number;
      for (let y = x + 1; y < members.length; y++) {
        const j = members[y] as number;
        const ri = find(parent, i);
        const rj = find(parent, j);
        if (ri === rj) continue;
        if (hammingDistance((items[i] as { phash: bigint }).phash, (items[j] as { phash: bigint }).phash) <= maxDistance)
          parent[Math.max(ri, rj)] = Math.min(ri, rj);
      }
    }
  }
  const groups = new Map<number, number[]>();
  items.forEach((item, i) => {
    const root = find(parent, i);
    const list = groups.get(root);
    if (list) list.push(item.id);
    else groups.set(root, [item.id]);
  });
  return [...groups.values()]
    .filter((g) => g.length >= 2)
    .map((g) => g.sort((a, b) => a - b))
    .sort((a, b) => (a[0] as number) - (b[0] as number));
}
