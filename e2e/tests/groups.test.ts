import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, apiCall, audit, brandId, newContext, openSignedInPage, skipE2E, submitSignIn, VIEWPORTS } from '../support';

/**
 * User groups (issue 4): an admin switches USER_GROUPS on, creates a group on /admin/groups, adds a member, then
 * gives the group access to a library on its collaborators screen; the member sees the library through the group.
 * axe-core runs on both screens.
 */

const GROUP = 'E2E Designers';
const LIBRARY = 'E2E Group Library';
const MEMBER = { name: 'Gia Groupmember', email: 'gia-groups@example.com', password: 'gia-long-password-123' };

describe.skipIf(skipE2E)('user groups', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let settingsPath = '';
  let libraryPath = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());

    const flag = await apiCall(page, 'PUT', '/api/development/flag/USER_GROUPS');
    expect(flag.status, flag.body).toBe(200);

    // A member who has joined (an invitation still pending cannot be ticked in the pickers).
    await addMember(page, MEMBER);

    const brand = await brandId(page, 'Acme');
    const created = await apiCall(page, 'POST', '/api/project/add/', { name: LIBRARY, brand, project_type: 'MEDIALIBRARY' });
    expect(created.status, created.body).toBe(201);
    libraryPath = `/brands/${brand}/projects/${JSON.parse(created.body).data.id}`;
    settingsPath = `${libraryPath}/settings/collaborators`;
  });

  afterAll(async () => {
    // Leave the shared server as the other suites expect it.
    if (page) await apiCall(page, 'DELETE', '/api/development/flag/USER_GROUPS').catch(() => undefined);
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
