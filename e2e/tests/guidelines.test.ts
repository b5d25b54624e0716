import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  brandId,
  launchBrowser,
  newContext,
  screenshot,
  seriousViolations,
  settled,
  signIn,
  skipE2E,
  VIEWPORTS,
} from '../support';

/**
 * Guideline portals end to end (issue 11): a brand manager builds a small guideline, makes its portal public, and a
 * visitor without an account reads it, follows a deep link, downloads an asset and the ZIP, and loses it when the
 * portal becomes ACCOUNT-only. axe-core checks the editor and the reader at 1280 and 390 px.
 */
describe.skipIf(skipE2E)('guideline portals', () => {
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser);
    page = await admin.newPage();
    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A JSON call as the signed-in admin; fails the test on an unexpected status. */
  async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown, status = method === 'POST' ? 201 : 200) {
    const res = await apiCall(page, method, path, body);
    expect(res.status, `${method} ${path}: ${res.body}`).toBe(status);
    return (JSON.parse(res.body) as { data: T }).data;
  }

  /** The ids of the demo brand's logos by title. */
  async function demoAssets(brand: number): Promise<Record<string, number>> {
    const projects = await api<{ id: number; name: string }[]>('GET', `/api/brand/${brand}/projects`);
    const out: Record<string, number> = {};
    for (const name of ['Logos']) {
      const project = projects.find((p) => p.name === name);
      expect(project, name).toBeTruthy();
      const list = await api<{ items?: { id: number; title: string }[] } | { id: number; title: string }[]>(
        'POST',
        '/api/asset/list',
        { project_id: project?.id, limit: 50 },
        200,
      );
      const items = Array.isArray(list) ? list : (list.items ?? []);
      for (const a of items) out[a.title] = a.id;
    }
    return out;
  }

  it('is built, published, read anonymously with deep links and downloads, and hidden again when ACCOUNT-only', async () => {
    const brand = await brandId(page, 'Acme');
    const assets = await demoAssets(brand);
    const portal = await api<{ id: number }>('POST', '/api/portal', { brand_id: brand, title: 'Acme e2e portal' });

    // The editor: a new document from the guidelines page opens in the editor with its cover page.
    await page.goto(`/brands/${brand}/guidelines`);
    const portalItem = page.getByRole('article').filter({ hasText: 'Acme e2e portal' }).first();
    await portalItem.getByRole('button', { name: 'New document' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel('Title').fill('Field guide');
    await create.getByRole('button', { name: 'Create document' }).click();
    await page.waitForURL(/\/guidelines\/documents\/\d+/);
    const documentId = Number(/documents\/(\d+)/.exec(page.url())?.[1]);
    await page.getByLabel('Pages of the document').first().waitFor();

    // Two pages, and blocks on them (the settings as an editor's drawer would save them).
    const doc = await api<{ cover_page_id: number; version: number }>('GET', `/api/document/${documentId}`);
    const logoPage = await api<{ id: number }>('POST', `/api/document/${documentId}/pages`, { title: 'Logo' });
    const colourPage = await api<{ id: number }>('POST', `/api/document/${documentId}/pages`, { title: 'Colour' });
    const coverSection = await api<{ id: number }>('POST', `/api/page/${doc.cover_page_id}/sections`, { column_proportions: [1] });
    await api('POST', `/api/section/${coverSection.id}/blocks`, {
      type: 'text',
      column: 0,
      settings: { html: '<p>Everything a partner needs to use the Acme brand.</p>' },
    });
    const logoSection = await api<{ id: number }>('POST', `/api/page/${logoPage.id}/sections`, { column_proportions: [1, 1] });
    await api('POST', `/api/section/${logoSection.id}/blocks`, {
      type: 'dodont',
      column: 0,
      settings: {
        items: [
          { asset_id: assets['Acme logo'], verdict: 'DO', note: 'On a calm ground' },
          { asset_id: assets['Acme logo (white)'], verdict: 'DONT', note: 'The white logo on a light ground' },
        ],
      },
    });
    const downloads = await api<{ id: number }>('POST', `/api/section/${logoSection.id}/blocks`, {
      type: 'downloads',
      column: 1,
      settings: { title: 'Logo files', asset_ids: [assets['Acme logo'], assets['Acme logo (PNG)']] },
    });
    const colourSection = await api<{ id: number }>('POST', `/api/page/${colourPage.id}/sections`, { column_proportions: [2, 1] });
    const palette = await api<{ id: number }>('POST', `/api/section/${colourSection.id}/blocks`, {
      type: 'palette',
      column: 0,
      settings: { title: 'Brand colours', colors: [{ name: 'Acme Navy', hex: '#1F2A44', pantone: 'Pantone 2767 C' }] },
    });
    await api('POST', `/api/section/${colourSection.id}/blocks`, {
      type: 'typography',
      column: 1,
      settings: { family: 'Inter', weights: [400, 700], styles: [{ name: 'Body', size: 16, weight: 400 }] },
    });

    // The editor shows the pages and the blocks; axe finds nothing serious at both widths.
    await page.goto(`/brands/${brand}/guidelines/documents/${documentId}/${colourPage.id}`);
    await page.getByText('Acme Navy').first().waitFor();
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await settled(page);
      await screenshot(page, `guideline-editor-${label}-${viewport.width}`);
      const violations = await seriousViolations(page);
      expect(violations, `axe on the editor at ${viewport.width}px:\n${violations.join('\n')}`).toEqual([]);
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // Publish the document and make the portal public.
    await api('PATCH', `/api/document/${documentId}`, { version: doc.version, published: true });
    await api('PATCH', `/api/portal/${portal.id}`, { visibility: 'PUBLIC' });
    const { token } = await api<{ token: string }>('GET', `/api/portal/${portal.id}/token`);

    // A visitor without an account: the /d/{token} address, a deep link with a two-segment hash, downloads.
    const visitor = await newContext(browser, { viewport: VIEWPORTS.desktop });
    const reader = await visitor.newPage();
    const hub = await reader.goto(`/d/${token}`);
    expect(hub?.status()).toBe(200);
    await reader.getByRole('link', { name: 'Field guide' }).first().click();
    await reader.getByText('Everything a partner needs to use the Acme brand.').waitFor();

    await reader.goto(`/document/${documentId}/${colourPage.id}#/${palette.id}`);
    // Two segments get the '-' section inserted, and the block is scrolled to.
    await expect.poll(() => reader.evaluate(() => location.hash)).toBe(`#/-/${palette.id}`);
    await expect
      .poll(() =>
        reader.evaluate((id) => {
          const box = document.getElementById(`block-${id}`)?.getBoundingClientRect();
          return box ? box.top >= 0 && box.top < window.innerHeight : false;
        }, palette.id),
      )
      .toBe(true);
    await reader.getByText('#1F2A44').first().waitFor();

    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await reader.setViewportSize(viewport);
      await settled(reader);
      await screenshot(reader, `guideline-reader-${label}-${viewport.width}`);
      const violations = await seriousViolations(reader);
      expect(violations, `axe on the reader at ${viewport.width}px:\n${violations.join('\n')}`).toEqual([]);
    }
    await reader.setViewportSize(VIEWPORTS.desktop);

    await reader.goto(`/document/${documentId}/${logoPage.id}`);
    const [one] = await Promise.all([
      reader.waitForEvent('download'),
      reader
        .getByRole('link', { name: /^Download Acme logo \(PNG\)/ })
        .first()
        .click(),
    ]);
    expect(one.suggestedFilename()).toMatch(/\.png$/);
    const [zip] = await Promise.all([reader.waitForEvent('download'), reader.getByRole('link', { name: 'Download all (ZIP)' }).click()]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    const zipPath = await zip.path();
    expect(zipPath).toBeTruthy();

    // An image the page shows loads for the visitor; an asset on no public block does not.
    const shown = await reader.evaluate(() => {
      const img = document.querySelector<HTMLImageElement>(`img[src*="/media/"]`);
      return img ? { src: img.currentSrc || img.src, ok: img.complete && img.naturalWidth > 0 } : null;
    });
    expect(shown?.ok).toBe(true);
    const other = await reader.request.get(`/api/guideline-block/${downloads.id}/assets/${assets['Acme mark']}/download`);
    expect(other.status()).toBe(404);

    // ACCOUNT-only: the pages, the token address and the media URL the visitor had stop working.
    await api('PATCH', `/api/portal/${portal.id}`, { visibility: 'ACCOUNT' });
    expect((await reader.goto(`/document/${documentId}/${logoPage.id}`))?.status()).toBe(404);
    expect((await reader.goto(`/d/${token}`))?.status()).toBe(404);
    expect((await reader.request.get(shown?.src ?? '/')).status()).toBeGreaterThanOrEqual(400);
    expect((await reader.request.get(`/api/guideline-block/${downloads.id}/download.zip`)).status()).toBe(404);
    await visitor.close();
  });
});
