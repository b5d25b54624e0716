import { extensionOf } from '@emblem/core';
import type { ExtensionRules, StorageUsage } from '../projects/api';

function normalise(extension: string): string {
  return extension.trim().toLowerCase().replace(/^\./, '');
}

/**
 * Whether a file name may be uploaded under these rules: never with a blocked extension; with an allow-list, only
 * with one of its extensions (so not without one).
 */
export function isExtensionAllowed(name: string, rules: ExtensionRules): boolean {
  const ext = extensionOf(name);
  if (rules.blocked.some((b) => normalise(b) === ext && ext !== '')) return false;
  if (rules.allowed === null) return true;
  return ext !== '' && rules.allowed.some((a) => normalise(a) === ext);
}

export function partitionByExtension<T extends { name: string }>(
  files: readonly T[],
  rules: ExtensionRules,
): { accepted: T[]; refused: T[] } {
  const accepted: T[] = [];
  const refused: T[] = [];
  for (const file of files) (isExtensionAllowed(file.name, rules) ? accepted : refused).push(file);
  return { accepted, refused };
}

/** Whether adding `bytes` stays within the account's storage (limit 0 = unlimited). */
export function fitsStorage(usage: StorageUsage, bytes: number): boolean {
  return usage.limit_bytes <= 0 || usage.used_bytes + bytes <= usage.limit_bytes;
}
