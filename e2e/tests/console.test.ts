import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, launchBrowser, newContext, signIn, skipE2E } from '../support';

/**
 * The console stays clean: no warning and no error on the pages a new user visits, including refusals the
 * screens handle (a wrong password, a page that does not exist); and no page loads anything from another origin.
 */
describe.skipIf(skipE2E)('browser console', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows no warnings or errors and loads nothing from another origin on the main pages, a failed sign-in and a not-found page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const messages: string[] = [];
    const keep = (m: ConsoleMessage) => {
      // Chromium itself reports every 4xx/5xx response as "Failed to load resource"; that is the browser's network
      // log, not the app writing to the console.
      if (m.text().startsWith('Failed to load resource')) return;
      if (m.type() === 'warning' || m.type() === 'error') messages.push(`${m.type()} on ${new URL(page.url()).pathname}: ${m.text()}`);
    };
    page.on('console', keep);
    page.on('pageerror', (e) => messages.push(`uncaught on ${new URL(page.url()).pathname}: ${e.message}`));
    // Privacy: nothing a page loads comes from another origin (fonts, avatars, scripts). A request the CSP blocks
    // shows as a console error above; one it lets through is caught here.
    const origin = new URL(config().baseURL).origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) foreign.push(r.url());
    });

    // A wrong password is a refusal the sign-in form shows, not a failure for the console.
    await page.goto('/auth');
    await page.getByLabel('E-mail', { exact: true }).fill(config().email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();

    await signIn(page);
    const brandId = await page.evaluate(async () => {
      const res = await fetch('/api/brand');
      return ((await res.json()) as { data: { id: number }[] }).data[0]?.id;
    });
    expect(brandId).toEqual(expect.any(Number));
    for (const path of [
      '/',
      `/brands/${brandId}`,
      `/brands/${brandId}/guidelines`,
      '/usage',
      '/admin/users',
      '/profile',
      '/settings/account',
      '/no-such-page',
      `/brands/999999`,
    ]) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      // Let late queries settle.
      await page.waitForLoadState('networkidle');
    }
    expect(messages).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
