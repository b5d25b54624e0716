import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, apiCall, audit, brandId, newContext, openSignedInPage, skipE2E, submitSignIn, VIEWPORTS } from '../support';

/**
 * Approval requests (issue 15 §3, decision 0049): an admin switches APPROVAL_REQUESTS on and asks three reviewers of
 * a workspace to approve an asset in ALL mode from the viewer; each reviewer signs in in their own browser context
 * and approves; the request reaches Approved and the asset moves to the Approved status (read on its audit trail).
 * Screenshots and axe-core of the viewer panel and the audit trail at 1280 and 390 px.
 */

const REVIEWERS = [1, 2, 3].map((n) => ({
  name: `Rae Reviewer ${n}`,
  email: `rae-approvals-${n}@example.com`,
  password: `rae-long-password-${n}23`,
}));

describe.skipIf(skipE2E)('approval requests', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let assetPath = '';
  let boardPath = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const flag = await apiCall(page, 'PUT', '/api/development/flag/APPROVAL_REQUESTS');
    expect(flag.status, flag.body).toBe(200);
    for (const r of REVIEWERS) await addMember(page, r);
    const brand = await brandId(page, 'Acme');
    const made = await apiCall(page, 'POST', '/api/project/add/', { name: 'E2E Approvals', project_type: 'WORKSPACE', brand });
    expect(made.status, made.body).toBe(201);
    const projectId = JSON.parse(made.body).data.id as number;
    const users = JSON.parse((await apiCall(page, 'GET', '/api/account/users')).body).data as { id: number; email: string }[];
    for (const r of REVIEWERS) {
      const id = users.find((u) => u.email === r.email)?.id;
      const added = await apiCall(page, 'PUT', `/api/project/${projectId}/user/${id}`, { level: 'VIEW' });
      expect(added.status, added.body).toBe(200);
    }
    const asset = await apiCall(page, 'POST', '/api/asset', {
      object_type: 'URL',
      external_url: 'https://example.com/poster',
      title: 'Launch poster',
      project_id: projectId,
    });
    expect(asset.status, asset.body).toBe(201);
    assetPath = `/brands/${brand}/projects/${projectId}/assets/${JSON.parse(asset.body).data.id}`;
    boardPath = `/brands/${brand}/workflows/${projectId}`;
  });

  afterAll(async () => {
    if (page) await apiCall(page, 'DELETE', '/api/development/flag/APPROVAL_REQUESTS').catch(() => undefined);
    await context?.close();
    await browser?.close();
  });

  it('asks three reviewers in ALL mode; each approves; the request is Approved and the asset moves to Approved', async () => {
    await page.goto(assetPath);
    const panel = page.getByRole('region', { name: 'Approval' });
    await panel.getByText('No approval request is open. Ask reviewers to approve this asset.').waitFor();
    await panel.getByRole('button', { name: 'Request approval' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request approval' });
    for (const r of REVIEWERS) await dialog.getByText(r.name, { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Message to the reviewers' }).fill('Please approve the final poster.');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await dialog.waitFor({ state: 'detached' });
    await panel.getByRole('list', { name: 'Reviewers' }).getByText('Waiting').first().waitFor();
    expect(await panel.getByRole('list', { name: 'Reviewers' }).getByText('Waiting').count()).toBe(3);
    await audit(page, 'approvals-viewer-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await audit(page, 'approvals-viewer-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    for (const [i, r] of REVIEWERS.entries()) {
      const ctx = await newContext(browser);
      const p = await ctx.newPage();
      await p.goto('/auth');
      await submitSignIn(p, r.email, r.password);
      await p.goto(assetPath);
      const own = p.getByRole('region', { name: 'Approval' });
      if (i === 0) {
        // A reviewer's view: the vote buttons and the comment field.
        await own.getByRole('button', { name: 'Approve' }).waitFor();
        await audit(p, 'approvals-vote-1280');
        await p.setViewportSize(VIEWPORTS.mobile);
        await audit(p, 'approvals-vote-390');
        await p.setViewportSize(VIEWPORTS.desktop);
      }
      await own.getByRole('textbox', { name: 'Comment (optional)' }).fill(`Fine by reviewer ${i + 1}`);
      await own.getByRole('button', { name: 'Approve' }).click();
      if (i < REVIEWERS.length - 1) {
        await own.getByText(`“Fine by reviewer ${i + 1}”`).waitFor();
      } else {
        await own.getByText('The request was decided: Approved.').waitFor();
      }
      await ctx.close();
    }

    await page.reload();
    await panel.getByText('No approval request is open. Ask reviewers to approve this asset.').waitFor();
    // The viewer shows the asset's new status, and the board has its card in the Approved column.
    await page
      .getByRole('region', { name: 'Workflow' })
      .getByRole('button', { name: /Approved/ })
      .waitFor();
    await page.goto(boardPath);
    await page
      .getByRole('region', { name: /^Approved/ })
      .getByRole('article', { name: 'Launch poster' })
      .waitFor();
    await page.goto(assetPath);
    await panel.getByRole('link', { name: 'Audit trail' }).click();
    await page.waitForURL((url) => url.pathname === `${assetPath}/asset-audit-trail`);
    const trail = page.getByRole('list', { name: 'Events, newest first' });
    await trail.getByText('decided the approval request: Approved').waitFor();
    await trail.getByText('moved the asset to Approved').waitFor();
    expect(await trail.getByText('answered the approval request: Approved').count()).toBe(3);
    await audit(page, 'approvals-trail-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await audit(page, 'approvals-trail-390');
    await page.setViewportSize(VIEWPORTS.desktop);
  });
});
