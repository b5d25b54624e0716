import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, launchBrowser, newContext, screenshot, signIn, skipE2E, VIEWPORTS } from '../support';

describe.skipIf(skipE2E)('page shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A signed-in page with the account drawer opened from the header. */
  async function openAccountDrawer() {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('button', { name: /Account menu/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Account menu' });
    await drawer.waitFor();
    return { context, page, drawer };
  }

  it('cookie consent: Accept all is stored and survives a reload', async () => {
    const context = await newContext(browser, { consent: false });
    const page = await context.newPage();
    await page.goto('/auth');
    const dialog = page.getByRole('dialog', { name: 'Cookies on Emblem' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Accept all' }).click();
    await dialog.waitFor({ state: 'detached' });

    const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
    expect(cookie).toBeDefined();
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual({ preferences: true, statistics: true });
    // 90 days, give or take the test's own duration.
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(90);

    await page.reload();
    await page.getByRole('button', { name: 'Cookie settings' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Cookies on Emblem' }).count()).toBe(0);

    // Signed in (the seeded account has COOKIE_CONSENT on), the choice still holds.
    await signIn(page);
    await page.getByRole('button', { name: 'Cookie settings' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Cookies on Emblem' }).count()).toBe(0);
    await context.close();
  });

  it('cookie consent: Reject non-essential clears statistics storage and survives a reload', async () => {
    const context = await newContext(browser, { consent: false });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.evaluate(() => {
      localStorage.setItem('AMP_device', 'x');
      localStorage.setItem('keep_me', 'y');
    });
    const dialog = page.getByRole('dialog', { name: 'Cookies on Emblem' });
    await dialog.getByRole('button', { name: 'Reject non-essential' }).click();
    await dialog.waitFor({ state: 'detached' });

    const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual({ preferences: false, statistics: false });
    expect(await page.evaluate(() => [localStorage.getItem('AMP_device'), localStorage.getItem('keep_me')])).toEqual([null, 'y']);

    await page.reload();
    await page.getByRole('button', { name: 'Cookie settings' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Cookies on Emblem' }).count()).toBe(0);

    // The floating button reopens the dialog with the stored choice.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const reopened = page.getByRole('dialog', { name: 'Cookies on Emblem' });
    await reopened.waitFor();
    expect(await reopened.getByRole('checkbox', { name: 'Statistics' }).isChecked()).toBe(false);
    await context.close();
  });

  it('on a narrow screen the cookie entry covers nothing: a footer line after the page, and the account menu', async () => {
    const context = await newContext(browser, { viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    // No floating button over the page.
    expect(await page.locator('.cookie-settings-button').count()).toBe(0);
    const footer = page.getByRole('contentinfo');
    const entry = footer.getByRole('button', { name: 'Cookie settings' });
    await entry.waitFor();
    // In the flow, after the main content, not fixed over it.
    expect(await footer.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const main = await page.getByRole('main').boundingBox();
    const line = await footer.boundingBox();
    expect(line && main && line.y >= main.y + main.height - 1).toBe(true);
    await entry.scrollIntoViewIfNeeded();
    await screenshot(page, 'cookie-footer-390');
    await entry.click();
    const dialog = page.getByRole('dialog', { name: 'Cookies on Emblem' });
    await dialog.getByRole('button', { name: 'Save selection' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The account menu has the entry too.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('dialog', { name: 'Account menu' }).getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('dialog', { name: 'Cookies on Emblem' }).waitFor();
    await context.close();
  });

  it('the account drawer opens from the header and closes on Escape', async () => {
    const { context, page, drawer } = await openAccountDrawer();
    await drawer.getByText('admin@example.com').waitFor();
    await drawer.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.keyboard.press('Escape');
    // Still there while the 500 ms exit animation plays, then gone.
    await drawer.waitFor({ state: 'detached', timeout: 3_000 });
    expect(await page.getByRole('dialog', { name: 'Account menu' }).count()).toBe(0);
    await context.close();
  });

  it('the drawer closes on a press outside it, and Sign out ends the session', async () => {
    const { context, page, drawer } = await openAccountDrawer();
    await page.mouse.click(20, 400);
    await drawer.waitFor({ state: 'detached', timeout: 3_000 });

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('dialog', { name: 'Account menu' }).getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });
});
