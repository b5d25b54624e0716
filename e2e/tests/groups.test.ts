import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandId,
  config,
  launchBrowser,
  newContext,
  screenshot,
  seriousViolations,
  settled,
  signIn,
  skipE2E,
  submitSignIn,
  VIEWPORTS,
} from '../support';

/**
 * User groups (issue 4): an admin switches USER_GROUPS on, creates a group on /admin/groups, adds a member, then
 * gives the group access to a library on its collaborators screen; the member sees the library through the group.
 * axe-core runs on both screens.
 */

const GROUP = 'E2E Designers';
const LIBRARY = 'E2E Group Library';
const MEMBER = { name: 'Gia Groupmember', email: 'gia-groups@example.com', password: 'gia-long-password-123' };

/** A JSON call with the signed-in page's own session and CSRF token; answers status and body. */
async function call(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/api/auth/session', { credentials: 'same-origin' })).json();
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          'X-CSRF-Token': session.data.csrfToken,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.text() };
    },
    { method, path, body },
  );
}

async function audit(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, name);
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${name}:\n${violations.join('\n')}`).toEqual([]);
}

describe.skipIf(skipE2E)('user groups', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let settingsPath = '';
  let libraryPath = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    await signIn(page);

    const flag = await call(page, 'PUT', '/api/development/flag/USER_GROUPS');
    expect(flag.status, flag.body).toBe(200);

    // A member who has joined (an invitation still pending cannot be ticked in the pickers).
    const invited = await call(page, 'POST', '/api/account/users/invite', { email: MEMBER.email, role: 'MEMBER' });
    expect(invited.status, invited.body).toBe(201);
    const token = new URL(JSON.parse(invited.body).data.invitation_url, config().baseURL).pathname.split('/').pop();
    const accepted = await fetch(`${config().baseURL}/api/auth/invitation/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: config().baseURL },
      body: JSON.stringify({ token, name: MEMBER.name, password: MEMBER.password }),
    });
    expect(accepted.status, await accepted.text()).toBe(200);

    const brand = await brandId(page, 'Acme');
    const created = await call(page, 'POST', '/api/project/add/', { name: LIBRARY, brand, project_type: 'MEDIALIBRARY' });
    expect(created.status, created.body).toBe(201);
    libraryPath = `/brands/${brand}/projects/${JSON.parse(created.body).data.id}`;
    settingsPath = `${libraryPath}/settings/collaborators`;
  });

  afterAll(async () => {
    // Leave the shared server as the other suites expect it.
    if (page) await call(page, 'DELETE', '/api/development/flag/USER_GROUPS').catch(() => undefined);
    await context?.close();
    await browser?.close();
  });

  it('creates a group on /admin/groups and adds a member', async () => {
    // A full load: the session (with the new flag) is read again.
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Groups', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/groups');
    await page.getByRole('heading', { level: 1, name: 'User groups' }).waitFor();
    await page.getByRole('heading', { name: 'No groups yet' }).waitFor();

    await page.getByRole('button', { name: 'New group' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New group' });
    await dialog.getByLabel('Name', { exact: true }).fill(GROUP);
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByRole('region', { name: GROUP });
    await card.waitFor();
    await page.getByText(`The group ${GROUP} was created.`, { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Add users', exact: true }).click();
    const picker = page.getByRole('dialog', { name: 'Add users' });
    await picker.getByText(MEMBER.name).click();
    await picker.getByRole('button', { name: 'Add 1 user' }).click();
    await picker.waitFor({ state: 'detached' });
    await card.getByText('1 member', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Remove ${MEMBER.name}` }).waitFor();
    await audit(page, 'groups-1280');

    // The group survives a reload with its member; the page also holds at phone width.
    await page.reload();
    await page.getByRole('region', { name: GROUP }).getByText('1 member', { exact: true }).waitFor();
    await page.setViewportSize(VIEWPORTS.mobile);
    await audit(page, 'groups-390');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('gives the group access to a library on its collaborators screen', async () => {
    await page.goto(settingsPath);
    await page.getByRole('heading', { level: 1, name: 'Collaborators' }).waitFor();
    const add = page.getByRole('region', { name: 'Add groups' });
    await add.getByRole('button', { name: /Access for the added groups/ }).click();
    await page.getByRole('option', { name: 'Edit', exact: true }).click();
    await add.getByRole('button', { name: 'Choose groups' }).click();
    const picker = page.getByRole('dialog', { name: 'Add groups with Edit access' });
    await picker.getByText(GROUP).click();
    await picker.getByRole('button', { name: 'Add 1 user' }).click();
    await picker.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: `Groups with access to ${LIBRARY}` });
    const row = table.getByRole('row').filter({ hasText: GROUP });
    await row.waitFor();
    expect(await row.getByText('1 member').count()).toBe(1);
    expect(await row.getByRole('button', { name: `Access for the group ${GROUP}` }).textContent()).toContain('Edit');
    await page.getByText(`${GROUP} was added with Edit access.`).waitFor();
    await audit(page, 'project-groups-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await audit(page, 'project-groups-390');
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  it('lets the member open the library through the group', async () => {
    const memberContext = await newContext(browser);
    const member = await memberContext.newPage();
    await member.goto('/auth');
    await submitSignIn(member, MEMBER.email, MEMBER.password);
    await member.goto(libraryPath);
    await member.getByRole('heading', { level: 1, name: LIBRARY }).waitFor();
    await memberContext.close();
  });
});
