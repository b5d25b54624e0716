import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, openSignedInPage, screenshot, settled, skipE2E, VIEWPORTS } from '../support';

/*
 * Custom metadata in Chromium (issue 13 §2, decision 0040): the demo admin defines a SELECT property with three
 * options and a DATE property on the management page, sets both on two assets at once from the library selection,
 * and finds them in the viewer. axe-core at 1280 and 390 px on the management page and the viewer's section.
 * Screenshots go to e2e/artifacts; E2E_SHOTS_DIR copies them there too.
 */

const FOLDER = 'Night and city';
const ASSETS = ['Harbour lights', 'Violet hour'];
const USAGE = 'E2E usage';
const SHOOT = 'E2E shoot date';

/** audit() (axe, and a screenshot in e2e/artifacts) and, with E2E_SHOTS_DIR, a copy of the screenshot there. */
async function look(page: Page, name: string): Promise<void> {
  await audit(page, `metadata-${name}`);
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(await screenshot(page, `metadata-${name}`), join(dir, `metadata-${name}.png`));
  }
}

/** Ticks a React Aria checkbox by its label, as a person does (its input is visually hidden). */
async function check(box: Locator): Promise<void> {
  await box.locator('xpath=ancestor::label[1]').click();
  expect(await box.isChecked()).toBe(true);
}

function tile(page: Page, title: string) {
  return page.getByRole('gridcell').filter({ has: page.locator('.tile__title', { hasText: new RegExp(`^${title}$`) }) });
}

