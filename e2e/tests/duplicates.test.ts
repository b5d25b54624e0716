import { copyFileSync, mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, openSignedInPage, screenshot, skipE2E, VIEWPORTS } from '../support';

/* Duplicates in Chromium (issue 13 §4): the upload warning, the groups list, a group resolved by a merge; axe at both widths. */

const SHOTS = '/tmp/s24/dup';

/** A picture with some structure (so its perceptual hash means something). */
function picture(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#eef"/>' +
    '<rect x="20" y="20" width="120" height="200" fill="#123"/><circle cx="230" cy="120" r="70" fill="#c33"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function shot(page: Page, name: string, axe = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  if (axe) await audit(page, name);
  const path = await screenshot(page, name);
  copyFileSync(path, `${SHOTS}/${name}.png`);
}

describe.skipIf(skipE2E)('duplicates', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let projectId = 0;
  let libraryPath = '';
  let bytes: Buffer;

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'Duplicates test', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    projectId = JSON.parse(made.body).data.id;
    libraryPath = `/brands/${brand}/projects/${projectId}`;
    bytes = await picture();
    // The first copy, through the API.
    const status = await page.evaluate(
      async ({ base64, projectId }) => {
        const session = await (await fetch('/api/auth/session')).json();
        const form = new FormData();
        form.append('project_id', String(projectId));
        form.append('file', new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], 'poster.png', { type: 'image/png' }));
        const headers = { 'X-CSRF-Token': session.data.csrfToken, Accept: 'application/json' };
        const up = await (await fetch('/api/upload', { method: 'POST', body: form, headers })).json();
        const created = await fetch('/api/asset', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ file_id: up.data.file_id, project_id: projectId, title: 'Poster original' }),
        });
        return created.status;
      },
      { base64: bytes.toString('base64'), projectId },
    );
    expect(status).toBe(201);
  });

  afterAll(async () => {
    if (page && projectId) await apiCall(page, 'DELETE', `/api/project/${projectId}`).catch(() => undefined);
    await context?.close();
    await browser?.close();
  });

  it('warns in the upload tray when the uploaded file is already in the library, with a link to it', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(libraryPath);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload', exact: true }).first().click();
    await (await chooser).setFiles({ name: 'poster-again.png', mimeType: 'image/png', buffer: bytes });
    const panel = page.getByRole('region', { name: /Uploads/ });
    // The tray folds when the upload finishes, then opens again by itself to show the warning (no click needed).
    const warning = panel.getByText('Already in this library:');
    await warning.waitFor({ timeout: 30_000 });
    const link = panel.getByRole('link', { name: 'Open the existing asset “Poster original”' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`/projects/${projectId}/assets/\\d+$`));
    await shot(page, 'duplicates-upload-warning-1280');
  });

  it('lists the group, opens it, keeps one, merges, and the group is gone', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(libraryPath);
    await page.getByRole('button', { name: 'More actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Find duplicates' }).click();
    await page.getByRole('heading', { level: 1, name: 'Duplicates' }).waitFor();
    const group = page.getByRole('link', { name: /Exact copies · 2 assets/ });
    await group.waitFor({ timeout: 20_000 });
    await shot(page, 'duplicates-list-1280', true);
    await page.setViewportSize(VIEWPORTS.mobile);
    await shot(page, 'duplicates-list-390', true);
    await page.setViewportSize(VIEWPORTS.desktop);

    await group.click();
    await page.getByRole('heading', { level: 1, name: 'Exact copies · 2 assets' }).waitFor();
    const choice = page.getByRole('radiogroup', { name: 'Asset to keep' });
    await choice.getByRole('radio', { name: /Poster original/ }).check({ force: true });
    await shot(page, 'duplicates-group-1280', true);
    await page.setViewportSize(VIEWPORTS.mobile);
    await shot(page, 'duplicates-group-390', true);
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.getByRole('button', { name: 'Merge into kept asset' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Merge into the kept asset?' });
    await dialog.getByText(/“Poster original” is kept and receives the tags/).waitFor();
    await shot(page, 'duplicates-confirm-1280');
    await dialog.getByRole('button', { name: 'Merge and delete 1 asset' }).click();
    await page.getByText('Merged into “Poster original”; 1 asset went to the trash.').waitFor();
    await page.getByText('No duplicates in this library.').waitFor();
    await shot(page, 'duplicates-resolved-1280', true);
    const left = await apiCall(page, 'GET', `/api/project/${projectId}/duplicates`);
    expect(JSON.parse(left.body).data.total).toBe(0);
  });
});
