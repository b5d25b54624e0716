import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, brandId, newContext, openSignedInPage, screenshot, signIn, skipE2E, VIEWPORTS } from '../support';

/*
 * The viewer's zoom in Chromium (issue 14 item 1): the percentage is relative to the original's pixels, and at
 * 100 % the image shown has the original's pixels, not the 1600 px preview scaled up.
 */

const WIDTH = 3000;
const HEIGHT = 2000;

/** A 3000 × 2000 photo-like JPEG: a gradient with circles, made here. */
async function photo(): Promise<Buffer> {
  const circles = Array.from({ length: 24 }, (_, i) => {
    const x = (i * 421) % WIDTH;
    const y = (i * 263) % HEIGHT;
    return `<circle cx="${x}" cy="${y}" r="${60 + (i % 5) * 30}" fill="hsl(${i * 15},70%,55%)"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#1d3b6b"/><stop offset="1" stop-color="#f0a050"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** The percentage the toolbar shows. */
async function zoomLevel(page: Page): Promise<number> {
  const text = (await page.locator('output.zoom__level').textContent()) ?? '';
  return Number.parseInt(text, 10);
}

/** What Fit must show: the image area less its margin, over the original's size (never above 100 %). */
async function expectedFit(page: Page): Promise<number> {
  const area = await page.locator('.zoom__viewport').evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight }));
  return Math.round(Math.min(1, (area.width - 32) / WIDTH, (area.height - 32) / HEIGHT) * 100);
}

describe.skipIf(skipE2E)('viewer zoom', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let viewerPath = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'Zoom test', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    const projectId = JSON.parse(made.body).data.id as number;
    const bytes = await photo();
    const assetId = await page.evaluate(
      async ({ base64, projectId }) => {
        const session = await (await fetch('/api/auth/session')).json();
        const form = new FormData();
        form.append('project_id', String(projectId));
        form.append('file', new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'big-photo.jpg', { type: 'image/jpeg' }));
        const headers = { 'X-CSRF-Token': session.data.csrfToken, Accept: 'application/json' };
        const up = await (await fetch('/api/upload', { method: 'POST', body: form, headers })).json();
        const created = await fetch('/api/asset', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ file_id: up.data.file_id, project_id: projectId, title: 'Big photo' }),
        });
        return (await created.json()).data.id as number;
      },
      { base64: bytes.toString('base64'), projectId },
    );
    // The previews are made in the background (expect.poll works only inside a test).
    for (let i = 0; i < 120; i++) {
      if (JSON.parse((await apiCall(page, 'GET', `/api/asset/${assetId}`)).body).data.status === 'FINISHED') break;
      await page.waitForTimeout(500);
    }
    viewerPath = `/brands/${brand}/projects/${projectId}/assets/${assetId}`;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function openViewer(p: Page): Promise<void> {
    await p.goto(viewerPath);
    const preview = p.locator('img.zoom__img');
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }

  it('fits relative to the original and shows its pixels at 100 %', async () => {
    await openViewer(page);
    // The preview is smaller than the original; Fit is relative to the original's 3000 px all the same.
    const previewWidth = await page.locator('img.zoom__img').evaluate((img: HTMLImageElement) => img.naturalWidth);
    expect(previewWidth).toBeLessThan(WIDTH);
    const fit = await expectedFit(page);
    expect(fit).toBeLessThan(50);
    expect(await zoomLevel(page)).toBe(fit);
    const canvasWidth = await page.locator('.zoom__canvas').evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.abs(canvasWidth - (WIDTH * fit) / 100)).toBeLessThan(WIDTH / 100);
    await screenshot(page, 'viewer-zoom-fit-desktop');

    await page.getByRole('button', { name: 'Actual size' }).click();
    expect(await zoomLevel(page)).toBe(100);
    expect(await page.locator('.zoom__canvas').evaluate((el) => el.getBoundingClientRect().width)).toBe(WIDTH);
    // The image over the preview, once loaded, has the original's pixels.
    const sharpImage = page.locator('img.zoom__piece--loaded');
    await sharpImage.first().waitFor({ timeout: 30_000 });
    const natural = await sharpImage.first().evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
    expect(natural.width).toBeGreaterThanOrEqual(WIDTH);
    expect(natural.height).toBeGreaterThanOrEqual(HEIGHT);
    expect(await sharpImage.first().evaluate((img) => img.getBoundingClientRect().width)).toBe(WIDTH);
    await screenshot(page, 'viewer-zoom-actual-desktop');

    // Keys on the image area: + and − step, 0 fits again.
    await page.getByRole('region', { name: /Preview/ }).focus();
    await page.keyboard.press('+');
    expect(await zoomLevel(page)).toBe(125);
    await page.keyboard.press('-');
    expect(await zoomLevel(page)).toBe(100);
    await page.keyboard.press('0');
    expect(await zoomLevel(page)).toBe(fit);
  });

  it('on a phone too, Fit is relative to the original', async () => {
    const mobile = await newContext(browser, { viewport: VIEWPORTS.mobile });
    try {
      const p = await mobile.newPage();
      await signIn(p);
      await openViewer(p);
      const fit = await expectedFit(p);
      expect(await zoomLevel(p)).toBe(fit);
      await p.getByRole('button', { name: 'Actual size' }).click();
      expect(await zoomLevel(p)).toBe(100);
      await p.locator('img.zoom__piece--loaded').first().waitFor({ timeout: 30_000 });
      expect(
        await p
          .locator('img.zoom__piece--loaded')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThanOrEqual(WIDTH);
    } finally {
      await mobile.close();
    }
  });
});
