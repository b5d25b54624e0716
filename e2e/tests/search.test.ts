import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, brandId, newContext, openSignedInPage, screenshot, settled, signIn, skipE2E, VIEWPORTS } from '../support';

/*
 * The asset search in Chromium (issue 13 §3, decision 0041): the demo admin types in the header field and sees
 * grouped suggestions, searches the demo brand by a word with two filters (type IS Image from the filter panel,
 * extension PNG from the facets), and the address alone opens the same search in a fresh signed-in browser.
 * axe-core at 1280 and 390 px with the filters open. Screenshots go to e2e/artifacts; SEARCH_SHOTS_DIR copies them.
 */

const WORD = 'logo';
const PNG_LOGO = 'Acme logo (PNG)';
const SVG_LOGO = 'Acme logo';

/** audit() (axe, and a screenshot in e2e/artifacts), copied to SEARCH_SHOTS_DIR when set. */
async function look(page: Page, name: string): Promise<void> {
  await audit(page, `search-${name}`);
  const dir = process.env.SEARCH_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(await screenshot(page, `search-${name}`), join(dir, `search-${name}.png`));
  }
}

/** The titles in the results grid, in order. */
async function resultTitles(page: Page): Promise<string[]> {
  const grid = page.getByRole('grid', { name: 'Search results' });
  await grid.waitFor();
  return grid.locator('.tile__title').allTextContents();
}

describe.skipIf(skipE2E)('asset search', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let brand = 0;
  let sharedUrl = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    brand = await brandId(page, 'Acme');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('the header field suggests as one types (grouped, assets first); Enter searches for the words', async () => {
    await page.goto(`/brands/${brand}`);
    const field = page.getByRole('combobox', { name: 'Search assets' });
    await field.waitFor();
    // "/" goes to the field from the page.
    await settled(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(WORD, { delay: 40 });
    const list = page.getByRole('listbox');
    await list
      .getByRole('option', { name: new RegExp(`^${SVG_LOGO.replace(/[()]/g, '\\$&')}`) })
      .first()
      .waitFor();
    expect(await list.getByRole('group', { name: 'Assets' }).count()).toBe(1);
    await screenshot(page, 'search-suggestions-1280');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/brands/${brand}/search` && url.searchParams.get('q') === WORD);
    const titles = await resultTitles(page);
    expect(titles).toEqual(expect.arrayContaining([SVG_LOGO, PNG_LOGO]));
  });

  it('searches by the word with two filters: type from the filter panel, extension from the facets', async () => {
    // Type IS Image, built in the panel.
    await page.getByRole('button', { name: /Field$/ }).click();
    await page.getByRole('option', { name: 'Type', exact: true }).click();
    await page.getByRole('button', { name: /(^| )Value$/ }).click();
    await page.getByRole('option', { name: 'Image', exact: true }).click();
    await page.getByRole('button', { name: 'Add filter' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('f')).toContain('type:IS:Image');
    await page.getByRole('list', { name: 'Active filters' }).getByText('Type is Image').waitFor();
    // Extension PNG, checked in the facets.
    await page
      .locator('label.search-facet__value')
      .filter({ has: page.getByRole('checkbox', { name: /^PNG, \d+ assets?$/ }) })
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('f')).toContain('extension:IS_ONE_OF:png');
    await expect.poll(() => resultTitles(page)).toEqual([PNG_LOGO]);
    await page.getByText('1 result', { exact: true }).waitFor();
    sharedUrl = page.url();
    expect(new URL(sharedUrl).search).toBe(`?q=${WORD}&f=type:IS:Image&f=extension:IS_ONE_OF:png`);
    await look(page, 'results-1280');
  });

  it('the copied address opens the same search and filters in a fresh signed-in browser', async () => {
    expect(sharedUrl, 'the address of the previous test').not.toBe('');
    const colleague = await newContext(browser);
    const p = await colleague.newPage();
    await signIn(p);
    await p.goto(sharedUrl);
    await expect.poll(() => resultTitles(p)).toEqual([PNG_LOGO]);
    const chips = p.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('listitem').allTextContents()).toEqual(['Type is Image×', 'Extension is one of png×']);
    expect(await p.getByRole('searchbox', { name: 'Search words' }).inputValue()).toBe(WORD);
    expect(await p.getByRole('checkbox', { name: /^PNG, 1 asset$/ }).isChecked()).toBe(true);
    // Back and forward walk through the searches: removing a filter, then back, restores it.
    await chips.getByRole('button', { name: 'Remove filter: Extension is one of png' }).click();
    await expect.poll(() => p.url()).not.toContain('extension');
    await expect.poll(async () => (await resultTitles(p)).length).toBeGreaterThan(1);
    await p.goBack();
    await expect.poll(() => resultTitles(p)).toEqual([PNG_LOGO]);
    await colleague.close();
  });

  it('at 390 px the filters are a dialog behind "Filters (2)"; axe finds nothing serious there', async () => {
    const phone = await newContext(browser, { viewport: VIEWPORTS.mobile });
    const p = await phone.newPage();
    await signIn(p);
    await p.goto(sharedUrl);
    await expect.poll(() => resultTitles(p)).toEqual([PNG_LOGO]);
    await look(p, 'results-390');
    await p.getByRole('button', { name: 'Filters (2)' }).click();
    const dialog = p.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('checkbox', { name: /^PNG, 1 asset$/ }).waitFor();
    await look(p, 'filters-390');
    await dialog.getByRole('button', { name: /^Show 1 result$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    // The header's search folds into a button that opens the field.
    await p.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await p.getByRole('combobox', { name: 'Search assets' }).waitFor();
    await settled(p);
    await look(p, 'header-field-390');
    await phone.close();
  });
});
