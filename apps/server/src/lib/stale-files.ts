import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Removes the entries of `dir` last modified more than `olderThanMs` ago (only plain files with `filesOnly`, so
 * sub-directories with their own sweep stay). A missing directory is fine. Returns how many were removed.
 */
export async function removeStaleEntries(dir: string, olderThanMs: number, opts: { filesOnly?: boolean } = {}): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const s = await stat(path).catch(() => null);
    if (!s || s.mtimeMs >= cutoff || (opts.filesOnly && !s.isFile())) continue;
    await rm(path, { force: true, recursive: true });
    removed++;
  }
  return removed;
}
