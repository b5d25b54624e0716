import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, newContext, openSignedInPage, screenshot, signIn, skipE2E, VIEWPORTS } from '../support';

/* The library's trash in Chromium (issue 14 item 12): Undo in the notice, restore from the trash, an admin empties it. */

/** The tile (grid cell) of an asset or folder by its title. */
function tile(page: Page, title: string) {
  return page.getByRole('gridcell').filter({ has: page.locator('.tile__title', { hasText: new RegExp(`^${title}$`) }) });
}

describe.skipIf(skipE2E)('library trash', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let libraryPath = '';
  let projectId = 0;

  /** A PNG uploaded through the API and made an asset of the library (in `setId`, else at the top). */
  async function addPhoto(title: string, color: string, setId?: number): Promise<void> {
    const bytes = await sharp({ create: { width: 240, height: 160, channels: 3, background: color } })
      .png()
      .toBuffer();
    const result = await page.evaluate(
      async ({ base64, name, projectId, setId }) => {
        const session = await (await fetch('/api/auth/session')).json();
        const form = new FormData();
        form.append('project_id', String(projectId));
        form.append('file', new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
        const headers = { 'X-CSRF-Token': session.data.csrfToken, Accept: 'application/json' };
        const up = await (await fetch('/api/upload', { method: 'POST', body: form, headers })).json();
        const created = await fetch('/api/asset', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ file_id: up.data.file_id, project_id: projectId, ...(setId ? { set_id: setId } : {}) }),
        });
        return created.status;
      },
      { base64: bytes.toString('base64'), name: `${title}.png`, projectId, setId },
    );
    expect(result).toBe(201);
  }

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'Trash test', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    projectId = JSON.parse(made.body).data.id;
    libraryPath = `/brands/${brand}/projects/${projectId}`;
    const folder = await apiCall(page, 'POST', `/api/set/create/${projectId}`, { name: 'Shoot', parent: null });
    expect(folder.status, folder.body).toBe(201);
    await addPhoto('red-square', '#cc2222');
    await addPhoto('blue-square', '#2244cc');
    await addPhoto('in-shoot', '#22aa44', JSON.parse(folder.body).data.id);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('deletes an asset from the selection bar menu, and Undo in the notice brings it back', async () => {
    await page.goto(libraryPath);
    await tile(page, 'red-square').waitFor({ timeout: 20_000 });
    await tile(page, 'red-square').locator('[data-testid="tile-check"]').click();
    await page.getByRole('button', { name: 'More actions for the selected assets' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete 1 asset?' });
    await confirm.getByText(/to the trash of Trash test for 30 days/).waitFor();
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('Moved 1 asset to the trash for 30 days.').waitFor();
    await expect.poll(() => tile(page, 'red-square').count()).toBe(0);
    await screenshot(page, 'trash-undo-notice-1280');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Restored from the trash.').waitFor();
    await tile(page, 'red-square').waitFor();
  });

  it('deletes a folder and an asset, then restores the folder with its asset from the trash page', async () => {
    await tile(page, 'Shoot').click();
    await page.getByRole('heading', { level: 1, name: 'Shoot' }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).first().click();
    await page.getByRole('menuitem', { name: 'Delete folder…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete folder “Shoot”?' });
    await confirm.getByText('The folder goes to the trash with its 1 asset.').waitFor();
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await page.waitForURL((url) => url.pathname === libraryPath);
    await page.getByText('Moved the folder “Shoot” and its 1 asset to the trash for 30 days.').waitFor();
    await expect.poll(() => tile(page, 'Shoot').count()).toBe(0);

    await tile(page, 'blue-square').locator('[data-testid="tile-check"]').click();
    await page.getByRole('button', { name: 'More actions for the selected assets' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash…' }).click();
    await page.getByRole('alertdialog', { name: 'Delete 1 asset?' }).getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('Moved 1 asset to the trash for 30 days.').waitFor();

    await page.getByRole('navigation', { name: 'Folders' }).getByRole('link', { name: 'Trash', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Trash' }).waitFor();
    const list = page.getByRole('list', { name: 'Deleted assets and folders' });
    await list.getByRole('button', { name: 'Restore Shoot' }).waitFor();
    await list.getByRole('button', { name: 'Restore blue-square' }).waitFor();
    // The trashed asset's thumbnail loads (signed for the trash).
    await expect
      .poll(
        () =>
          list
            .locator('img')
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await audit(page, 'trash-page-1280');
    await page.getByRole('button', { name: 'Restore Shoot' }).click();
    await page.getByText('Restored “Shoot”.').waitFor({ state: 'attached' });
    await expect.poll(() => list.getByRole('button', { name: 'Restore Shoot' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Back to the library' }).first().click();
    await tile(page, 'Shoot').click();
    await tile(page, 'in-shoot').waitFor();
  });

  it('lays out the trash page on a phone (390 px)', async () => {
    const mobile = await newContext(browser, { viewport: VIEWPORTS.mobile });
    const phone = await mobile.newPage();
    await signIn(phone);
    await phone.goto(`${libraryPath}/trash`);
    await phone.getByRole('list', { name: 'Deleted assets and folders' }).getByRole('button', { name: 'Restore blue-square' }).waitFor();
    await audit(phone, 'trash-page-390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await mobile.close();
  });

  it('an admin empties the trash after a confirmation; the empty state says what happens there', async () => {
    await page.goto(`${libraryPath}/trash`);
    await page.getByRole('list', { name: 'Deleted assets and folders' }).getByRole('button', { name: 'Restore blue-square' }).waitFor();
    await page.getByRole('button', { name: 'Empty trash…' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Empty the trash?' });
    await confirm.getByText(/removed for good/).waitFor();
    await screenshot(page, 'trash-empty-confirm-1280');
    await confirm.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('heading', { name: 'The trash is empty' }).waitFor();
    await audit(page, 'trash-empty-1280');
    const listed = await apiCall(page, 'GET', `/api/project/${projectId}/trash`);
    expect(JSON.parse(listed.body).data).toEqual([]);
  });
});
