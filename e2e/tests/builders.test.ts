import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, newContext, openSignedInPage, screenshot, seriousViolations, settled, signIn, skipE2E, VIEWPORTS } from '../support';

/**
 * The error-page and sign-in page builders in Chromium (issue 4): inline editing with Enter, Escape and Tab,
 * an invalid value that pulses and stays, a cropped key visual, the sign-in button label on /auth, and axe.
 * Everything changed here is put back afterwards, because the other suites expect the default pages.
 */

/** Screenshots that the notes of issue 4 refer to. */
const NOTES_SCREENS = '/work/notes/screens';

const putJson = (page: Page, path: string, body: Record<string, unknown>) => apiCall(page, 'PUT', path, body);

async function getJson<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await (await fetch(p, { credentials: 'same-origin' })).json()).data, path);
}

const setting = (page: Page, label: string) => page.locator(`.setting[data-label="${label}"]`);
const INLINE_TITLE = 'Title (in the preview)';
const INLINE_SUBLINE = 'Subline (in the preview)';

function keepScreen(path: string, name: string) {
  try {
    mkdirSync(NOTES_SCREENS, { recursive: true });
    copyFileSync(path, join(NOTES_SCREENS, `${name}.png`));
  } catch {
    // The notes folder is a convenience of the development machine; the artifact stays in e2e/artifacts.
  }
}

