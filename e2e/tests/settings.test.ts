import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, brandId, openSignedInPage, skipE2E, VIEWPORTS } from '../support';

/** A JSON call made by the signed-in page itself (its cookie and CSRF token), answering the envelope's data. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
      return json.data;
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Uploads an image through the page (multipart) and makes an asset of it; answers the asset id. */
async function addImageAsset(page: Page, projectId: number, name: string, bytes: Buffer): Promise<number> {
  return page.evaluate(
    async ({ projectId, name, base64 }) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      const form = new FormData();
      form.append('project_id', String(projectId));
      form.append('file', new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
      const uploaded = await fetch('/api/upload', { method: 'POST', body: form, headers: { 'X-CSRF-Token': csrf } });
      const file = (await uploaded.json()).data;
      const created = await fetch('/api/asset', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: JSON.stringify({ file_id: file.file_id, project_id: projectId, title: 'Settings photo' }),
      });
      return (await created.json()).data.id as number;
    },
    { projectId, name, base64: bytes.toString('base64') },
  );
}

describe.skipIf(skipE2E)('account and project settings', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let originalName = '';

  beforeAll(async () => {
    ({ browser, context, page } = await openSignedInPage());
    originalName = (await call<{ name: string }>(page, 'GET', '/api/account')).name;
  });
  afterAll(async () => {
    // Leave the shared account as the other suites expect it.
    if (page && originalName) await call(page, 'PATCH', '/api/account', { name: originalName, blocked_extensions: [] }).catch(() => {});
    await context?.close();
    await browser?.close();
  });

  it('an admin renames the account and blocks an extension in the account settings', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('dialog', { name: 'Account menu' }).getByRole('link', { name: 'Account settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings/account');
    // Hovered, a setting shows its "Edit" hint: audited in that state.
    await page.getByRole('button', { name: /^Account name/ }).hover();
    await audit(page, 'account-settings-1280');

    await page.getByRole('button', { name: /^Account name/ }).click();
    const name = page.getByRole('textbox', { name: 'Account name' });
    await name.fill('E2E Renamed Company');
    await name.press('Enter');
    await page.getByRole('button', { name: /^Account name E2E Renamed Company/ }).waitFor();

    const blocked = page.getByRole('region', { name: 'Blocked file extensions' });
    await blocked.getByRole('textbox', { name: 'Extensions to block' }).fill('.PSD');
    await blocked.getByRole('button', { name: 'Add' }).click();
    await blocked.getByText('.psd', { exact: true }).waitFor();

    // Saved on the server: a fresh page shows both, and the account menu carries the new name.
    await page.reload();
    await page.getByRole('button', { name: /^Account name E2E Renamed Company/ }).waitFor();
    await page.getByRole('region', { name: 'Blocked file extensions' }).getByText('.psd', { exact: true }).waitFor();
    expect((await call<{ blocked_extensions: string[] }>(page, 'GET', '/api/account')).blocked_extensions).toEqual(['psd']);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page
      .getByRole('dialog', { name: 'Account menu' })
      .getByText(/E2E Renamed Company/)
      .waitFor();
    await page.keyboard.press('Escape');
  });

  it('adds a custom download size in the project settings and offers it in the viewer’s download menu', async () => {
    const brand = await brandId(page, 'Acme');
    const project = await call<{ id: number }>(page, 'POST', '/api/project/add/', {
      name: 'E2E Settings Library',
      brand,
      project_type: 'MEDIALIBRARY',
    });
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    const assetId = await addImageAsset(page, project.id, 'settings-photo.png', png);
    const base = `/brands/${brand}/projects/${project.id}`;

    await page.goto(base);
    await page.getByRole('heading', { level: 1, name: 'E2E Settings Library' }).waitFor();
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'General' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${base}/settings/general`);

    const sizes = page.getByRole('region', { name: 'Custom download sizes' });
    const form = sizes.getByRole('group', { name: 'Add a download size' });
    await form.getByRole('textbox', { name: 'Size name' }).fill('Thumbnail');
    await form.getByRole('spinbutton', { name: 'Width (px)' }).fill('160');
    await form.getByRole('combobox', { name: 'Format' }).selectOption('png');
    await sizes.getByRole('button', { name: 'Add' }).click();
    await sizes.getByText('160 px wide · PNG').waitFor();
    await page.getByRole('button', { name: /^Name E2E Settings Library/ }).hover();
    await audit(page, 'project-settings-general-1280');

    await page.goto(`${base}/assets/${assetId}`);
    await page.getByRole('heading', { level: 1, name: 'Settings photo' }).waitFor();
    await page.getByRole('button', { name: /^Download/ }).click();
    const item = page.getByRole('menuitem', { name: /Thumbnail/ });
    await item.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    // A derived download is named after what it is: the title, the real size and the new extension.
    expect(download.suggestedFilename()).toBe('settings-photo_160x120.png');
    const path = await download.path();
    expect(await sharp(readFileSync(path)).metadata()).toMatchObject({ format: 'png', width: 160, height: 120 });

    // Both screens at the narrow width too.
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${base}/settings/general`);
    await page.getByRole('heading', { level: 1, name: 'General' }).waitFor();
    await audit(page, 'project-settings-general-390');
    await page.goto('/settings/account');
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await audit(page, 'account-settings-390');
  });
});
