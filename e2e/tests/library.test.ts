import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, brandId, newContext, openSignedInPage, screenshot, seriousViolations, signIn, skipE2E, VIEWPORTS } from '../support';

interface Fixture {
  name: string;
  type: string;
  base64: string;
}

/** Small real images, made here (CONVENTIONS: fixtures are generated in the test). */
async function makeImages(): Promise<Fixture[]> {
  const solid = (r: number, g: number, b: number) =>
    sharp({ create: { width: 320, height: 200, channels: 3, background: { r, g, b } } }).composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><circle cx="160" cy="100" r="70" fill="white" fill-opacity="0.8"/></svg>',
        ),
      },
    ]);
  return [
    { name: 'sunset-red.png', type: 'image/png', base64: (await solid(200, 40, 40).png().toBuffer()).toString('base64') },
    { name: 'ocean-blue.jpg', type: 'image/jpeg', base64: (await solid(30, 80, 200).jpeg({ quality: 80 }).toBuffer()).toString('base64') },
    { name: 'forest-green.png', type: 'image/png', base64: (await solid(30, 150, 60).png().toBuffer()).toString('base64') },
  ];
}

/** Drops files on the library browser the way a browser does: a DataTransfer on dragenter, dragover and drop. */
async function dropFiles(page: Page, files: Fixture[]): Promise<void> {
  await page.evaluate(async (list) => {
    const target = document.querySelector('[data-testid="library-drop"]');
    if (!target) throw new Error('No drop target');
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop']) {
      target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      await new Promise((r) => setTimeout(r, 50));
    }
  }, files);
}

/** The tile (grid cell) of an asset by its title. */
function tile(page: Page, title: string) {
  return page.getByRole('gridcell').filter({ has: page.locator('.tile__title', { hasText: new RegExp(`^${title}$`) }) });
}

/**
 * Drags `source` onto `target` with the mouse, as a person does (Chromium turns it into HTML drag and drop);
 * `whileOver` runs with the pointer resting on the target, before the drop.
 */
async function dragTo(page: Page, source: Locator, target: Locator, whileOver?: () => Promise<void>): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Nothing to drag or nowhere to drop');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  if (whileOver) await whileOver();
  await page.mouse.up();
}

/** Waits until the thumbnail of each tile has really loaded (naturalWidth > 0). */
async function thumbnailsLoaded(page: Page, titles: string[]): Promise<void> {
  for (const title of titles) {
    await expect
      .poll(
        async () =>
          tile(page, title)
            .locator('img.tile__img')
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.src.includes('/api/file-icon/'))
            .catch(() => false),
        { timeout: 20_000, interval: 250 },
      )
      .toBe(true);
  }
}

