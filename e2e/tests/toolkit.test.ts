import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS_DIR,
  apiCall,
  newContext,
  openSignedInPage,
  screenshot,
  seriousViolations,
  settled,
  signIn,
  skipE2E,
  VIEWPORTS,
} from '../support';

/**
 * The settings toolkit in Chromium, on the toolkit gallery (/toolkit-gallery, behind the TOOLKIT_GALLERY
 * development flag): the inline setting's keyboard behaviour and axe on the whole gallery.
 */

/** Turns the development flag on for the signed-in admin's account (PUT /api/development/flag/{flag}). */
async function enableGallery(page: Page): Promise<void> {
  const result = await apiCall(page, 'PUT', '/api/development/flag/TOOLKIT_GALLERY');
  expect(result.status, `PUT /api/development/flag/TOOLKIT_GALLERY answered ${result.status}: ${result.body}`).toBe(200);
}

async function openGallery(page: Page): Promise<void> {
  await page.goto('/toolkit-gallery');
  await page.getByRole('heading', { level: 1, name: 'Toolkit gallery' }).waitFor({ timeout: 15_000 });
}

const setting = (page: Page, label: string) => page.locator(`.setting[data-label="${label}"]`);
const display = (page: Page, label: string) => setting(page, label).getByRole('button', { name: new RegExp(`^${label}`) });
const input = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const saveLog = (page: Page) => page.getByTestId('save-log');

/** A screenshot of what is on screen (overlays are fixed to the viewport), optionally scrolled to an element. */
async function screenshotViewport(page: Page, name: string, scrollTo?: ReturnType<Page['locator']>): Promise<void> {
  if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });
}

describe.skipIf(skipE2E)('settings toolkit (gallery)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    await enableGallery(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('edits a text setting inline and saves it with Enter', async () => {
    await openGallery(page);
    await display(page, 'Title').click();
    expect(await setting(page, 'Title').getAttribute('data-state')).toBe('active');
    await input(page, 'Title').fill('Our brand book');
    await page.keyboard.press('Enter');
    await saveLog(page).getByText('title = "Our brand book"').waitFor();
    expect(await setting(page, 'Title').getAttribute('data-state')).toBe('focused');
    expect(await display(page, 'Title').textContent()).toContain('Our brand book');
    // Focus is back on the setting, so Enter edits it again.
    await page.keyboard.press('Enter');
    await input(page, 'Title').waitFor();
    await page.keyboard.press('Escape');
  });

  it('leaves without saving on Escape', async () => {
    await openGallery(page);
    await display(page, 'Subtitle').click();
    await input(page, 'Subtitle').fill('Not to be kept');
    await page.keyboard.press('Escape');
    expect(await setting(page, 'Subtitle').getAttribute('data-state')).toBe('focused');
    expect(await display(page, 'Subtitle').textContent()).toContain('Everything about our brand');
    expect(await saveLog(page).textContent()).not.toContain('subtitle =');
  });

  it('Tab saves and moves to the next setting', async () => {
    await openGallery(page);
    await display(page, 'Title').click();
    await input(page, 'Title').fill('Tabbed title');
    await page.keyboard.press('Tab');
    await saveLog(page).getByText('title = "Tabbed title"').waitFor();
    await input(page, 'Subtitle').waitFor();
    expect(await input(page, 'Subtitle').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await setting(page, 'Subtitle').getAttribute('data-state')).toBe('active');
    expect(await setting(page, 'Title').getAttribute('data-state')).toBe('idle');
    // Shift-Tab goes back without saving the unchanged subtitle.
    await page.keyboard.press('Shift+Tab');
    await input(page, 'Title').waitFor();
    expect(await saveLog(page).textContent()).not.toContain('subtitle =');
  });

  it('keeps an invalid value, pulses and does not save', async () => {
    await openGallery(page);
    await display(page, 'Contact e-mail').click();
    await input(page, 'Contact e-mail').fill('not-an-email');
    // The pulse is brief: record that it happened, so a slow machine reading it late still sees it.
    await page.evaluate(() => {
      const el = document.querySelector('.setting[data-label="Contact e-mail"]');
      const w = window as unknown as { pulsed?: boolean };
      w.pulsed = false;
      if (!el) return;
      new MutationObserver(() => {
        if (el.getAttribute('data-pulse') === 'true') w.pulsed = true;
      }).observe(el, { attributes: true });
    });
    await page.keyboard.press('Tab');
    const root = setting(page, 'Contact e-mail');
    await page.waitForFunction(() => (window as unknown as { pulsed?: boolean }).pulsed === true);
    expect(await root.getAttribute('data-state')).toBe('active');
    await root.getByText('Please enter a valid e-mail address.').waitFor();
    expect(await input(page, 'Contact e-mail').inputValue()).toBe('not-an-email');
    expect(await input(page, 'Contact e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(await input(page, 'Contact e-mail').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await saveLog(page).textContent()).not.toContain('contact =');
    // The pulse wears off; the value stays until it is fixed.
    await page.waitForFunction(() => !document.querySelector('.setting[data-label="Contact e-mail"]')?.hasAttribute('data-pulse'));
    await input(page, 'Contact e-mail').fill('press@example.com');
    await page.keyboard.press('Enter');
    await saveLog(page).getByText('contact = "press@example.com"').waitFor();
  });

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no serious or critical axe violations (${label} ${viewport.width}px)`, async () => {
      const ctx = await newContext(browser, { viewport });
      const p = await ctx.newPage();
      await signIn(p);
      await openGallery(p);
      await settled(p);
      await screenshot(p, `toolkit-gallery-${viewport.width}`);
      const violations = await seriousViolations(p);
      expect(violations, `axe on the toolkit gallery:\n${violations.join('\n')}`).toEqual([]);

      // An active setting with its error, and an open modal, are checked too.
      await display(p, 'Contact e-mail').click();
      await input(p, 'Contact e-mail').fill('nope');
      await p.keyboard.press('Enter');
      await setting(p, 'Contact e-mail').getByText('Please enter a valid e-mail address.').waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await screenshotViewport(p, `toolkit-active-error-${viewport.width}`, setting(p, 'Contact e-mail'));
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: 'Open modal', exact: true }).click();
      await p.getByRole('dialog', { name: 'A modal' }).waitFor();
      await screenshotViewport(p, `toolkit-modal-${viewport.width}`);
      expect(await seriousViolations(p)).toEqual([]);
      await p.keyboard.press('Escape');
      await p.getByRole('dialog', { name: 'A modal' }).waitFor({ state: 'detached' });

      // The user/group add dialog with a tick (the submit label counts the members of ticked groups).
      await p.getByRole('button', { name: 'Add users or groups' }).last().click();
      const dialog = p.getByRole('dialog', { name: 'Add users and groups' });
      await dialog.getByText('Bea Brand').click();
      await dialog.getByRole('button', { name: 'Add 1 user' }).waitFor();
      await screenshotViewport(p, `toolkit-add-dialog-${viewport.width}`);
      expect(await seriousViolations(p)).toEqual([]);
      await ctx.close();
    });
  }
});
