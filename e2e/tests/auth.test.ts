import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config, launchBrowser, newContext, settled, signIn, skipE2E, submitSignIn } from '../support';

describe.skipIf(skipE2E)('signing in and routing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with the seeded owner and shows the dashboard with the demo brand', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    await page.getByRole('link', { name: 'Acme', exact: true }).waitFor();
    expect(await page.title()).toBe('Brands · Emblem');
    await context.close();
  });

  it('refuses wrong credentials with a clear message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('E-mail', { exact: true }).fill(config().email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('sends an unauthenticated deep link to /auth with a referer and returns there after sign-in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/usage/users');
    await page.waitForURL((url) => url.pathname === '/auth');
    const url = new URL(page.url());
    expect(url.searchParams.get('referer')).toBe('/usage/users');
    await submitSignIn(page);
    await page.waitForURL((u) => u.pathname === '/usage/users');
    await settled(page);
    const tab = page.getByRole('tab', { name: /Users/ });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/this/page/does-not-exist');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    await context.close();
  });
});
