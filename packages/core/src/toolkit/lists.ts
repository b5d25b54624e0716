/** Tag input: split on commas, trim, ignore empty entries, skip duplicates (case-insensitive, also of `existing`). */
export function splitTags(input: string, existing: readonly string[] = []): string[] {
  const seen = new Set(existing.map((t) => t.toLocaleLowerCase()));
  const result: string[] = [];
  for (const part of input.split(',')) {
    const tag = part.trim();
    const key = tag.toLocaleLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

function slugPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A new list entry without a value gets an index-and-slug value, e.g. `3-primary-blue`; `3` without a label. */
export function listEntryValue(index: number, label: string): string {
  const slug = slugPart(label);
  return slug ? `${index}-${slug}` : String(index);
}

/** Moves an item of a list (reorder); out-of-range moves return the list unchanged. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  return next;
}

/** Search list keyboard rule: up/down arrows scroll when the index is above 7 (down) or below 4 (up). */
export function searchListScrolls(index: number, key: 'ArrowDown' | 'ArrowUp'): boolean {
  return key === 'ArrowDown' ? index > 7 : index < 4;
}
