import { revealTab } from './tabs';

/**
 * Deep links (routes-access-shell.md §2.8): `#/{section or -}/{block}[:{item}]`. A hash of two segments (`#/{block}`)
 * gets the '-' section inserted. The target (the item, else the block, else the section) is shown (its tab
 * selected), scrolled to and focused. Plain anchors (`#section-1`, `#block-2`) work without the script; here
 * they also select their tab.
 */
export interface HashTarget {
  /** The hash as it should read (with '-' inserted). */
  hash: string;
  ids: string[];
}

export function parseHash(hash: string): HashTarget | null {
  if (!hash.startsWith('#/')) {
    const id = decodeURIComponent(hash.slice(1));
    return id ? { hash, ids: [id] } : null;
  }
  let parts = hash.split('/');
  if (parts.length === 2) parts = [parts[0]!, '-', parts[1]!];
  const [, section = '-', blockAndItem = ''] = parts;
  const [block = '', item] = blockAndItem.split(':');
  const ids: string[] = [];
  if (/^\d+$/.test(block)) {
    if (item !== undefined && /^[\w-]+$/.test(item)) ids.push(`block-${block}-${item}`);
    ids.push(`block-${block}`);
  }
  if (/^\d+$/.test(section)) ids.push(`section-${section}`);
  return ids.length ? { hash: parts.join('/'), ids } : null;
}

export function followHash(): void {
  const target = parseHash(window.location.hash);
  if (!target) return;
  if (target.hash !== window.location.hash) history.replaceState(history.state, '', target.hash);
  const element = target.ids.map((id) => document.getElementById(id)).find((e) => e !== null);
  if (!element) return;
  revealTab(element);
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.scrollIntoView({ block: 'start' });
  element.focus({ preventScroll: true });
  element.classList.add('is-target');
  window.setTimeout(() => element.classList.remove('is-target'), 2000);
}

export function setUpHash(): void {
  followHash();
  window.addEventListener('hashchange', followHash);
}
