import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addMember,
  apiCall,
  audit,
  config,
  launchBrowser,
  newContext,
  screenshot,
  settled,
  signIn,
  skipE2E,
  submitSignIn,
  VIEWPORTS,
} from '../support';

/** Quoted-printable as nodemailer writes the text part (soft line breaks, =XX bytes). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The e-mails the server wrote to `to` (no SMTP_URL in e2e: .eml files under DATA_DIR/mail), oldest first, decoded. */
function mailsTo(to: string): string[] {
  const dir = join(inject('dataDir'), 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .map((n) => readFileSync(join(dir, n), 'utf8'))
    .filter((m) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(m))
    .map(decodeQuotedPrintable);
}

/**
 * The link to `path/{token}` of the `count`th e-mail to `to` that has one, waiting for it (a reset e-mail leaves after
 * the answer).
 */
async function linkInMail(to: string, path: string, count = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  const pattern = new RegExp(`https?://\\S+${path}/[A-Za-z0-9_-]{43}`);
  for (;;) {
    const links = mailsTo(to).flatMap((mail) => pattern.exec(mail)?.[0] ?? []);
    const link = links[count - 1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail #${count} with a ${path} link to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Screenshots of the current page at the desktop and the phone width (e2e/artifacts), back at desktop after. */
async function bothWidths(page: Page, name: string): Promise<void> {
  for (const viewport of Object.values(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe.skipIf(skipE2E)('signing in and routing', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs in with the seeded owner and shows the dashboard with the demo brand', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();
    await page.getByRole('link', { name: 'Acme', exact: true }).waitFor();
    expect(await page.title()).toBe('Brands · Emblem');
    await context.close();
  });

  it('refuses wrong credentials with a clear message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('E-mail', { exact: true }).fill(config().email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('sends an unauthenticated deep link to /auth with a referer and returns there after sign-in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/usage/users');
    await page.waitForURL((url) => url.pathname === '/auth');
    const url = new URL(page.url());
    expect(url.searchParams.get('referer')).toBe('/usage/users');
    await submitSignIn(page);
    await page.waitForURL((u) => u.pathname === '/usage/users');
    await settled(page);
    const tab = page.getByRole('tab', { name: /Users/ });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('shows the not-found page for an unknown route', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/this/page/does-not-exist');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    await context.close();
  });
});

/**
 * Issue 14 item 9: "Forgot password?" on /auth, the e-mail with its one-time link, the new password, and signing in
 * with it; the member's other session ends.
 */
describe.skipIf(skipE2E)('forgot password', () => {
  const MEMBER = { name: 'Rita Reset', email: 'rita-reset@example.com', password: 'rita-first-password-123' };
  const NEW_PASSWORD = 'rita-second-password-456';
  let browser: Browser;
  let elsewhere: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await newContext(browser);
    const adminPage = await admin.newPage();
    await signIn(adminPage);
    await addMember(adminPage, MEMBER);
    await admin.close();
    // The member is signed in on another device.
    elsewhere = await newContext(browser);
    const other = await elsewhere.newPage();
    await other.goto('/auth');
    await submitSignIn(other, MEMBER.email, MEMBER.password);
  });

  afterAll(async () => {
    await elsewhere?.close();
    await browser?.close();
  });

  it('mails a link from /auth, sets the new password with it, ends the other session and signs in with the new one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('E-mail', { exact: true }).fill(MEMBER.email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/auth/password-reset');
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(MEMBER.email);
    await audit(page, 'forgot-password-audit');
    await bothWidths(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
    await page.getByText(`If ${MEMBER.email} belongs to an Emblem account`).waitFor();
    await bothWidths(page, 'forgot-password-sent');

    const link = await linkInMail(MEMBER.email, '/auth/password-reset');
    expect(link.startsWith(`${config().baseURL}/auth/password-reset/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await audit(page, 'reset-password-audit');
    await bothWidths(page, 'reset-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await page.getByText('Your password was changed and you were signed out everywhere.').waitFor();
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(MEMBER.email);
    await bothWidths(page, 'sign-in-after-reset');

    // The old password no longer works; the new one does.
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await submitSignIn(page, MEMBER.email, NEW_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();

    // The session on the other device ended.
    const other = elsewhere.pages()[0] as Page;
    await other.goto('/usage');
    await other.waitForURL((url) => url.pathname === '/auth');

    // The link worked once.
    const again = await context.newPage();
    await again.goto(link);
    await again.getByLabel('New password', { exact: true }).fill('rita-third-password-789');
    await again.getByLabel('Repeat the new password', { exact: true }).fill('rita-third-password-789');
    await again.getByRole('button', { name: 'Save new password' }).click();
    await again.getByRole('alert').filter({ hasText: 'This password reset link was already used.' }).waitFor();
    await again.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await context.close();
  });
});

/**
 * Issue 14 item 10: an invitation is e-mailed; the users screen shows it pending with its expiry; resending mails a
 * new link and kills the old one; the new link lets the person join.
 */
describe.skipIf(skipE2E)('invitations by e-mail', () => {
  const GROUP = 'E2E Invitees';
  let browser: Browser;
  let setup: BrowserContext;
  let setupPage: Page;
  let groupId = 0;
  beforeAll(async () => {
    browser = await launchBrowser();
    setup = await newContext(browser);
    setupPage = await setup.newPage();
    await signIn(setupPage);
    // User groups on, with one group the invitee joins from the start.
    expect((await apiCall(setupPage, 'PUT', '/api/development/flag/USER_GROUPS')).status).toBe(200);
    const created = await apiCall(setupPage, 'POST', '/api/groups', { name: GROUP });
    expect(created.status, created.body).toBe(201);
    groupId = JSON.parse(created.body).data.id;
  });
  afterAll(async () => {
    // Leave the shared server as the other suites expect it: no groups, the flag off.
    if (groupId) await apiCall(setupPage, 'DELETE', `/api/groups/${groupId}`).catch(() => undefined);
    await apiCall(setupPage, 'DELETE', '/api/development/flag/USER_GROUPS').catch(() => undefined);
    await setup?.close();
    await browser?.close();
  });

  it('invites, shows the pending invitation, resends it, and the new link from the e-mail lets the person join', async () => {
    const email = 'mina-mailed@example.com';
    const admin = await newContext(browser);
    const page = await admin.newPage();
    await signIn(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('E-mail address', { exact: true }).fill(email);
    // React Aria keeps the input visually hidden: a person clicks the label.
    await dialog.getByText(GROUP, { exact: true }).click();
    expect(await dialog.getByRole('checkbox', { name: GROUP }).isChecked()).toBe(true);
    await bothWidths(page, 'invite-with-groups');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    await sent.getByText(`We e-mailed an invitation to ${email}.`).waitFor();
    await bothWidths(page, 'invitation-sent');
    await sent.getByRole('button', { name: 'Done' }).click();

    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByText('Invited').waitFor();
    await row.getByText(/^Link works until /).waitFor();
    await audit(page, 'admin-users-pending-audit');
    await bothWidths(page, 'admin-users-pending');
    const first = await linkInMail(email, '/auth/invitation');

    await row.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Resend invitation' }).click();
    await page.getByText(`A new invitation was sent to ${email}.`).waitFor();
    const second = await linkInMail(email, '/auth/invitation', 2);
    expect(second).not.toBe(first);

    const invitee = await newContext(browser);
    const other = await invitee.newPage();
    await other.goto(new URL(first).pathname);
    await other.getByRole('heading', { level: 1, name: "This invitation can't be used" }).waitFor();
    await other.goto(new URL(second).pathname);
    await other.getByRole('heading', { level: 1, name: /Join .* on Emblem/ }).waitFor();
    await other.getByLabel('Your name', { exact: true }).fill('Mina Mailed');
    await other.getByLabel('Password', { exact: true }).fill('mina-long-password-123');
    await other.getByRole('button', { name: 'Join and sign in' }).click();
    await other.waitForURL((url) => url.pathname === '/');
    await other.getByRole('heading', { level: 1, name: 'Brands' }).waitFor();

    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Mina Mailed' }).getByText('Active').waitFor();
    // She joined the group chosen in the invitation.
    const group = await apiCall(page, 'GET', `/api/groups/${groupId}`);
    expect(JSON.parse(group.body).data.member_count).toBe(1);
    await invitee.close();
    await admin.close();
  });

  it('revokes a pending invitation: the person leaves the list and the link stops working', async () => {
    const email = 'rex-revoked@example.com';
    const admin = await newContext(browser);
    const page = await admin.newPage();
    await signIn(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await dialog.getByLabel('E-mail address', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('dialog', { name: 'Invitation sent' }).getByRole('button', { name: 'Done' }).click();
    const link = await linkInMail(email, '/auth/invitation');

    // A pending invitee's groups can be chosen from the list too.
    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Groups…' }).click();
    const groups = page.getByRole('dialog', { name: `Groups of ${email}` });
    await groups.getByText(GROUP, { exact: true }).click();
    expect(await groups.getByRole('checkbox', { name: GROUP }).isChecked()).toBe(true);
    await bothWidths(page, 'invitee-groups-dialog');
    await groups.getByRole('button', { name: 'Save groups' }).click();
    await page.getByText(`The groups of ${email} were saved.`).waitFor();

    await page.getByRole('button', { name: `Actions for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Revoke invitation' }).click();
    const confirm = page.getByRole('alertdialog', { name: `Revoke the invitation for ${email}?` });
    await screenshot(page, 'revoke-invitation-1280');
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: email }).waitFor({ state: 'detached' });

    const other = await admin.newPage();
    await other.goto(new URL(link).pathname);
    await other.getByRole('heading', { level: 1, name: "This invitation can't be used" }).waitFor();
    await admin.close();
  });
});
