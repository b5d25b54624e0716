import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  apiCall,
  brandId,
  finished,
  newContext,
  openSignedInPage,
  picture,
  screenshot,
  skipE2E,
  submitSignIn,
  upload,
  VIEWPORTS,
} from '../support';

/*
 * A live review with two people (issue 15; decisions 0046, 0047, 0050): the admin (A) pins a comment on an image
 * and mentions the member (B), whose open viewer shows the comment and whose bell counts it without a reload; B
 * follows the notification, replies and resolves, and A's open viewer shows both without a reload.
 */

const MEMBER = { name: 'Lena Live', email: `lena-live-${Date.now()}@example.com`, password: 'live-review-pass-123' };

describe.skipIf(skipE2E)('live review', () => {
  let browser: Browser;
  let adminContext: BrowserContext;
  let admin: Page;
  let memberContext: BrowserContext;
  let member: Page;
  let viewerPath = '';

  async function openViewer(p: Page): Promise<void> {
    await p.goto(viewerPath);
    const preview = p.locator('img.zoom__img');
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }

  beforeAll(async () => {
    ({ browser, context: adminContext, page: admin } = await openSignedInPage());
    await admin.setViewportSize(VIEWPORTS.desktop);
    await addMember(admin, MEMBER);
    const users = JSON.parse((await apiCall(admin, 'GET', '/api/account/users')).body).data as { id: number; email: string }[];
    const memberId = users.find((u) => u.email === MEMBER.email)?.id;
    const brand = await brandId(admin, 'Acme');
    const made = await apiCall(admin, 'POST', '/api/project/add/', { name: 'Live review', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    const projectId = JSON.parse(made.body).data.id as number;
    expect((await apiCall(admin, 'PUT', `/api/project/${projectId}/user/${memberId}`, { level: 'COMMENT' })).status).toBe(200);
    const fileId = await upload(admin, await picture('#2a9d8f'), projectId, 'banner.png');
    const created = await apiCall(admin, 'POST', '/api/asset', { file_id: fileId, project_id: projectId, title: 'Banner' });
    expect(created.status, created.body).toBe(201);
    const assetId = JSON.parse(created.body).data.id as number;
    await finished(admin, assetId);
    viewerPath = `/brands/${brand}/projects/${projectId}/assets/${assetId}`;

    memberContext = await newContext(browser);
    member = await memberContext.newPage();
    await member.setViewportSize(VIEWPORTS.desktop);
    await member.goto('/auth');
    await submitSignIn(member, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await memberContext?.close();
    await adminContext?.close();
    await browser?.close();
  });

  it('mentions B in a pinned comment; B is told, follows, replies and resolves; A sees it all live', async () => {
    await openViewer(member);
    await member.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 15_000 });

    await openViewer(admin);
    await admin.getByRole('button', { name: 'Comment tool' }).click();
    const canvas = await admin.locator('.zoom__canvas').boundingBox();
    if (!canvas) throw new Error('no image');
    await admin.mouse.click(canvas.x + canvas.width * 0.6, canvas.y + canvas.height * 0.3);
    await admin.getByRole('textbox', { name: 'New comment' }).click();
    await admin.keyboard.type('Brighter here, @');
    await admin.keyboard.type('Len');
    await admin.getByRole('option', { name: /Lena Live/ }).waitFor();
    await admin.keyboard.press('Enter');
    await admin.keyboard.type('please check');
    await admin.getByRole('button', { name: 'Comment', exact: true }).click();
    await admin.getByText('Brighter here, @Lena Live please check').waitFor();

    // B, without a reload: the bell counts the mention and the panel shows the comment.
    await member.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 15_000 });
    await member.getByRole('region', { name: 'Comments' }).getByText('Brighter here, @Lena Live please check').waitFor({ timeout: 15_000 });
    await member.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const centre = member.getByRole('dialog', { name: 'Notifications' });
    await centre.getByRole('link', { name: /mentioned you on Banner/ }).click();
    await member.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 15_000 });
    expect(JSON.parse((await apiCall(member, 'GET', '/api/notifications/unread-count')).body).data).toEqual({ unread_count: 0 });

    const thread = member.locator('.comment-thread').filter({ hasText: 'Brighter here' });
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await member.getByRole('textbox', { name: /^Reply to/ }).click();
    await member.keyboard.type('Done in the next revision');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await member.getByText('Done in the next revision').waitFor();
    await thread.getByRole('button', { name: 'Resolve', exact: true }).click();
    await thread.getByRole('button', { name: 'Reopen', exact: true }).waitFor();

    // A, without a reload: the reply and the resolved state.
    const adminThread = admin.locator('.comment-thread').filter({ hasText: 'Brighter here' });
    await adminThread.getByText('Done in the next revision').waitFor({ timeout: 15_000 });
    await adminThread.getByRole('button', { name: 'Reopen', exact: true }).waitFor({ timeout: 15_000 });

    await screenshot(admin, 'live-review-admin-desktop');
    await screenshot(member, 'live-review-member-desktop');
  });
});