describe.skipIf(skipE2E)('custom metadata', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let brand = 0;
  let folderPath = '';
  const assetIds: Record<string, number> = {};

  /** The ids of the properties this suite made (by name), for the clean-up. */
  async function ours(): Promise<number[]> {
    const listed = await apiCall(page, 'GET', `/api/brand/${brand}/custom-metadata-properties`);
    const properties = JSON.parse(listed.body).data.properties as { id: number; name: string }[];
    return properties.filter((p) => p.name === USAGE || p.name === SHOOT).map((p) => p.id);
  }

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    brand = await brandId(page, 'Acme');
    const projects = await apiCall(page, 'GET', `/api/brand/${brand}/projects`);
    const media = (JSON.parse(projects.body).data as { id: number; name: string }[]).find((p) => p.name === 'Photography');
    if (!media) throw new Error('The demo library "Photography" is missing');
    const sets = await apiCall(page, 'GET', `/api/project/${media.id}/sets`);
    const folder = (JSON.parse(sets.body).data as { id: number; name: string }[]).find((s) => s.name === FOLDER);
    if (!folder) throw new Error(`The demo folder "${FOLDER}" is missing`);
    folderPath = `/brands/${brand}/projects/${media.id}/folders/${folder.id}`;
    const listed = await apiCall(page, 'POST', '/api/asset/list', { project_id: media.id, set_id: folder.id });
    for (const a of JSON.parse(listed.body).data.items as { id: number; title: string }[]) assetIds[a.title] = a.id;
    expect(Object.keys(assetIds)).toEqual(expect.arrayContaining(ASSETS));
    // A run that stopped half-way may have left its properties.
    for (const id of await ours()) await apiCall(page, 'DELETE', `/api/custom-metadata-property/${id}`);
  });

  afterAll(async () => {
    // Other suites share the server: the properties (and their values) go again.
    if (page) for (const id of await ours().catch(() => [])) await apiCall(page, 'DELETE', `/api/custom-metadata-property/${id}`);
    await context?.close();
    await browser?.close();
  });

  it('defines a SELECT with three options and a DATE on the management page', async () => {
    await page.goto(`/brands/${brand}`);
    await page.getByRole('link', { name: 'Custom metadata' }).click();
    await page.getByRole('heading', { level: 1, name: 'Custom metadata' }).waitFor();
    await settled(page);

    await page.getByRole('button', { name: 'Add property' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add a property' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(USAGE);
    await dialog.getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Single choice' }).click();
    for (const [index, value] of ['Print', 'Web', 'Social'].entries()) {
      await dialog.getByRole('button', { name: 'Add option' }).click();
      await dialog.getByRole('textbox', { name: `Option ${index + 1}` }).fill(value);
    }
    await check(dialog.getByRole('checkbox', { name: /“Web” is chosen by default/ }));
    await dialog.getByRole('button', { name: 'Add property' }).click();
    await page.getByText(`Property “${USAGE}” added`).waitFor();

    await page.getByRole('button', { name: 'Add property' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add a property' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SHOOT);
    await dialog.getByRole('button', { name: /Type$/ }).click();
    await page.getByRole('option', { name: 'Date' }).click();
    await check(dialog.getByRole('checkbox', { name: 'Required' }));
    await dialog.getByRole('button', { name: 'Add property' }).click();
    await page.getByText(`Property “${SHOOT}” added`).waitFor();

    const list = page.getByRole('list', { name: 'Properties, in the order they are shown' });
    const names = await list.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.slice(-2)).toEqual([USAGE, SHOOT]);
    await expect.poll(async () => list.locator('li', { hasText: SHOOT }).getByText('Required').count()).toBe(1);
    await look(page, 'management-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await look(page, 'management-390');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('sets both on two assets at once from the library selection, and the viewer shows them', async () => {
    await page.goto(folderPath);
    for (const title of ASSETS) await tile(page, title).locator('[data-testid="tile-check"]').click();
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Metadata…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Metadata of 2 selected assets' });
    const usage = dialog.getByTestId(/^bulk-metadata-/).filter({ hasText: USAGE });
    const shoot = dialog.getByTestId(/^bulk-metadata-/).filter({ hasText: SHOOT });
    await usage.getByText('No value on any').waitFor();
    await usage.getByRole('button', { name: `Change ${USAGE} on all selected` }).click();
    await usage.getByRole('button', { name: new RegExp(`Change ${USAGE} on all selected`) }).click();
    await page.getByRole('option', { name: 'Print' }).click();
    await shoot.getByRole('button', { name: `Change ${SHOOT} on all selected` }).click();
    // The date picker's segments take typing (month, day, year in this browser's en-US).
    await shoot.getByRole('spinbutton').first().click();
    await page.keyboard.type('03042026');
    await screenshot(page, 'metadata-bulk-1280');
    await dialog.getByRole('button', { name: 'Apply to 2 assets' }).click();
    await dialog.getByText('Updated 2 assets').waitFor();
    await expect.poll(async () => usage.getByText('Print').count()).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${folderPath.replace(/\/folders\/\d+$/, '')}/assets/${assetIds[ASSETS[0] as string]}`);
    const section = page.getByRole('region', { name: 'Metadata' });
    await section.waitFor();
    await expect.poll(async () => section.getByRole('button', { name: new RegExp(USAGE) }).textContent()).toContain('Print');
    const date = section.getByRole('group', { name: new RegExp(SHOOT) });
    await expect.poll(async () => (await date.getByRole('spinbutton').allTextContents()).join('/')).toBe('3/4/2026');
    await section.scrollIntoViewIfNeeded();
    await look(page, 'viewer-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await section.scrollIntoViewIfNeeded();
    await look(page, 'viewer-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    // What the browser showed is what the server holds.
    const held = await apiCall(page, 'POST', '/api/asset/custom-metadata/selection', { asset_ids: ASSETS.map((t) => assetIds[t]) });
    const items = JSON.parse(held.body).data.properties as { property_id: number; state: string; value: unknown; count: number }[];
    const [usageId, shootId] = await ours();
    expect(items.find((i) => i.property_id === shootId)).toMatchObject({ state: 'SAME', value: '2026-03-04', count: 2 });
    expect(items.find((i) => i.property_id === usageId)).toMatchObject({ state: 'SAME', count: 2 });
  });
});
