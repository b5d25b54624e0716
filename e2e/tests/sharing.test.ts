import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, newContext, openSignedInPage, skipE2E, VIEWPORTS } from '../support';

/*
 * Share links in Chromium (issue 12, decision 0030): an editor shares a folder of the demo library with a password,
 * an expiry and original downloads; a visitor without an account unlocks it, browses, downloads, and meets the
 * usage-consent dialog of an asset whose licence asks for it; a collection is shared and opened on a phone.
 * Screenshots go to e2e/artifacts as in the other suites; E2E_SHOTS_DIR (off in CI) copies them there too.
 */

const FOLDER = 'Night and city';
const PLAIN_ASSET = 'Harbour lights';
const CONSENT_ASSET = 'Violet hour';
const LICENCE_TITLE = 'Editorial use only';
const LICENCE_WORDS = 'Use these photos only next to reporting about Acme.';
const PASSWORD = 'night-and-city-2026';

/** The day a week from now, as the share dialog's date field takes it. */
function inAWeek(): string {
  return new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** audit() (axe, and a screenshot in e2e/artifacts) and, with E2E_SHOTS_DIR, a copy of the screenshot there. */
async function look(page: Page, name: string): Promise<void> {
  await audit(page, `sharing-${name}`);
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `e2e-${name}.png`), fullPage: true });
  }
}

/** The bytes of a finished download. */
async function bytesOf(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 1000 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Opens the visitor viewer's Download menu and picks the original. */
async function chooseOriginal(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Download/ }).click();
  await page.getByRole('menuitem', { name: /^Original file/ }).click();
}