describe.skipIf(skipE2E)('asset libraries', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let libraryPath = '';
  let viewerPath = '';
  const titles = ['sunset-red', 'ocean-blue', 'forest-green'];

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('creates a media library from the brand page', async () => {
    const id = await brandId(page, 'Acme');
    await page.goto(`/brands/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Acme' }).waitFor();
    await page.getByRole('button', { name: 'New library or project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New library or project' });
    await dialog.getByLabel('Name', { exact: true }).fill('E2E Media');
    expect(await dialog.getByRole('radio', { name: /Media library/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'E2E Media' }).waitFor();
    libraryPath = new URL(page.url()).pathname;
    expect(libraryPath).toMatch(/^\/brands\/\d+\/projects\/\d+$/);
    await page.getByRole('heading', { name: 'This folder is empty' }).waitFor();
    await page.getByText('Drop files here or use Upload.').waitFor();
  });

  it('uploads dropped files with tus and shows their previews', async () => {
    await dropFiles(page, await makeImages());
    const panel = page.getByRole('region', { name: /Uploads/ });
    await panel.waitFor();
    // When every file is done the tray folds into its indicator.
    await panel.getByRole('button', { name: 'Uploads 3 uploaded' }).waitFor({ timeout: 30_000 });
    for (const title of titles) await tile(page, title).waitFor();
    await thumbnailsLoaded(page, titles);
    await screenshot(page, 'upload-panel-1280');
    await panel.getByRole('button', { name: 'Clear' }).click();
    await panel.waitFor({ state: 'detached' });
    await audit(page, 'library-browser-1280');
  });

  it('refuses a file type the library does not take before sending it', async () => {
    await dropFiles(page, [{ name: 'setup.exe', type: 'application/octet-stream', base64: 'TVqQAAMAAAAEAAAA' }]);
    const dialog = page.getByRole('dialog', { name: "This file can't be uploaded here" });
    await dialog.getByText('setup.exe').waitFor();
    await screenshot(page, 'upload-invalid-extension-1280');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the viewer, zooms, navigates with the keyboard and downloads the original', async () => {
    // Neighbours follow the folder's order (Manual order), as the grid shows it.
    const order = await page.locator('[role="gridcell"] .tile__title').allTextContents();
    expect([...order].sort()).toEqual([...titles].sort());
    const [first, second] = order as [string, string];
    await tile(page, first).click();
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    viewerPath = new URL(page.url()).pathname;
    expect(viewerPath).toMatch(/\/assets\/\d+$/);
    const preview = page.getByRole('region', { name: /Preview/ }).locator('img');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByText('320 × 200 px').waitFor();
    await audit(page, 'asset-viewer-1280');

    const level = page.locator('output.zoom__level');
    const before = await level.textContent();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => level.textContent()).not.toBe(before);

    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { level: 1, name: second }).waitFor();
    await page.keyboard.press('k');
    await page.getByRole('heading', { level: 1, name: first }).waitFor();

    await page.getByRole('button', { name: /^Download/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /Original/ }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`${first}\\.(png|jpe?g)$`));

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === libraryPath);
  });

  it('moves assets to a new folder with the folder picker', async () => {
    // Sorted by title: forest-green, ocean-blue, sunset-red; a Shift-click selects the range of the first two.
    await page.getByRole('button', { name: /Manual order/ }).click();
    await page.getByRole('option', { name: 'Title A–Z' }).click();
    await expect
      .poll(() => page.locator('[role="gridcell"] .tile__title').allTextContents())
      .toEqual(['forest-green', 'ocean-blue', 'sunset-red']);
    await tile(page, 'forest-green').locator('[data-testid="tile-check"]').click();
    await tile(page, 'ocean-blue').click({ modifiers: ['Shift'] });
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Move…' }).click();
    const picker = page.getByRole('dialog', { name: 'Move 2 assets' });
    await picker.getByRole('treegrid', { name: 'Folders' }).waitFor();
    await picker.getByRole('searchbox', { name: 'Search folders' }).fill('Approved');
    await picker.getByText('No folder matches “Approved”.').waitFor();
    await screenshot(page, 'folder-picker-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Create folder “Approved” and use it' }).click();
    await picker.waitFor({ state: 'detached' });
    await page.getByText('Moved 2 assets to “Approved”.').waitFor();
    await tile(page, 'Approved').waitFor();
    await expect.poll(() => tile(page, 'ocean-blue').count()).toBe(0);

    await tile(page, 'Approved').click();
    await page.getByRole('heading', { level: 1, name: 'Approved' }).waitFor();
    await tile(page, 'ocean-blue').waitFor();
    await tile(page, 'forest-green').waitFor();
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'E2E Media' }).click();
    await page.waitForURL((url) => url.pathname === libraryPath);
  });

  it('moves an asset by dragging it onto a folder tile, and back by dragging it onto the tree', async () => {
    await tile(page, 'sunset-red').waitFor();
    await dragTo(page, tile(page, 'sunset-red'), tile(page, 'Approved'));
    await page.getByText('Moved 1 asset to “Approved”.').waitFor();
    await expect.poll(() => tile(page, 'sunset-red').count()).toBe(0);

    await tile(page, 'Approved').click();
    await page.getByRole('heading', { level: 1, name: 'Approved' }).waitFor();
    const root = page.getByRole('navigation', { name: 'Folders' }).locator('.folder-nav__row').filter({ hasText: 'E2E Media' });
    await dragTo(page, tile(page, 'sunset-red'), root, async () => {
      expect(await root.getAttribute('class')).toContain('folder-nav__row--drop-target');
      await screenshot(page, 'drag-to-tree-1280');
    });
    await page.getByText('Moved 1 asset to “E2E Media”.').waitFor();
    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'E2E Media' }).click();
    await page.waitForURL((url) => url.pathname === libraryPath);
    await tile(page, 'sunset-red').waitFor();
  });

  it('downloads the selection as a ZIP and deletes after a confirmation', async () => {
    await tile(page, 'sunset-red').locator('[data-testid="tile-check"]').click();
    const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as ZIP' }).click()]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);

    await page.getByRole('button', { name: 'More actions for the selected assets' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 asset?' });
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('Moved 1 asset to the trash for 30 days.').waitFor();
    await expect.poll(() => tile(page, 'sunset-red').count()).toBe(0);
  });

  it('lays out the browser and the viewer on a phone (390 px)', async () => {
    const mobile = await newContext(browser, { viewport: VIEWPORTS.mobile });
    const phone = await mobile.newPage();
    await signIn(phone);
    await phone.goto(libraryPath);
    await phone.getByRole('heading', { level: 1, name: 'E2E Media' }).waitFor();
    await tile(phone, 'Approved').waitFor();
    await audit(phone, 'library-browser-390');
    await phone.getByRole('button', { name: 'Folders' }).click();
    await phone.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Approved' }).click();
    await phone.getByRole('heading', { level: 1, name: 'Approved' }).waitFor();
    await thumbnailsLoaded(phone, ['ocean-blue', 'forest-green']);
    await audit(phone, 'library-folder-390');
    await tile(phone, 'ocean-blue').click();
    await phone.getByRole('heading', { level: 1, name: 'ocean-blue' }).waitFor();
    await audit(phone, 'asset-viewer-390');
    await mobile.close();
  });
});
