import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandId, openSignedInPage, screenshot, skipE2E } from '../support';

/**
 * An interrupted tus upload resumes: the browser's connection drops in the middle of a PATCH after part of the
 * body reached the server, and the web uploader (tus-js-client) asks the server where it stopped (HEAD) and sends
 * only the rest, from a non-zero Upload-Offset. The asset then appears with its preview, and its original is
 * byte for byte the file that was picked.
 */

interface TusRequest {
  method: string;
  offset: number | null;
  /** What the server answered (for the forwarded part of the cut PATCH, and for requests let through). */
  status?: number;
  serverOffset?: number;
  cut?: boolean;
}

/** A picture of noise: it does not compress, so half of its bytes are really half of the upload. */
async function noisePng(): Promise<Buffer> {
  return sharp({
    create: { width: 360, height: 240, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
  })
    .png()
    .toBuffer();
}

describe.skipIf(skipE2E)('resumable uploads', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const id = await brandId(page, 'Acme');
    await page.goto(`/brands/${id}`);
    await page.getByRole('button', { name: 'New library or project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New library or project' });
    await dialog.getByLabel('Name', { exact: true }).fill('Resume Media');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Resume Media' }).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('continues from where the server stopped after the connection drops mid-PATCH', async () => {
    const bytes = await noisePng();
    const seen: TusRequest[] = [];
    const handler = async (route: Route) => {
      const request = route.request();
      const method = request.method();
      const header = request.headers()['upload-offset'];
      const entry: TusRequest = { method, offset: header === undefined ? null : Number(header) };
      seen.push(entry);
      const first = method === 'PATCH' && !seen.slice(0, -1).some((r) => r.method === 'PATCH');
      if (!first) {
        const response = await route.fetch();
        entry.status = response.status();
        const offset = response.headers()['upload-offset'];
        if (offset !== undefined) entry.serverOffset = Number(offset);
        await route.fulfill({ response });
        return;
      }
      // The first PATCH: only the first 40% of its body reaches the server, then the connection resets.
      const body = request.postDataBuffer();
      if (!body) throw new Error('The PATCH body is not visible to the test');
      const part = Math.floor(body.length * 0.4);
      const partial = await route.fetch({
        headers: { ...request.headers(), 'content-length': String(part) },
        postData: body.subarray(0, part),
      });
      entry.status = partial.status();
      entry.serverOffset = Number(partial.headers()['upload-offset']);
      entry.cut = true;
      await route.abort('connectionreset');
    };
    await page.route('**/api/upload/tus/*', handler);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await (await chooser).setFiles({ name: 'noise.png', mimeType: 'image/png', buffer: bytes });

    const panel = page.getByRole('region', { name: /Uploads/ });
    await panel.getByRole('button', { name: 'Uploads 1 uploaded' }).waitFor({ timeout: 30_000 });
    await page.unroute('**/api/upload/tus/*', handler);

    const patches = seen.filter((r) => r.method === 'PATCH');
    const [cut, resumed] = patches;
    // The cut PATCH started at 0 and the server kept what arrived of it.
    expect(cut).toMatchObject({ offset: 0, cut: true, status: 204 });
    const kept = cut?.serverOffset ?? 0;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(bytes.length);
    // The uploader asked where to go on, then sent only the rest, from that offset.
    const headAt = seen.findIndex((r) => r.method === 'HEAD');
    expect(headAt).toBeGreaterThan(seen.indexOf(cut as TusRequest));
    expect(seen[headAt]).toMatchObject({ status: 200, serverOffset: kept });
    expect(patches).toHaveLength(2);
    expect(resumed).toMatchObject({ offset: kept, status: 204, serverOffset: bytes.length });
    expect(patches.filter((p) => (p.offset ?? 0) > 0)).toHaveLength(1);

    // The asset appears, with a preview, and its original is exactly the picked file.
    const tile = page.getByRole('gridcell').filter({ has: page.locator('.tile__title', { hasText: /^noise$/ }) });
    await tile.waitFor();
    await expect
      .poll(
        () =>
          tile
            .locator('img.tile__img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.src.includes('/api/file-icon/'))
            .catch(() => false),
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
    await screenshot(page, 'upload-resumed-1280');
    await tile.click();
    await page.waitForURL((url) => /\/assets\/\d+$/.test(url.pathname));
    const assetId = Number(new URL(page.url()).pathname.split('/').pop());
    const original = await page.evaluate(async (id) => {
      const file = await fetch(`/api/asset/${id}/download`, { credentials: 'same-origin' });
      return file.ok ? Array.from(new Uint8Array(await file.arrayBuffer())) : null;
    }, assetId);
    expect(original && Buffer.from(original).equals(bytes)).toBe(true);
  });
});
