import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, inject } from 'vitest';

export const ARTIFACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'artifacts');
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

export const CONSENT_COOKIE = 'emblem_cookie_consent';

/** Whether the whole suite is skipped (no Chromium); read at collection time for describe.skipIf. */
export const skipE2E = inject('e2eSkip');

export function config() {
  return { baseURL: inject('baseURL'), email: inject('adminEmail'), password: inject('adminPassword') };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A fresh browser context (own cookies and storage). With `consent`, the cookie choice is already stored. */
export async function newContext(
  browser: Browser,
  options: { consent?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const { baseURL } = config();
  const context = await browser.newContext({ baseURL, viewport: options.viewport ?? VIEWPORTS.desktop });
  if (options.consent !== false) {
    await context.addCookies([
      {
        name: CONSENT_COOKIE,
        value: encodeURIComponent(JSON.stringify({ preferences: false, statistics: false })),
        url: baseURL,
      },
    ]);
  }
  return context;
}

/** Fills the sign-in form on the current /auth page and waits to leave it. */
export async function submitSignIn(page: Page, email = config().email, password = config().password): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth', { timeout: 15_000 });
}

export async function signIn(page: Page): Promise<void> {
  await page.goto('/auth');
  await submitSignIn(page);
}

/** A browser with one fresh context and page, signed in as the seeded admin (for a suite's beforeAll). */
export async function openSignedInPage(): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page);
  return { browser, context, page };
}

/** A JSON call with the signed-in page's own session and CSRF token; answers status and body. */
export async function apiCall(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: string }> {
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

/** Invites a member with the admin's page and accepts the invitation with the member's name and password. */
export async function addMember(adminPage: Page, member: { name: string; email: string; password: string }): Promise<void> {
  const { baseURL } = config();
  const invited = await apiCall(adminPage, 'POST', '/api/account/users/invite', { email: member.email, role: 'MEMBER' });
  expect(invited.status, invited.body).toBe(201);
  const token = new URL(JSON.parse(invited.body).data.invitation_url, baseURL).pathname.split('/').pop();
  const accepted = await fetch(`${baseURL}/api/auth/invitation/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseURL },
    body: JSON.stringify({ token, name: member.name, password: member.password }),
  });
  expect(accepted.status, await accepted.text()).toBe(200);
}

/** The id of a brand by name, read through the signed-in page's own session. */
export async function brandId(page: Page, name: string): Promise<number> {
  const brands = await page.evaluate(async () => {
    const response = await fetch('/api/brand', { credentials: 'same-origin' });
    return ((await response.json()) as { data: { id: number; name: string }[] }).data;
  });
  const found = brands.find((b) => b.name === name);
  if (!found) throw new Error(`Brand ${name} not found among ${brands.map((b) => b.name).join(', ')}`);
  return found.id;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/** Runs axe-core in the page and returns the serious and critical violations, described for a failure message. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') does not govern;
  // a script tag would rightly be refused by it.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    // axe is injected as a global by the script tag above.
    const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // react-aria's live announcer briefly holds a role=img whose label node it has already removed; it is
    // a screen-reader-only region the library owns, so it is left out of the page's audit.
    const result = await axe.run({ exclude: [['[data-live-announcer]']] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.html.slice(0, 300)} ${n.failureSummary ?? ''}`).join('\n')}`,
    );
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Waits until the router and data loading settled (no loading bar). */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.loading-indicator').waitFor({ state: 'detached', timeout: 10_000 });
}

/** Once the page settled: a screenshot in e2e/artifacts, and no serious or critical axe-core violation. */
export async function audit(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, name);
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${name}:\n${violations.join('\n')}`).toEqual([]);
}

/** An 800 × 400 PNG of one colour with a square, made here. */
export function picture(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400"><rect width="100%" height="100%" fill="${colour}"/><rect x="200" y="100" width="120" height="120" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a file with the page's session; answers its file id. */
export async function upload(page: Page, bytes: Buffer, projectId: number, name: string): Promise<number> {
  return page.evaluate(
    async ({ base64, projectId, name }) => {
      const session = await (await fetch('/api/auth/session')).json();
      const form = new FormData();
      form.append('project_id', String(projectId));
      form.append('file', new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: 'image/png' }));
      const headers = { 'X-CSRF-Token': session.data.csrfToken, Accept: 'application/json' };
      return (await (await fetch('/api/upload', { method: 'POST', body: form, headers })).json()).data.file_id as number;
    },
    { base64: bytes.toString('base64'), projectId, name },
  );
}

/** Waits until the asset's files are processed. */
export async function finished(page: Page, assetId: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (JSON.parse((await apiCall(page, 'GET', `/api/asset/${assetId}`)).body).data.status === 'FINISHED') return;
    await page.waitForTimeout(500);
  }
}
