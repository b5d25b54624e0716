import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes the entries of `dir` last modified more than `olderThanMs` ago, or all of them when `olderThanMs` is 0
 * (only plain files with `filesOnly`, so sub-directories with their own sweep stay). A missing directory is fine.
 * Returns how many entries were removed and the bytes of the plain files among them.
 */
export async function sweepStaleEntries(
  dir: string,
  olderThanMs: number,
  opts: { filesOnly?: boolean } = {},
): Promise<{ entries: number; bytes: number }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { entries: 0, bytes: 0 };
  }
  const cutoff = olderThanMs > 0 ? Date.now() - olderThanMs : Number.POSITIVE_INFINITY;
  let entries = 0;
  let bytes = 0;
  for (const name of names) {
    const path = join(dir, name);
    const s = await stat(path).catch(() => null);
    if (!s || s.mtimeMs >= cutoff || (opts.filesOnly && !s.isFile())) continue;
    await rm(path, { force: true, recursive: true });
    entries++;
    if (s.isFile()) bytes += s.size;
  }
  return { entries, bytes };
}

/** sweepStaleEntries, returning only how many entries were removed. */
export async function removeStaleEntries(dir: string, olderThanMs: number, opts: { filesOnly?: boolean } = {}): Promise<number> {
  return (await sweepStaleEntries(dir, olderThanMs, opts)).entries;
}