describe.skipIf(skipE2E)('page builders', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let accountId: number;

  const openErrorBuilder = async (code: '403' | '404') => {
    await page.goto(`/errorpagebuilder/${accountId}/${code}`);
    await page.getByRole('heading', { level: 1, name: 'Error page builder' }).waitFor({ timeout: 15_000 });
    await setting(page, INLINE_TITLE).waitFor();
  };
  const inlineInput = (label: string) => page.getByRole('textbox', { name: label, exact: true });

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    accountId = (await getJson<{ account: { id: number } }>(page, '/api/auth/session')).account.id;
  });

  afterAll(async () => {
    if (page) {
      for (const code of ['403', '404'] as const) {
        await putJson(page, `/api/error-page/${code}`, {
          title: code === '404' ? 'Page not found' : 'Access denied',
          description:
            code === '404'
              ? 'The page you are looking for does not exist or has been moved.'
              : "You don't have permission to view this page. Ask an admin of this account for access.",
          keyVisualOn: false,
          keyVisualArtUrl: null,
        });
      }
      await putJson(page, '/api/login-page', { buttonLabel: null, title: null });
    }
    await context?.close();
    await browser?.close();
  });

  it('edits the 404 title inline; Enter saves it and an unknown address shows it', async () => {
    await openErrorBuilder('404');
    const title = setting(page, INLINE_TITLE);
    await title.getByRole('button', { name: /Page not found/ }).click();
    expect(await title.getAttribute('data-state')).toBe('active');
    await inlineInput(INLINE_TITLE).fill('Nothing to see here');
    await page.keyboard.press('Enter');
    await page.locator(`.setting[data-label="${INLINE_TITLE}"][data-flash="success"]`).waitFor();
    expect(await title.getAttribute('data-state')).toBe('focused');
    // The panel's title setting follows the saved value.
    expect(await setting(page, 'Title').getByRole('button').textContent()).toContain('Nothing to see here');

    await page.goto('/no/such/page/here');
    await page.getByRole('heading', { level: 1, name: 'Nothing to see here' }).waitFor();
    expect(await page.title()).toContain('Nothing to see here');
  });

  it('Escape cancels an edit: the value is unchanged, also after a reload', async () => {
    await openErrorBuilder('404');
    const title = setting(page, INLINE_TITLE);
    await title.getByRole('button', { name: /Nothing to see here/ }).click();
    await inlineInput(INLINE_TITLE).fill('Not to be kept');
    // The panel's title is not being edited; it keeps the saved value throughout.
    expect(await setting(page, 'Title').getByRole('button').textContent()).toContain('Nothing to see here');
    await page.keyboard.press('Escape');
    expect(await title.getAttribute('data-state')).toBe('focused');
    expect(await title.getByRole('button').textContent()).toContain('Nothing to see here');
    await page.reload();
    await setting(page, INLINE_TITLE)
      .getByRole('button', { name: /Nothing to see here/ })
      .waitFor();
    expect((await getJson<{ title: string }>(page, '/api/error-page/404')).title).toBe('Nothing to see here');
  });

  it('Tab saves and moves to the next field', async () => {
    await openErrorBuilder('404');
    await setting(page, INLINE_TITLE).getByRole('button').click();
    await inlineInput(INLINE_TITLE).fill('Lost in space');
    await page.keyboard.press('Tab');
    // The subline is now being edited, with the focus in its field.
    await inlineInput(INLINE_SUBLINE).waitFor();
    expect(await inlineInput(INLINE_SUBLINE).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await setting(page, INLINE_SUBLINE).getAttribute('data-state')).toBe('active');
    await expect.poll(async () => (await getJson<{ title: string }>(page, '/api/error-page/404')).title).toBe('Lost in space');
    // Tab from the subline saves it and moves on as well.
    await inlineInput(INLINE_SUBLINE).fill('Try the search or go back home.');
    await page.keyboard.press('Tab');
    await expect
      .poll(async () => (await getJson<{ description: string }>(page, '/api/error-page/404')).description)
      .toBe('Try the search or go back home.');
    await page.reload();
    await setting(page, INLINE_TITLE)
      .getByRole('button', { name: /Lost in space/ })
      .waitFor();
    await setting(page, INLINE_SUBLINE)
      .getByRole('button', { name: /Try the search/ })
      .waitFor();
  });

  it('keeps an invalid value: it pulses, stays active and is not saved', async () => {
    await openErrorBuilder('404');
    const title = setting(page, INLINE_TITLE);
    await title.getByRole('button').click();
    await inlineInput(INLINE_TITLE).fill('');
    await page.keyboard.press('Tab');
    expect(await title.getAttribute('data-pulse')).toBe('true');
    expect(await title.getAttribute('data-state')).toBe('active');
    await title.getByText('This field is required.').waitFor();
    expect(await inlineInput(INLINE_TITLE).getAttribute('aria-invalid')).toBe('true');
    expect(await inlineInput(INLINE_TITLE).evaluate((el) => el === document.activeElement)).toBe(true);
    // A title that is too long for the field is refused the same way.
    await inlineInput(INLINE_TITLE).fill('x'.repeat(130));
    await page.keyboard.press('Enter');
    await title.getByText('Please enter no more than 120 characters.').waitFor();
    expect(await title.getAttribute('data-state')).toBe('active');
    await page.waitForFunction(
      (label) => !document.querySelector(`.setting[data-label="${label}"]`)?.hasAttribute('data-pulse'),
      INLINE_TITLE,
    );
    expect((await getJson<{ title: string }>(page, '/api/error-page/404')).title).toBe('Lost in space');
    await page.keyboard.press('Escape');
    await page.reload();
    await setting(page, INLINE_TITLE)
      .getByRole('button', { name: /Lost in space/ })
      .waitFor();
  });

  it('crops and saves a key visual, which the 404 page then shows', async () => {
    await openErrorBuilder('404');
    // Keyboard: the switch takes Space (a click could land under the sticky header).
    await page.getByRole('switch', { name: 'Show the key visual' }).focus();
    await page.keyboard.press('Space');
    await page.locator('.setting[data-label="Show the key visual"][data-flash="success"]').waitFor();

    // 1200×600: orange left half, teal right half.
    const half = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 0, g: 128, b: 128 } } })
      .png()
      .toBuffer();
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: { r: 255, g: 140, b: 0 } } })
      .composite([{ input: half, left: 600, top: 0 }])
      .png()
      .toBuffer();
    await setting(page, 'Key visual image')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'visual.png', mimeType: 'image/png', buffer: png });
    const dialog = page.getByRole('dialog', { name: 'Crop image' });
    await dialog.waitFor();
    await dialog.getByLabel('Aspect ratio').selectOption('16:9');
    // The crop box follows the ratio: the whole height, 16/9 of it wide (in the image's own pixels).
    expect(await dialog.getByLabel('Height', { exact: true }).inputValue()).toBe('600');
    expect(await dialog.getByLabel('Width', { exact: true }).inputValue()).toBe('1067');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    const previewVisual = page.locator('.page-builder__preview img.error-page__visual');
    await previewVisual.waitFor();
    const src = await previewVisual.getAttribute('src');
    expect(src).toMatch(/\/media\/image\/[A-Za-z0-9_-]{22}\.webp$/);

    await page.goto('/another/unknown/address');
    const visual = page.locator('img.error-page__visual');
    await visual.waitFor();
    expect(await visual.getAttribute('src')).toBe(src);
    const size = await visual.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    // 16:9 of the 1200 px wide image: 1200 × 675 does not fit in 600, so the crop is 1066 × 600 (or 1067).
    expect(Math.abs((size[0] ?? 0) / (size[1] ?? 1) - 16 / 9)).toBeLessThan(0.01);
    await page.getByRole('heading', { level: 1, name: 'Lost in space' }).waitFor();
  });

  it('changes the sign-in button label, which /auth shows to visitors', async () => {
    await page.goto('/loginpagebuilder');
    await page.getByRole('heading', { level: 1, name: 'Sign-in page builder' }).waitFor({ timeout: 15_000 });
    const label = setting(page, 'Sign-in button label');
    await label.getByRole('button').click();
    await page.getByRole('textbox', { name: 'Sign-in button label', exact: true }).fill('Enter the brand hub');
    // The preview follows the draft at once.
    await page.getByTestId('preview-submit').getByText('Enter the brand hub').waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.setting[data-label="Sign-in button label"][data-flash="success"]').waitFor();

    await page.getByRole('link', { name: 'Open full-page preview' }).click();
    await page.waitForURL((url) => url.pathname === '/loginpagebuilder/preview');
    await page.getByTestId('preview-submit').getByText('Enter the brand hub').waitFor();

    const visitor = await newContext(browser);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/auth');
    await visitorPage.getByRole('button', { name: 'Enter the brand hub', exact: true }).waitFor({ timeout: 15_000 });
    await visitor.close();
    // The other suites sign in with the "Sign in" button: back to the default label.
    expect((await putJson(page, '/api/login-page', { buttonLabel: null })).status).toBe(200);
  });

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows both builders without serious or critical axe violations (${label} ${viewport.width}px)`, async () => {
      const ctx = await newContext(browser, { viewport });
      const p = await ctx.newPage();
      await signIn(p);
      await p.goto(`/errorpagebuilder/${accountId}/404`);
      await p.getByRole('heading', { level: 1, name: 'Error page builder' }).waitFor({ timeout: 15_000 });
      await settled(p);
      const errorShot = await screenshot(p, `error-page-builder-${viewport.width}`);
      keepScreen(errorShot, `error-page-builder-${viewport.width}`);
      const errorViolations = await seriousViolations(p);
      expect(errorViolations, `axe on the error-page builder:\n${errorViolations.join('\n')}`).toEqual([]);

      // An inline edit with its error, too.
      await setting(p, INLINE_TITLE).getByRole('button').click();
      await p.getByRole('textbox', { name: INLINE_TITLE, exact: true }).fill('');
      await p.keyboard.press('Enter');
      await setting(p, INLINE_TITLE).getByText('This field is required.').waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await p.keyboard.press('Escape');

      await p.goto('/loginpagebuilder');
      await p.getByRole('heading', { level: 1, name: 'Sign-in page builder' }).waitFor({ timeout: 15_000 });
      await settled(p);
      const loginShot = await screenshot(p, `login-page-builder-${viewport.width}`);
      keepScreen(loginShot, `login-page-builder-${viewport.width}`);
      const loginViolations = await seriousViolations(p);
      expect(loginViolations, `axe on the login-page builder:\n${loginViolations.join('\n')}`).toEqual([]);

      await p.goto('/loginpagebuilder/preview');
      await p.getByTestId('preview-submit').waitFor();
      await settled(p);
      keepScreen(await screenshot(p, `login-page-preview-${viewport.width}`), `login-page-preview-${viewport.width}`);
      expect(await seriousViolations(p)).toEqual([]);
      await ctx.close();
    });
  }
});
