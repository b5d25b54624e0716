import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, settled, signIn, skipE2E } from '../support';

describe.skipIf(skipE2E)('admin users and brands', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('invites a user, whose invitation link lets them join and sign in', async () => {
    const admin = await newContext(browser);
    const page = await admin.newPage();
    await signIn(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('E-mail address', { exact: true }).fill('invitee@example.com');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    await sent.waitFor();
    const link = await sent.getByLabel('Invitation link', { exact: true }).inputValue();
    expect(link).toMatch(/\/auth\/invitation\//);
    await sent.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: 'invitee@example.com' }).getByText('Invited').waitFor();

    const invitee = await newContext(browser);
    const other = await invitee.newPage();
    await other.goto(new URL(link).pathname);
    await other.getByRole('heading', { level: 1, name: /Join .* on Emblem/ }).waitFor();
    await other.getByLabel('Your name', { exact: true }).fill('Ivy Invitee');
    await other.getByLabel('Password', { exact: true }).fill('ivy-long-password-123');
    await other.getByRole('button', { name: 'Join and sign in' }).click();
    await other.waitForURL((url) => url.pathname === '/');
    await other.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    // A member has no admin link and lands on access requests under /usage.
    expect(await other.getByRole('link', { name: 'Users', exact: true }).count()).toBe(0);
    await other.goto('/usage');
    await other.waitForURL((url) => url.pathname === '/usage/access-requests');
    await other.goto('/admin/users');
    await other.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor();
    await invitee.close();
    await admin.close();
  });

  it('creates, renames and deletes a brand', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page);
    await settled(page);
    await page.getByRole('button', { name: 'Create brand' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create brand' });
    await dialog.getByLabel('Brand name', { exact: true }).fill('Nimbus E2E');
    await dialog.getByRole('button', { name: 'Create brand' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nimbus E2E' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/brands\/\d+$/);

    // The name is an inline setting on the brand's Settings tab: activate it, type, Enter saves.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.waitForURL((url) => /^\/brands\/\d+\/settings$/.test(url.pathname));
    await page.getByRole('button', { name: /^Name Nimbus E2E/ }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await name.fill('Nimbus Renamed');
    await name.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Nimbus Renamed' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Nimbus Renamed' }).waitFor();

    await page.getByRole('button', { name: 'Delete brand…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete brand' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Acme', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Nimbus Renamed' }).count()).toBe(0);
    await context.close();
  });
});
