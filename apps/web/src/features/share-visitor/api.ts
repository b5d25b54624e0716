import type { ConsentGrant, ShareLinkLookup, ShareVisitorAsset, ShareVisitorAssets, ShareVisitorFolder } from '@emblem/core';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';

/** What share-link visitors load (docs/api.md "Share links", the visitor part); public, no account. */

/** Assets per page of a folder or asset list. */
export const SHARE_PAGE_SIZE = 60;

const base = (token: string) => `/api/share-link/${encodeURIComponent(token)}`;

export const shareVisitorKeys = {
  all: (token: string) => ['share-visitor', token] as const,
  lookup: (token: string) => [...shareVisitorKeys.all(token), 'lookup'] as const,
  /** Everything that depends on this browser having unlocked the link. */
  content: (token: string) => [...shareVisitorKeys.all(token), 'content'] as const,
  folder: (token: string, folderId: number) => [...shareVisitorKeys.content(token), 'folder', folderId] as const,
  assets: (token: string) => [...shareVisitorKeys.content(token), 'assets'] as const,
  asset: (token: string, assetId: number) => [...shareVisitorKeys.content(token), 'asset', assetId] as const,
};

/**
 * GET /api/share-link/{token}: the link's type, target and lock state. Each call counts an opening, so it is asked
 * once per visit (kept until the page is left or the link is unlocked).
 */
export function shareLookupQuery(token: string) {
  return queryOptions({
    queryKey: shareVisitorKeys.lookup(token),
    queryFn: ({ signal }) => api<ShareLinkLookup>(base(token), { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/share-link/{token}/unlock: sets the link's unlock cookie. 401 "Wrong password", 429 with Retry-After. */
export const unlockShareLink = (token: string, password: string) =>
  api<{ unlocked: true; until: string }>(`${base(token)}/unlock`, { method: 'POST', body: { password } });

/**
 * POST /api/share-link/{token}/consent: records a visitor's acceptance of the licences a download asked for (decision
 * 0031) and answers the token the download then carries.
 */
export const acceptShareConsent = (token: string, assetIds: number[], licenceIds: number[]) =>
  api<ConsentGrant>(`${base(token)}/consent`, { method: 'POST', body: { asset_ids: assetIds, licence_ids: licenceIds } });

/** The terms a 409 "Consent required" of a download names (shared with the library's ZIPs). */
export { consentAskedBy } from '../licences/api';

/** The download address with the visitor's consent token. */
export const withConsent = (url: string, consentToken: string) =>
  `${url}${url.includes('?') ? '&' : '?'}consent=${encodeURIComponent(consentToken)}`;

const pageParam = (page: number) => `page=${page}&per_page=${SHARE_PAGE_SIZE}`;

/** The next page to ask for, or undefined when every asset is loaded. */
function nextPage<P extends { page: number; total: number; assets: unknown[] }>(last: P, all: P[]): number | undefined {
  const loaded = all.reduce((sum, p) => sum + p.assets.length, 0);
  return loaded < last.total && last.assets.length > 0 ? last.page + 1 : undefined;
}

/** GET /api/share-link/{token}/folders/{folderId}, page by page (sub-folders come with the first). */
export function shareFolderQuery(token: string, folderId: number) {
  return infiniteQueryOptions({
    queryKey: shareVisitorKeys.folder(token, folderId),
    queryFn: ({ signal, pageParam: page }) => api<ShareVisitorFolder>(`${base(token)}/folders/${folderId}?${pageParam(page)}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    retry: false,
  });
}

/** GET /api/share-link/{token}/assets: a collection's or an asset link's assets, page by page. */
export function shareAssetsQuery(token: string) {
  return infiniteQueryOptions({
    queryKey: shareVisitorKeys.assets(token),
    queryFn: ({ signal, pageParam: page }) => api<ShareVisitorAssets>(`${base(token)}/assets?${pageParam(page)}`, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    retry: false,
  });
}

/** GET /api/share-link/{token}/assets/{assetId}: one asset the link shows. */
export function shareAssetQuery(token: string, assetId: number) {
  return queryOptions({
    queryKey: shareVisitorKeys.asset(token, assetId),
    queryFn: ({ signal }) => api<ShareVisitorAsset>(`${base(token)}/assets/${assetId}`, { signal }),
    retry: false,
  });
}

/** The file name of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? null;
}

/** Hands a finished file (an object URL) to the browser under its name. Tests replace `save`; jsdom saves nothing. */
export const fileSaver = {
  save(objectUrl: string, fileName: string): void {
    const anchor = document.createElement('a');
    anchor.href = objectUrl;
    anchor.download = fileName;
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  },
};

/**
 * Downloads a visitor's file or ZIP through fetch, so a refusal (409 "Consent required", 403, 404, 401 after the
 * unlock ran out) is shown on the page with the server's words instead of the browser saving an error as a file,
 * and the bytes received can be shown as progress. The finished file is handed to the browser as a download.
 * `onProgress` gets the fraction received, or null while the size is unknown.
 */
export async function downloadSharedFile(url: string, onProgress: (fraction: number | null) => void, signal?: AbortSignal): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError(response.status, await response.text(), Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
  }
  const total = Number(response.headers.get('Content-Length'));
  const known = Number.isFinite(total) && total > 0;
  onProgress(known ? 0 : null);
  const chunks: BlobPart[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(known ? Math.min(1, received / total) : null);
    }
  } else {
    chunks.push(await response.blob());
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const blob = new Blob(chunks, { type });
  const objectUrl = URL.createObjectURL(blob);
  try {
    fileSaver.save(objectUrl, fileNameOf(response.headers.get('Content-Disposition')) ?? '');
  } finally {
    // The browser has taken the file once the click ran; keep the URL a moment for slow handlers.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
  }
}
