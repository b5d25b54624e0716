import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, brandId, config, launchBrowser, newContext, screenshot, settled, signIn, skipE2E, VIEWPORTS } from '../support';

/**
 * The interface languages (issue 16 §3) in Chromium: the seeded admin switches the profile language to German and
 * sees the dashboard, a library and the viewer in German without a reload, then French; a visitor whose browser
 * asks for French sees /auth in French. Expected texts come from the locale files, so a translation may change.
 */

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'apps', 'web', 'src', 'locales');

/** The text of dotted `key` in `language` (all the language's files merged, as the app looks keys up). */
function text(language: string, key: string): string {
  const dir = join(LOCALES, language);
  for (const file of readdirSync(dir)) {
    let node: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node === 'string') return node;
  }
  throw new Error(`no ${key} in ${language}`);
}

/** Marks the page's JavaScript world; the mark is gone after a reload. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

describe.skipIf(skipE2E)('interface languages', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let libraryPath = '';
  let assetPath = '';
  let assetTitle = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page);
    const brand = await brandId(page, 'Acme');
    const projects = JSON.parse((await apiCall(page, 'GET', `/api/brand/${brand}/projects`)).body).data as { id: number; name: string }[];
    const media = projects.find((p) => p.name === 'Photography');
    if (!media) throw new Error('the demo has no Photography library');
    libraryPath = `/brands/${brand}/projects/${media.id}`;
    const folder = (JSON.parse((await apiCall(page, 'GET', `/api/project/${media.id}/sets`)).body).data as { id: number }[])[0];
    const listed = await apiCall(page, 'POST', '/api/asset/list', { project_id: media.id, set_id: folder?.id });
    const asset = (JSON.parse(listed.body).data.items as { id: number; title: string }[])[0];
    if (!asset) throw new Error(`no asset in the demo library: ${listed.body}`);
    assetPath = `${libraryPath}/assets/${asset.id}`;
    assetTitle = asset.title;
    libraryPath = `${libraryPath}/folders/${folder?.id}`;
  });

  afterAll(async () => {
    // The other suites sign in as the same admin and expect English.
    if (page) await apiCall(page, 'PUT', '/api/user/profile', { language: 'en' });
    await browser?.close();
  });

  /** Follows an in-app link (client-side navigation, no reload) and waits for the page's heading. */
  async function follow(href: string): Promise<void> {
    await page.evaluate((target) => {
      const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === target);
      if (!link) throw new Error(`no link to ${target}`);
      link.click();
    }, href);
    await page.waitForURL((url) => url.pathname === href);
  }

  async function chooseLanguage(current: string, name: string): Promise<void> {
    const setting = page.locator(`.setting[data-label="${text(current, 'profile.language')}"]`);
    await setting.getByRole('button', { name: new RegExp(text(current, 'profile.language')) }).click();
    await page.getByRole('option', { name }).click();
  }

  it.each([
    ['de', 'Deutsch', 'en'],
    ['fr', 'Français', 'de'],
  ])(
    'switches the profile language to %s and shows the dashboard, a library and the viewer in it without a reload',
    async (language, name, before) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: text(before, 'profile.title') }).waitFor({ timeout: 15_000 });
      await markDocument(page);

      await chooseLanguage(before, name);
      await page.getByRole('heading', { level: 1, name: text(language, 'profile.title') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

      await follow('/');
      await page.getByRole('heading', { level: 1, name: text(language, 'dashboard.heading') }).waitFor();
      await settled(page);
      await screenshot(page, `languages-${language}-dashboard-1280`);

      await page.goto(libraryPath);
      await page
        .getByRole('button', { name: text(language, 'library.upload'), exact: true })
        .first()
        .waitFor({ timeout: 15_000 });
      await markDocument(page);
      await settled(page);
      await screenshot(page, `languages-${language}-library-1280`);
      // Opening the asset's tile is a client-side navigation too.
      await page
        .getByRole('gridcell')
        .filter({ has: page.locator('.tile__title', { hasText: assetTitle }) })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === assetPath);
      await page.getByRole('heading', { level: 2, name: text(language, 'viewer.details') }).waitFor();
      await settled(page);
      await screenshot(page, `languages-${language}-viewer-1280`);
      expect(await sameDocument(page)).toBe(true);

      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: text(language, 'dashboard.heading') }).waitFor();
      await settled(page);
      await screenshot(page, `languages-${language}-dashboard-390`);
      await page.goto(libraryPath);
      await page
        .getByRole('button', { name: text(language, 'library.upload'), exact: true })
        .first()
        .waitFor({ timeout: 15_000 });
      await settled(page);
      await screenshot(page, `languages-${language}-library-390`);
    },
  );

  it.each([
    ['fr-FR', 'fr'],
    ['de-DE', 'de'],
  ])('shows /auth to a visitor whose browser asks for %s in that language, at 1280 and 390 px', async (locale, language) => {
    const visitor = await browser.newContext({ baseURL: config().baseURL, locale, viewport: VIEWPORTS.desktop });
    const visit = await visitor.newPage();
    await visit.goto('/auth');
    // The cookie banner greets the visitor in the language too; once answered, the sign-in form shows.
    await visit.getByRole('button', { name: text(language, 'cookieConsent.reject') }).click();
    await visit.getByRole('heading', { level: 1, name: text(language, 'signIn.heading') }).waitFor({ timeout: 15_000 });
    expect(await visit.evaluate(() => document.documentElement.lang)).toBe(language);
    await visit.getByRole('button', { name: text(language, 'signIn.submit'), exact: true }).waitFor();
    await settled(visit);
    await screenshot(visit, `languages-${language}-auth-1280`);
    await visit.setViewportSize(VIEWPORTS.mobile);
    await settled(visit);
    await screenshot(visit, `languages-${language}-auth-390`);
    // Only the sign-in strings of the language were fetched: not the rest of the app, and no other language.
    const scripts = await visit.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(scripts.filter((s) => /locale-/.test(s)).map((s) => /locale-[a-z]{2}-[a-z]+/.exec(s)?.[0])).toEqual([
      `locale-${language}-public`,
    ]);
    await visitor.close();
  });
});
