/**
 * The hub a reader page belongs to joins the recent hub links that the 403 and 404 pages show (routes-access-shell.md
 * §2.11): the same list, in the same storage, as apps/web/src/lib/recentHubs.ts (newest first, each hub once), kept
 * here without the web app's code so the reader loads nothing else. reader.test.ts checks both sides agree.
 */
export const RECENT_HUBS_KEY = 'emblem_recent_hubs';
const MAX_STORED = 20;

interface RecentHub {
  hubId: number;
  hubTitle: string;
}

function read(storage: Storage): RecentHub[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_HUBS_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((h): h is RecentHub => typeof h?.hubId === 'number' && Number.isFinite(h.hubId) && typeof h.hubTitle === 'string')
      : [];
  } catch {
    return [];
  }
}

/** Puts the hub first in the list (moving it there when it was already in it). */
export function rememberHub(hub: RecentHub, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(RECENT_HUBS_KEY, JSON.stringify([hub, ...read(storage).filter((h) => h.hubId !== hub.hubId)].slice(0, MAX_STORED)));
  } catch {
    // Storage full or blocked: the list is a convenience only.
  }
}

/** Records the hub named on the page's body (`data-hub-id`, `data-hub-title`). */
export function rememberPageHub(body: HTMLElement): void {
  const id = Number(body.dataset.hubId);
  const title = body.dataset.hubTitle;
  if (Number.isInteger(id) && id > 0 && title) rememberHub({ hubId: id, hubTitle: title });
}
