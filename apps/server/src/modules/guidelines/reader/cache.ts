import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/**
 * Rendered reader pages, in memory. A page's key names everything its HTML depends on that one small query reads
 * (access.ts): the page, the document's `content_version` (raised by every change inside the document) and
 * `version`, the live page list (titles in the navigation), the portal's `modified_at` and visibility, the view, the
 * address the reader came through and the UTC day (media URLs are signed per day). A changed key is a miss, so
 * nothing is purged on writes; what the key cannot see (an asset renamed, replaced or given a new media token) ends
 * with the entry's time to live, and an entry never outlives the first expiry of an asset it shows.
 */

/** Entries kept (LRU beyond that) and their total size. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;
/** How long a rendered page is served for changes the key does not see. */
export const PAGE_TTL_MS = 10 * 60 * 1000;

export interface CachedPage {
  html: string;
  /** The HTML gzipped once, for the (nearly all) browsers that accept it. */
  gzip: Buffer;
  etag: string;
}

export class PageCache {
  private readonly lru = new LRUCache<string, CachedPage>({
    max: MAX_ENTRIES,
    maxSize: MAX_BYTES,
    sizeCalculation: (v) => v.html.length * 2 + v.gzip.length + 200,
    ttl: PAGE_TTL_MS,
    ttlAutopurge: false,
  });

  get(key: string): CachedPage | undefined {
    return this.lru.get(key);
  }

  /** Stores a page; `expiresAt` (ms) shortens its life when an asset it shows expires sooner. */
  set(key: string, html: string, expiresAt: number | null): CachedPage {
    const page = renderedPage(html);
    const ttl = expiresAt === null ? PAGE_TTL_MS : Math.min(PAGE_TTL_MS, expiresAt - Date.now());
    if (ttl > 0) this.lru.set(key, page, { ttl });
    return page;
  }

  get size(): number {
    return this.lru.size;
  }
}

/** A page ready to send: its HTML, gzipped, and its ETag. */
export function renderedPage(html: string): CachedPage {
  return { html, gzip: gzipSync(html, { level: 6 }), etag: etagOf(html) };
}

export function etagOf(html: string): string {
  return `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
}

/** The UTC day number: media URLs in a page are signed per day. */
export function utcDay(now = Date.now()): number {
  return Math.floor(now / 86_400_000);
}
