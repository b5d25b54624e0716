import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  apiCall,
  audit,
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
 * Comments in the asset viewer and comparerevision (issue 15 §4): a pin that stays on its spot at every zoom,
 * replies with an @mention from a second person, resolve and the filter, and two revisions compared.
 */

const MEMBER = { name: 'Carla Commenter', email: `carla-${Date.now()}@example.com`, password: 'comment-pass-123' };

/** Where the first pin's centre lies on the image, as fractions of the image's box. */
async function pinOnImage(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const img = document.querySelector('.zoom__canvas')!.getBoundingClientRect();
    const pin = document.querySelector('[data-comment-marker="1"]')!.getBoundingClientRect();
    return { x: (pin.left + pin.width / 2 - img.left) / img.width, y: (pin.top + pin.height / 2 - img.top) / img.height };
  });
}

describe.skipIf(skipE2E)('comments in the viewer', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let viewerPath = '';
  let assetId = 0;
  let projectId = 0;
  let adminName = '';
  let adminId = 0;

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'Comments test', project_type: 'MEDIALIBRARY', brand });
    expect(made.status, made.body).toBe(201);
    projectId = JSON.parse(made.body).data.id as number;
    const fileId = await upload(page, await picture('#1d5fd1'), projectId, 'poster.png');
    const created = await apiCall(page, 'POST', '/api/asset', { file_id: fileId, project_id: projectId, title: 'Poster' });
    expect(created.status, created.body).toBe(201);
    assetId = JSON.parse(created.body).data.id as number;
    await finished(page, assetId);
    viewerPath = `/brands/${brand}/projects/${projectId}/assets/${assetId}`;
    const session = JSON.parse((await apiCall(page, 'GET', '/api/auth/session')).body).data;
    adminName = session.user.name;
    adminId = session.user.id;
    // Both people collaborate on the project, so each may mention the other.
    expect((await apiCall(page, 'PUT', `/api/project/${projectId}/user/${adminId}`, { level: 'ADMIN' })).status).toBe(200);
    await addMember(page, MEMBER);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function openViewer(p: Page): Promise<void> {
    await p.goto(viewerPath);
    const preview = p.locator('img.zoom__img');
    await preview.waitFor();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }

  it('pins a comment that stays on its spot at every zoom, replies, resolves, and Open hides it', async () => {
    await openViewer(page);
    await page.getByText('No comments yet. Select the comment tool and click the image to pin one.').waitFor();
    await page.getByRole('button', { name: 'Comment tool' }).click();
    const canvas = await page.locator('.zoom__canvas').boundingBox();
    if (!canvas) throw new Error('no image');
    await page.mouse.click(canvas.x + canvas.width * 0.3, canvas.y + canvas.height * 0.4);
    await page.getByRole('textbox', { name: 'New comment' }).click();
    await page.keyboard.type('The logo is too small here');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const pin = page.getByRole('button', { name: 'Comment 1', exact: true });
    await pin.waitFor();
    const atFit = await pinOnImage(page);
    expect(atFit.x).toBeCloseTo(0.3, 2);
    expect(atFit.y).toBeCloseTo(0.4, 2);

    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await pin.scrollIntoViewIfNeeded();
    const zoomed = await pinOnImage(page);
    expect(zoomed.x).toBeCloseTo(0.3, 2);
    expect(zoomed.y).toBeCloseTo(0.4, 2);
    await page.getByRole('button', { name: 'Fit' }).click();

    // Clicking the comment's marking selects its marker.
    await page.getByRole('button', { name: /Show the marking of comment 1/ }).click();
    await expect.poll(() => pin.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByRole('textbox', { name: /^Reply to/ }).click();
    await page.keyboard.type('Made it bigger in the next revision');
    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    await page.getByText('Made it bigger in the next revision').waitFor();

    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    await page.getByRole('button', { name: 'Reopen', exact: true }).waitFor();
    await page.getByRole('radio', { name: 'Open' }).click();
    await page.getByText('No comments match this filter.').waitFor();
    expect(await page.getByText('The logo is too small here').count()).toBe(0);
    expect(await pin.count()).toBe(0);
    await page.getByRole('radio', { name: 'All' }).click();
    await page.getByRole('button', { name: 'Reopen', exact: true }).click();
    await page.getByRole('button', { name: 'Resolve', exact: true }).waitFor();
    await audit(page, 'comments-viewer-desktop');

    // A drag draws an area; axe checks the page with the tool on and the area drawn.
    await page.getByRole('button', { name: 'Comment tool' }).click();
    const box = await page.locator('.zoom__canvas').boundingBox();
    if (!box) throw new Error('no image');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.75, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('region', { name: 'Comments' }).getByText('Area', { exact: true }).waitFor();
    await audit(page, 'comments-viewer-tool-desktop');
    await page.getByRole('textbox', { name: 'New comment' }).click();
    await page.keyboard.type('Keep this area clear');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const area = page.getByRole('button', { name: 'Comment 2', exact: true });
    await area.waitFor();
    const drawn = await page.evaluate(() => {
      const img = document.querySelector('.zoom__canvas')!.getBoundingClientRect();
      const r = document.querySelector('[data-comment-marker="2"]')!.getBoundingClientRect();
      return { x: (r.left - img.left) / img.width, y: (r.top - img.top) / img.height, w: r.width / img.width, h: r.height / img.height };
    });
    expect(drawn.x).toBeCloseTo(0.5, 2);
    expect(drawn.y).toBeCloseTo(0.25, 2);
    expect(drawn.w).toBeCloseTo(0.2, 2);
    expect(drawn.h).toBeCloseTo(0.5, 2);
  });

  it('another person sees the comment after a reload and replies mentioning the first', async () => {
    const other = await newContext(browser);
    try {
      const p = await other.newPage();
      await p.goto('/auth');
      await submitSignIn(p, MEMBER.email, MEMBER.password);
      const memberId = JSON.parse((await apiCall(p, 'GET', '/api/auth/session')).body).data.user.id as number;
      expect((await apiCall(page, 'PUT', `/api/project/${projectId}/user/${memberId}`, { level: 'COMMENT' })).status).toBe(200);
      await openViewer(p);
      await p.reload();
      await p.getByText('The logo is too small here').waitFor();
      const thread = p.locator('.comment-thread').filter({ hasText: 'The logo is too small here' });
      await thread.getByRole('button', { name: 'Reply', exact: true }).click();
      await p.getByRole('textbox', { name: /^Reply to/ }).click();
      await p.keyboard.type('Looks good, @');
      const first = adminName.split(' ')[0] ?? adminName;
      await p.keyboard.type(first.slice(0, 3));
      const option = p.getByRole('option', { name: new RegExp(adminName) });
      await option.waitFor();
      await p.keyboard.press('Enter');
      await p.keyboard.type('please approve');
      await thread.getByRole('button', { name: 'Reply', exact: true }).click();
      await p.getByText(`Looks good, @${adminName} please approve`).waitFor();
      const comments = JSON.parse((await apiCall(p, 'GET', `/api/asset/${assetId}/comments`)).body).data;
      const reply = comments[0].replies.find((r: { content: string }) => r.content.includes('Looks good'));
      expect(reply.mentioned_users.map((u: { id: number }) => u.id)).toEqual([adminId]);
    } finally {
      await other.close();
    }
  });

  it('on a phone the comments sit below the media', async () => {
    const mobile = await newContext(browser, { viewport: VIEWPORTS.mobile });
    try {
      const p = await mobile.newPage();
      await p.goto('/auth');
      await submitSignIn(p);
      await openViewer(p);
      await p.getByText('The logo is too small here').waitFor();
      const stage = await p.locator('.viewer__stage').boundingBox();
      const panel = await p.getByRole('region', { name: 'Comments' }).boundingBox();
      expect(panel!.y).toBeGreaterThan(stage!.y + stage!.height - 1);
      await audit(p, 'comments-viewer-mobile');
    } finally {
      await mobile.close();
    }
  });

  it('comparerevision shows two revisions with their comments; the overlay divider moves with the arrow keys', async () => {
    const fileId = await upload(page, await picture('#b42318'), projectId, 'poster-2.png');
    expect((await apiCall(page, 'POST', `/api/asset/${assetId}/revision`, { file_id: fileId })).status).toBe(200);
    await finished(page, assetId);
    await openViewer(page);
    // The first comment was made on revision 1: it is listed under Earlier revisions now.
    await page.getByRole('region', { name: 'Earlier revisions' }).getByText('The logo is too small here').waitFor();
    await page.getByRole('link', { name: 'Compare revisions' }).click();
    await page.waitForURL(/\/comparerevision/);
    const left = page.getByRole('region', { name: 'Revision 1' });
    const right = page.getByRole('region', { name: 'Revision 2' });
    await left.getByText('The logo is too small here').waitFor();
    await left.getByRole('button', { name: 'Comment 1', exact: true }).waitFor();
    await right.getByText('No comments on this revision.').waitFor();
    await audit(page, 'comparerevision-desktop');

    await page.getByRole('radio', { name: 'Overlay' }).click();
    const slider = page.getByRole('slider', { name: /Divider/ });
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('55');
    await page.keyboard.press('ArrowLeft');
    expect(await slider.inputValue()).toBe('54');
    expect(
      await page
        .locator('.compare-overlay__layer')
        .nth(1)
        .evaluate((el) => (el as HTMLElement).style.clipPath),
    ).toBe('inset(0px 0px 0px 54%)');
    await screenshot(page, 'comparerevision-overlay-desktop');

    const mobile = await newContext(browser, { viewport: VIEWPORTS.mobile });
    try {
      const p = await mobile.newPage();
      await p.goto('/auth');
      await submitSignIn(p);
      await p.goto(`${viewerPath}/comparerevision`);
      await p.getByRole('region', { name: 'Revision 1' }).getByText('The logo is too small here').waitFor();
      await audit(p, 'comparerevision-mobile');
    } finally {
      await mobile.close();
    }
  });
});