describe.skipIf(skipE2E)('share links', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let libraryPath = '';
  let folderId = 0;
  let mediaId = 0;
  let licenceId = 0;
  let collectionId = 0;
  const assetIds: Record<string, number> = {};
  let folderUrl = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const flag = await apiCall(page, 'PUT', '/api/development/flag/PUBLIC_ASSET_SHARING');
    expect(flag.status, flag.body).toBe(200);
    const brand = await brandId(page, 'Acme');
    const projects = await apiCall(page, 'GET', `/api/brand/${brand}/projects`);
    expect(projects.status, projects.body).toBe(200);
    const media = (JSON.parse(projects.body).data as { id: number; name: string }[]).find((p) => p.name === 'Photography');
    if (!media) throw new Error('The demo library "Photography" is missing');
    mediaId = media.id;
    libraryPath = `/brands/${brand}/projects/${mediaId}`;
    const sets = await apiCall(page, 'GET', `/api/project/${mediaId}/sets`);
    const folder = (JSON.parse(sets.body).data as { id: number; name: string }[]).find((s) => s.name === FOLDER);
    if (!folder) throw new Error(`The demo folder "${FOLDER}" is missing`);
    folderId = folder.id;
    const listed = await apiCall(page, 'POST', '/api/asset/list', { project_id: mediaId, set_id: folderId });
    expect(listed.status, listed.body).toBe(200);
    for (const a of JSON.parse(listed.body).data.items as { id: number; title: string }[]) assetIds[a.title] = a.id;
    expect(Object.keys(assetIds)).toEqual(expect.arrayContaining([PLAIN_ASSET, CONSENT_ASSET]));

    const licence = await apiCall(page, 'POST', '/api/licence', {
      title: LICENCE_TITLE,
      text: `<p>${LICENCE_WORDS}</p>`,
      require_consensus: true,
    });
    expect(licence.status, licence.body).toBe(201);
    licenceId = JSON.parse(licence.body).data.id;
    const attached = await apiCall(page, 'PUT', `/api/asset/${assetIds[CONSENT_ASSET]}/licences`, { licence_ids: [licenceId] });
    expect(attached.status, attached.body).toBe(200);
  });

  afterAll(async () => {
    // Leave the shared server as the other suites expect it: no licence on the demo photo, the flag off.
    if (page && licenceId) await apiCall(page, 'DELETE', `/api/licence/${licenceId}`).catch(() => undefined);
    // The other suites count the brand's collections (the collections flow starts from "No collection you can change").
    if (page && collectionId) await apiCall(page, 'DELETE', `/api/collection/${collectionId}`).catch(() => undefined);
    if (page) await apiCall(page, 'DELETE', '/api/development/flag/PUBLIC_ASSET_SHARING').catch(() => undefined);
    await context?.close();
    await browser?.close();
  });

  it('an editor shares a folder with a password, an expiry and original downloads; the address is shown once', async () => {
    await page.goto(`${libraryPath}/folders/${folderId}`);
    await page.getByRole('heading', { level: 1, name: FOLDER }).waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Share folder…' }).click();
    const dialog = page.getByRole('dialog', { name: `Share ${FOLDER}` });
    await dialog.getByText('No links yet').waitFor();
    await dialog.getByLabel('Password (optional)').fill(PASSWORD);
    await dialog.getByLabel('Expires after (optional)').fill(inAWeek());
    await dialog.getByRole('button', { name: /Visitors may download/ }).click();
    await page.getByRole('option', { name: 'Original files' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    folderUrl = await dialog.getByRole('textbox', { name: 'Link address' }).inputValue();
    expect(folderUrl).toMatch(/\/share\/[A-Za-z0-9_-]{20,}$/);
    const row = dialog.getByRole('article');
    await row.getByText('Password', { exact: true }).waitFor();
    await row.getByText(/^Expires /).waitFor();
    expect(await row.getByText('Original files').count()).toBe(1);
    await look(page, 'share-dialog-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await look(page, 'share-dialog-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Reopened, the dialog lists the link but no longer shows its address.
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Share folder…' }).click();
    await dialog.getByRole('article').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Link address' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('a visitor unlocks the folder (wrong, then right password), opens an asset and downloads its original', async () => {
    expect(folderUrl, 'the link of the first test').not.toBe('');
    const visitor = await newContext(browser, { viewport: VIEWPORTS.desktop });
    expect((await visitor.cookies()).map((c) => c.name)).toEqual(['emblem_cookie_consent']);
    const p = await visitor.newPage();
    await p.goto(new URL(folderUrl).pathname);
    await p.getByRole('heading', { level: 1, name: 'This link is protected' }).waitFor();
    await look(p, 'password-1280');

    const password = p.getByLabel('Password', { exact: true });
    await password.fill('not the password');
    await p.getByRole('button', { name: 'Open', exact: true }).click();
    await p.getByText('Wrong password', { exact: true }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await look(p, 'password-wrong-1280');
    await password.fill(PASSWORD);
    await p.getByRole('button', { name: 'Open', exact: true }).click();

    await p.getByRole('heading', { level: 1, name: FOLDER }).waitFor();
    const grid = p.getByRole('list', { name: `Assets in ${FOLDER}` });
    await expect.poll(() => grid.getByRole('link').count()).toBe(Object.keys(assetIds).length);
    await look(p, 'folder-1280');

    await grid.getByRole('link', { name: new RegExp(`^${PLAIN_ASSET}`) }).click();
    await p.getByRole('heading', { level: 1, name: PLAIN_ASSET }).waitFor();
    await p.getByRole('img', { name: PLAIN_ASSET }).waitFor();
    await look(p, 'viewer-1280');
    await p.getByRole('button', { name: /^Download/ }).click();
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('menuitem', { name: /^Original file/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^harbour[-_ ]lights\.jpe?g$/i);
    expect(isJpeg(await bytesOf(download))).toBe(true);
    await visitor.close();
  });

  it('a licence that asks for consent: Decline downloads nothing, Accept downloads; axe at 1280 and 390 px', async () => {
    const consentId = assetIds[CONSENT_ASSET];
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
      const visitor = await newContext(browser, { viewport });
      const p = await visitor.newPage();
      const downloads: Download[] = [];
      p.on('download', (d) => downloads.push(d));
      const asked: string[] = [];
      p.on('request', (r) => {
        if (r.url().includes(`/assets/${consentId}/download`)) asked.push(r.url());
      });

      await p.goto(new URL(folderUrl).pathname);
      await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
      if (viewport === VIEWPORTS.mobile) await look(p, 'password-390');
      await p.getByRole('button', { name: 'Open', exact: true }).click();
      const grid = p.getByRole('list', { name: `Assets in ${FOLDER}` });
      await grid.getByRole('link', { name: new RegExp(`^${CONSENT_ASSET}`) }).waitFor();
      if (viewport === VIEWPORTS.mobile) await look(p, 'folder-390');
      await grid.getByRole('link', { name: new RegExp(`^${CONSENT_ASSET}`) }).click();
      await p.getByRole('heading', { level: 1, name: CONSENT_ASSET }).waitFor();
      if (viewport === VIEWPORTS.mobile) await look(p, 'viewer-390');

      await chooseOriginal(p);
      const terms = p.getByRole('alertdialog', { name: 'Terms of use' });
      await terms.getByRole('article', { name: LICENCE_TITLE }).getByText(LICENCE_WORDS).waitFor();
      await look(p, `consent-${viewport.width}`);
      expect(asked).toHaveLength(1);
      await terms.getByRole('button', { name: 'Decline' }).click();
      await terms.waitFor({ state: 'detached' });
      await p.waitForLoadState('networkidle');
      // Declined: no second request for the file, nothing saved.
      expect(asked).toHaveLength(1);
      expect(downloads).toHaveLength(0);

      if (viewport === VIEWPORTS.desktop) {
        await chooseOriginal(p);
        await terms.waitFor();
        const [download] = await Promise.all([
          p.waitForEvent('download'),
          terms.getByRole('button', { name: 'Accept and download' }).click(),
        ]);
        await terms.waitFor({ state: 'detached' });
        expect(download.suggestedFilename()).toMatch(/^violet[-_ ]hour\.jpe?g$/i);
        expect(isJpeg(await bytesOf(download))).toBe(true);
        // Asked again (409, the terms), then fetched with the visitor's consent token.
        expect(asked).toHaveLength(3);
        expect(new URL(asked[1] ?? '').searchParams.get('consent')).toBeNull();
        expect(new URL(asked[2] ?? '').searchParams.get('consent')).toBeTruthy();
      }
      await visitor.close();
    }
  });

  it('a signed-in download of that asset in the library viewer asks for the same consent', async () => {
    await page.goto(`${libraryPath}/assets/${assetIds[CONSENT_ASSET]}`);
    await page.getByRole('heading', { level: 1, name: CONSENT_ASSET }).waitFor();
    await page.getByRole('button', { name: /^Download/ }).click();
    await page.getByRole('menuitem', { name: /^Original/ }).click();
    const terms = page.getByRole('alertdialog', { name: 'Terms of use' });
    await terms.getByText(LICENCE_WORDS).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      terms.getByRole('button', { name: 'Accept and download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^violet[-_ ]hour\.jpe?g$/i);
  });

  it('an editor shares a collection from its page; a visitor on a phone sees its assets', async () => {
    const made = await apiCall(page, 'POST', `/api/project/${mediaId}/collections`, { name: 'Night picks' });
    expect(made.status, made.body).toBe(201);
    collectionId = JSON.parse(made.body).data.id as number;
    const added = await apiCall(page, 'POST', `/api/collection/${collectionId}/assets`, {
      asset_ids: [assetIds[PLAIN_ASSET], assetIds['Snow line']],
    });
    expect(added.status, added.body).toBe(200);

    await page.goto(`${libraryPath}/collections/${collectionId}`);
    await page.getByRole('heading', { level: 1, name: 'Night picks' }).waitFor();
    await page.getByRole('button', { name: 'Share…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Night picks' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Link address' }).inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{20,}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();

    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.desktop]) {
      const visitor = await newContext(browser, { viewport });
      const p = await visitor.newPage();
      await p.goto(new URL(url).pathname);
      await p.waitForURL((u) => u.pathname.endsWith(`/collections/${collectionId}`));
      await p.getByRole('heading', { level: 1, name: 'Night picks' }).waitFor();
      const grid = p.getByRole('list', { name: 'Assets in Night picks' });
      await expect
        .poll(async () => (await grid.locator('.share-tile__title').allTextContents()).sort())
        .toEqual([PLAIN_ASSET, 'Snow line'].sort());
      await look(p, `collection-${viewport.width}`);
      await visitor.close();
    }
  });
});
