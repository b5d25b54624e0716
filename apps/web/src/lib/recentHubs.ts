import { ERROR_PAGE_RECENT_LINKS, type RecentHubLink } from '@emblem/core';

/** Recently visited guideline hubs, newest first, for the error page's quick links. */
export const RECENT_HUBS_KEY = 'emblem_recent_hubs';
const MAX_STORED = 20;

function isRecentHub(value: unknown): value is RecentHubLink {
  if (typeof value !== 'object' || value === null) return false;
  const { hubId, hubTitle } = value as Record<string, unknown>;
  return typeof hubId === 'number' && Number.isFinite(hubId) && typeof hubTitle === 'string';
}

function write(list: RecentHubLink[]): void {
  try {
    window.localStorage.setItem(RECENT_HUBS_KEY, JSON.stringify(list.slice(0, MAX_STORED)));
  } catch {
    // Storage full or blocked: the list is a convenience only.
  }
}

export function getRecentHubs(): RecentHubLink[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENT_HUBS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentHub) : [];
  } catch {
    return [];
  }
}

/** The links the error page shows: at most four. */
export function getErrorPageHubLinks(): RecentHubLink[] {
  return getRecentHubs().slice(0, ERROR_PAGE_RECENT_LINKS);
}

export function rememberHub(hub: RecentHubLink): void {
  write([hub, ...getRecentHubs().filter((h) => h.hubId !== hub.hubId)]);
}

/** When a hub page is visited from the list, it leaves the list. */
export function forgetHub(hubId: number): void {
  write(getRecentHubs().filter((h) => h.hubId !== hubId));
}
