import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, newContext, openSignedInPage, skipE2E, VIEWPORTS } from '../support';

/* Submission requests in Chromium (issue 12 §4): an editor issues an upload link, a person without an account sends a file, the editor accepts it. */

describe.skipIf(skipE2E)('submission requests', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let libraryPath = '';
  let uploadUrl = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'Submissions test', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    libraryPath = `/brands/${brand}/projects/${JSON.parse(made.body).data.id}`;
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('an editor creates a request and issues an upload link, shown once', async () => {
    await page.goto(`${libraryPath}/submission-requests`);
    await page.getByText('No submission requests yet').waitFor();
    await page.getByRole('button', { name: 'New submission request' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New submission request' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Fair photos');
    await dialog.getByRole('textbox', { name: 'Instructions' }).fill('PNG or JPEG, please.');
    await dialog.getByRole('button', { name: 'Create request' }).click();
    await page.getByRole('heading', { level: 2, name: 'Fair photos' }).waitFor();
    await page.getByRole('button', { name: 'Issue upload link' }).click();
    const issued = page.getByRole('dialog', { name: 'Upload link issued' });
    uploadUrl = await issued.getByRole('textbox', { name: 'Upload link' }).inputValue();
    expect(uploadUrl).toMatch(/\/submit\/[A-Za-z0-9_-]{32}$/);
    await issued.getByRole('button', { name: 'Done' }).click();
    await audit(page, 'submissions-manage');
  });

  it('a person without an account sends a file; a refused type is named at its file; axe at 1280 and 390 px', async () => {
    const path = new URL(uploadUrl).pathname;
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const visitor = await newContext(browser, { viewport });
      const p = await visitor.newPage();
      await p.goto(path);
      await p.getByRole('heading', { level: 1, name: 'Fair photos' }).waitFor();
      await audit(p, `submissions-public-${viewport.width}`);
      await visitor.close();
    }
    const visitor = await newContext(browser);
    const p = await visitor.newPage();
    await p.goto(path);
    await p.getByLabel('Your name').fill('Ada Photographer');
    await p.getByLabel('Your e-mail address').fill('ada@example.com');
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    await p.locator('input[type="file"]').setInputFiles([
      { name: 'stand-12.png', mimeType: 'image/png', buffer: png },
      { name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    await p.getByRole('button', { name: 'Send files' }).click();
    await p.getByText('Thank you!').waitFor({ timeout: 30_000 });
    expect(await p.getByRole('list', { name: 'Files to send' }).getByRole('alert').textContent()).toBe(
      'Files of type .exe are not accepted here',
    );
    await audit(p, 'submissions-public-sent');
    await visitor.close();
  });

  it('the editor sees the file marked Submitted and accepts it', async () => {
    await page.goto(libraryPath);
    const badge = page.getByTestId('submission-badge');
    await badge.first().waitFor();
    await page.getByRole('gridcell').filter({ has: badge }).first().locator('.tile__check, [role="checkbox"]').first().click();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await badge.first().waitFor({ state: 'detached' });
    await audit(page, 'submissions-library-accepted');
  });
});
