import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, newContext, openSignedInPage, signIn, skipE2E, VIEWPORTS } from '../support';

/* Collections in Chromium (issue 12): add a selection to a new collection, reorder and remove, add from the viewer. */

function tile(page: Page, title: string) {
  return page.getByRole('gridcell').filter({ has: page.locator('.tile__title', { hasText: new RegExp(`^${title}$`) }) });
}

describe.skipIf(skipE2E)('collections', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let libraryPath = '';
  let folderPath = '';
  const titles: { id: number; title: string }[] = [];

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'Collections test', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    const projectId = JSON.parse(made.body).data.id as number;
    libraryPath = `/brands/${brand}/projects/${projectId}`;
    const folder = await apiCall(page, 'POST', `/api/set/create/${projectId}`, { name: 'Picks', parent: null });
    const setId = JSON.parse(folder.body).data.id as number;
    folderPath = `${libraryPath}/folders/${setId}`;
    for (const title of ['North', 'East', 'South', 'West']) {
      const res = await apiCall(page, 'POST', '/api/asset', {
        object_type: 'URL',
        external_url: `https://example.com/${title}`,
        title,
        project_id: projectId,
        set_id: setId,
      });
      expect(res.status, res.body).toBe(201);
      titles.push({ id: JSON.parse(res.body).data.id, title });
    }
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('adds selected assets to a new collection, which lists them in order; reorders and removes them', async () => {
    await page.goto(folderPath);
    await tile(page, 'North').waitFor();
    await tile(page, 'North').click({ modifiers: ['Control'] });
    await tile(page, 'East').click({ modifiers: ['Control'] });
    await tile(page, 'South').click({ modifiers: ['Control'] });
    await page.getByRole('button', { name: 'Add to collection…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 3 assets to a collection' });
    await dialog.getByText('No collection you can change').waitFor();
    await dialog.getByRole('button', { name: 'New collection…' }).click();
    const form = page.getByRole('dialog', { name: 'New collection' });
    await form.getByRole('textbox', { name: 'Name' }).fill('Compass');
    await form.getByRole('button', { name: 'Create collection' }).click();
    await page.getByText('Added 3 assets to “Compass”.').waitFor();

    await page.getByRole('link', { name: 'Collections', exact: true }).click();
    const card = page.getByRole('link', { name: /Compass/ });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 assets');
    await audit(page, 'collections-list');
    await card.click();
    await page.getByRole('heading', { level: 1, name: 'Compass' }).waitFor();
    const list = page.getByRole('list', { name: 'Assets of Compass' });
    const order = async () => (await list.getByRole('link').allTextContents()).map((s) => s.trim());
    await expect.poll(order).toHaveLength(3);
    const [first, , last] = await order();
    await page.getByRole('button', { name: `Actions for ${last}` }).click();
    await page.getByRole('menuitem', { name: 'Move to the start' }).click();
    await expect.poll(async () => (await order())[0]).toBe(last);
    await page.getByRole('button', { name: `Actions for ${first}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from collection' }).click();
    await expect.poll(order).toHaveLength(2);
    expect(await order()).not.toContain(first);
    await page.getByText('2 assets').waitFor();
    await audit(page, 'collections-detail');
  });

  it('adds an asset from the viewer, and shows the collection on a phone', async () => {
    const west = titles.find((t) => t.title === 'West');
    await page.goto(`${libraryPath}/assets/${west?.id}`);
    await page.getByRole('heading', { level: 1, name: 'West' }).waitFor();
    await page.getByRole('button', { name: 'Add to collection…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add 1 asset to a collection' });
    // The radio itself is visually hidden (React Aria); its label is what people click.
    await dialog.locator('label', { hasText: 'Compass' }).click();
    expect(await dialog.getByRole('radio', { name: /Compass/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1 asset to “Compass”.' }).waitFor({ state: 'attached' });

    const phone = await newContext(browser, { viewport: VIEWPORTS.mobile });
    const small = await phone.newPage();
    await signIn(small);
    await small.goto(`${libraryPath}/collections`);
    const card = small.getByRole('link', { name: /Compass/ });
    await card.waitFor();
    expect(await card.textContent()).toContain('3 assets');
    await card.click();
    await small.getByRole('list', { name: 'Assets of Compass' }).getByRole('link', { name: 'West' }).waitFor();
    await audit(small, 'collections-detail-390');
    await phone.close();
  });
});
