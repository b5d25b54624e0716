import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandId, launchBrowser, newContext, screenshot, seriousViolations, settled, signIn, skipE2E, VIEWPORTS } from '../support';

/**
 * axe-core on every built page, at desktop (1280) and mobile (390) widths, with a screenshot of each in
 * e2e/artifacts/ for a look at the layout.
 */
describe.skipIf(skipE2E)('accessibility and layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function check(page: Page, name: string, heading: string | RegExp) {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await settled(page);
    await screenshot(page, name);
    const violations = await seriousViolations(page);
    expect(violations, `axe on ${name}:\n${violations.join('\n')}`).toEqual([]);
  }

  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(`has no serious or critical violations (${label} ${viewport.width}px)`, async () => {
      const context = await newContext(browser, { viewport });
      const page = await context.newPage();

      await page.goto('/auth');
      await check(page, `auth-${viewport.width}`, 'Sign in to Emblem');

      await page.goto('/no-such-page');
      await check(page, `not-found-signed-out-${viewport.width}`, 'Page not found');

      await signIn(page);
      await check(page, `dashboard-${viewport.width}`, 'Brands');

      const id = await brandId(page, 'Acme');
      await page.goto(`/brands/${id}`);
      await check(page, `brand-${viewport.width}`, 'Acme');

      await page.goto('/usage/users');
      await check(page, `usage-users-${viewport.width}`, 'Usage');

      await page.goto('/usage/access-requests');
      await check(page, `usage-access-requests-${viewport.width}`, 'Usage');

      await page.goto('/admin/users');
      await check(page, `admin-users-${viewport.width}`, 'Users');

      await page.goto('/no-such-page');
      await check(page, `not-found-${viewport.width}`, 'Page not found');

      // The overlays too: the account drawer and the invite dialog.
      await page.goto('/admin/users');
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('dialog', { name: 'Account menu' }).waitFor();
      await page.waitForTimeout(600);
      await screenshot(page, `drawer-${viewport.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Account menu' }).waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Invite user' }).click();
      await page.getByRole('dialog', { name: 'Invite user' }).waitFor();
      await screenshot(page, `invite-dialog-${viewport.width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('has no serious or critical violations with the cookie consent dialog open', async () => {
    const context = await newContext(browser, { consent: false, viewport: VIEWPORTS.mobile });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('dialog', { name: 'Cookies on Emblem' }).waitFor();
    await settled(page);
    await screenshot(page, 'cookie-consent-390');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
