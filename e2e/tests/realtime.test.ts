import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, apiCall, brandId, newContext, openSignedInPage, screenshot, skipE2E, submitSignIn, VIEWPORTS } from '../support';

/*
 * Realtime (issue 15 §6, decision 0047) with two people in two browser contexts: the member sees that the admin
 * views the same asset, the member's viewer refreshes when the admin comments on it, and the member's folder shows
 * an asset the admin adds, all without a reload.
 */

const MEMBER = { name: 'Rita Realtime', email: 'rita-realtime@example.com', password: 'rita-long-password-123' };

describe.skipIf(skipE2E)('realtime', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let memberContext: BrowserContext;
  let member: Page;
  let libraryPath = '';
  let projectId = 0;
  let assetId = 0;
  let adminName = '';

  beforeAll(async () => {
    ({ browser, context: adminContext, page: admin } = await openSignedInPage());
    await addMember(admin, MEMBER);
    const users = JSON.parse((await apiCall(admin, 'GET', '/api/account/users')).body).data as { id: number; email: string }[];
    const memberId = users.find((u) => u.email === MEMBER.email)?.id;
    adminName = JSON.parse((await apiCall(admin, 'GET', '/api/auth/session')).body).data.user.name;

    const brand = await brandId(admin, 'Acme');
    const made = await apiCall(admin, 'POST', '/api/project/add/', { name: 'Realtime library', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    projectId = JSON.parse(made.body).data.id;
    libraryPath = `/brands/${brand}/projects/${projectId}`;
    const level = await apiCall(admin, 'PUT', `/api/project/${projectId}/user/${memberId}`, { level: 'VIEW' });
    expect(level.status, level.body).toBe(200);
    const asset = await apiCall(admin, 'POST', '/api/asset', {
      object_type: 'URL',
      external_url: 'https://example.com/poster',
      title: 'Spring poster',
      project_id: projectId,
      set_id: null,
    });
    expect(asset.status, asset.body).toBe(201);
    assetId = JSON.parse(asset.body).data.id;

    memberContext = await newContext(browser);
    member = await memberContext.newPage();
    await member.goto('/auth');
    await submitSignIn(member, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await memberContext?.close();
    await adminContext?.close();
    await browser?.close();
  });

  it('shows who else views the asset, and refreshes the viewer when the other person comments', async () => {
    const viewer = `${libraryPath}/assets/${assetId}`;
    await member.goto(viewer);
    await member.getByRole('heading', { name: 'Spring poster' }).waitFor();
    await admin.goto(viewer);
    await admin.getByRole('heading', { name: 'Spring poster' }).waitFor();

    const alsoViewing = member.getByRole('region', { name: `Also viewing: ${adminName}` });
    await alsoViewing.waitFor({ timeout: 15_000 });
    expect(await alsoViewing.getByRole('listitem').count()).toBe(1);
    // The admin sees the member the same way.
    await admin.getByRole('region', { name: `Also viewing: ${MEMBER.name}` }).waitFor({ timeout: 15_000 });
    await screenshot(member, 'realtime-also-viewing-desktop');
    await member.setViewportSize(VIEWPORTS.mobile);
    await alsoViewing.waitFor();
    await screenshot(member, 'realtime-also-viewing-mobile');
    await member.setViewportSize(VIEWPORTS.desktop);

    // A comment by the admin makes the member's viewer ask for the asset again, without a reload.
    const refetched = member.waitForRequest((r) => r.url().endsWith(`/api/screen/data/${assetId}`), { timeout: 15_000 });
    const comment = await apiCall(admin, 'POST', `/api/asset/${assetId}/comments`, { content: 'Brighter, please' });
    expect(comment.status, comment.body).toBe(201);
    await refetched;

    // The admin leaves: the member's viewer no longer lists them.
    await admin.goto(libraryPath);
    await alsoViewing.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it("shows an asset the other person adds in the folder's listing without a reload", async () => {
    // Wait until the new page's socket is subscribed to the project: a change made before that is in the page's
    // first load or not seen until the next one, which is not what this test is about.
    const subscribed = member.waitForEvent('websocket').then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) =>
          String(frame.payload).includes('"subscribed"') && String(frame.payload).includes(`presence-project-${projectId}`),
        timeout: 15_000,
      }),
    );
    await member.goto(libraryPath);
    await member.getByText('Spring poster').first().waitFor();
    await subscribed;
    const added = await apiCall(admin, 'POST', '/api/asset', {
      object_type: 'URL',
      external_url: 'https://example.com/summer',
      title: 'Summer banner',
      project_id: projectId,
      set_id: null,
    });
    expect(added.status, added.body).toBe(201);
    await member.getByText('Summer banner').first().waitFor({ timeout: 15_000 });
    await screenshot(member, 'realtime-folder-refreshed');
  });
});
