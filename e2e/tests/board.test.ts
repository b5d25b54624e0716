import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, audit, brandId, openSignedInPage, skipE2E, VIEWPORTS } from '../support';

/* The workflow board in Chromium (issue 15 §1, §2, §5): a keyboard move and a pointer drag that persist, a checklist tick in the side panel, the move in the activity, a move from the viewer's status picker; axe at both widths. */

describe.skipIf(skipE2E)('workflow board', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let boardPath = '';
  let activityPath = '';
  let posterId = 0;
  let flyerViewerPath = '';

  const data = async (method: string, path: string, body?: unknown) => {
    const res = await apiCall(page, method, path, body);
    expect(res.status, res.body).toBeLessThan(300);
    return JSON.parse(res.body).data;
  };

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    const brand = await brandId(page, 'Acme');
    const project = await data('POST', '/api/project/add/', { name: `Board ${Date.now()}`, project_type: 'WORKSPACE', brand });
    boardPath = `/brands/${brand}/workflows/${project.id}`;
    activityPath = `/brands/${brand}/activity/${project.id}`;
    const link = (title: string) =>
      data('POST', '/api/asset', { object_type: 'URL', external_url: 'https://example.com/', title, project_id: project.id });
    posterId = (await link('Poster')).id;
    const flyer = (await link('Flyer')).id;
    flyerViewerPath = `/brands/${brand}/projects/${project.id}/assets/${flyer}`;
    const [briefing] = await data('GET', `/api/project/status/${project.id}`);
    await data('PUT', `/api/workflows/status-item/status/${briefing.id}`, { asset_ids: [posterId, flyer] });
    await data('POST', `/api/asset/${posterId}/checklist`, { content: 'Check the colours' });
    await data('PATCH', `/api/asset/${flyer}/assignment`, { due_at: '2020-01-01T00:00:00Z' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const column = (name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

  it('moves a card with the keyboard, and the move stays after a reload', async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(boardPath);
    await page.getByRole('heading', { level: 1, name: 'Workflow board' }).waitFor();
    await column('Briefing').getByRole('article', { name: 'Poster' }).waitFor();
    await audit(page, 'board-1280');

    await page.getByRole('button', { name: 'Move to… Poster' }).focus();
    await page.keyboard.press('Enter');
    // The menu lists the other statuses; the keyboard picks one.
    await page.getByRole('menuitem', { name: /In review/ }).focus();
    await page.keyboard.press('Enter');
    await column('In review').getByRole('article', { name: 'Poster' }).waitFor();
    await page.reload();
    await column('In review').getByRole('article', { name: 'Poster' }).waitFor();
    expect(await column('Briefing').getByRole('article', { name: 'Poster' }).count()).toBe(0);
  });

  it('moves a card by dragging it with the pointer', async () => {
    await column('Briefing').getByRole('article', { name: 'Flyer' }).dragTo(column('In progress'));
    await column('In progress').getByRole('article', { name: 'Flyer' }).waitFor();
    await page.reload();
    await column('In progress').getByRole('article', { name: 'Flyer' }).waitFor();
  });

  it('ticks a checklist item in the side panel', async () => {
    await page.getByRole('link', { name: 'Poster' }).click();
    await page.waitForURL(new RegExp(`${boardPath}/${posterId}`));
    const panel = page.getByRole('complementary', { name: 'Poster' });
    const item = panel.getByRole('checkbox', { name: 'Check the colours' });
    await item.waitFor();
    await audit(page, 'board-panel-1280');
    // The box follows the saved checklist: it is ticked once the server has answered.
    await item.click({ force: true });
    await expect.poll(() => item.isChecked()).toBe(true);
    await panel.getByText('1/1 done').waitFor();
    const answer = await data('GET', `/api/asset/${posterId}/assignment`);
    expect(answer.checklist[0].done).toBe(true);
  });

  it('shows the move in the activity', async () => {
    await page.goto(activityPath);
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor();
    await page.getByText('moved it from Briefing to In review').waitFor();
    await page.getByText('ticked “Check the colours”').waitFor();
    await audit(page, 'activity-1280');
  });

  it('lays out the board at 390 px', async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(boardPath);
    await column('In review').getByRole('article', { name: 'Poster' }).waitFor();
    await audit(page, 'board-390');
    // The columns scroll inside the page; the page itself is no wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.goto(`${boardPath}/${posterId}`);
    await page.getByRole('complementary', { name: 'Poster' }).waitFor();
    await audit(page, 'board-panel-390');
    await page.goto(activityPath);
    await page.getByText('moved it from Briefing to In review').waitFor();
    await audit(page, 'activity-390');
  });

  it("moves the card from the viewer's status picker", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(flyerViewerPath);
    const section = page.getByRole('region', { name: 'Workflow' });
    await section.getByRole('button', { name: /In progress/ }).click();
    await page.getByRole('option', { name: 'Approved' }).click();
    await section.getByRole('button', { name: /Approved/ }).waitFor();
    await section.scrollIntoViewIfNeeded();
    await audit(page, 'viewer-status-1280');
    await page.setViewportSize(VIEWPORTS.mobile);
    await section.scrollIntoViewIfNeeded();
    await audit(page, 'viewer-status-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await section.getByRole('link', { name: 'Open on the board' }).click();
    await column('Approved').getByRole('article', { name: 'Flyer' }).waitFor();
    expect(await column('In progress').getByRole('article', { name: 'Flyer' }).count()).toBe(0);
  });
});
