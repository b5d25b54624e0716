import { and, eq, sql } from 'drizzle-orm';
import { afterEach, expect, it, vi } from 'vitest';
import { events, invitations, users } from '../../db/schema.js';
import { MailDeliveryError } from '../../mail/mailer.js';
import { de } from '../../mail/templates/de.js';
import { fr } from '../../mail/templates/fr.js';
import { type Client, forEachBackend, type TestEnv } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { linkToken, mailTo } from '../../test/mail.js';

import { INVITATION_MAIL_MAX } from './invitations.js';

const PASSWORD = 'an-invitee-password';
let counter = 0;
const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${counter++}@example.com`;
const tokenOf = (url: string) => url.split('/').pop() as string;

interface Listed {
  id: number;
  email: string;
  status: string;
  invitation: { sent_at: string; expires_at: string; expired: boolean } | null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

forEachBackend('invitations by e-mail', (env) => {
  const dataDir = (e: TestEnv) => e.started.app.config.dataDir;
  const db = () => env().started.database.db;
  const listed = async (admin: Client, userId: number): Promise<Listed | undefined> =>
    (await admin.get('/account/users')).body.data.find((u: Listed) => u.id === userId);
  const accept = (token: string, name = 'Ivo Invitee') => env().anon().post('/auth/invitation/accept', { token, name, password: PASSWORD });

  async function team(flags: 'USER_GROUPS'[] = []) {
    const { owner, accountId } = await env().factories.account({ name: 'Mailing Co', flags });
    return { owner, accountId, admin: await env().signIn(owner) };
  }
  async function invite(admin: Client, body: Record<string, unknown>) {
    const res = await admin.post('/account/users/invite', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { user: Listed; invitation_url: string | null; expires_at: string | null; email_sent: boolean };
  }

  it('mails the invitation link, in English, naming the account and who invited; the list shows it pending with its expiry', async () => {
    const { admin } = await team();
    const email = freshEmail('ina');
    const invited = await invite(admin, { email, role: 'MEMBER' });
    expect(invited.email_sent).toBe(true);
    const mails = mailTo(dataDir(env()), email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('You are invited to join Mailing Co on Emblem');
    expect(mail?.text).toContain('Olive Owner invited you to join Mailing Co on Emblem');
    expect(mail?.text).toContain(invited.invitation_url);
    expect(mail?.html).toContain('>Join Mailing Co</a>');
    expect(linkToken(mail as NonNullable<typeof mail>, '/auth/invitation')).toBe(tokenOf(invited.invitation_url ?? ''));

    const row = await listed(admin, invited.user.id);
    expect(row?.status).toBe('invited');
    expect(row?.invitation).toEqual({ sent_at: expect.any(String), expires_at: invited.expires_at, expired: false });
    // The link in the e-mail works.
    expect((await accept(tokenOf(invited.invitation_url ?? ''))).status).toBe(200);
    expect(await listed(admin, invited.user.id)).toMatchObject({ status: 'active', invitation: null });
  });

  it('writes the invitation in the language asked for, else the inviter’s; the rollout languages need I18N_ROLLOUT', async () => {
    const { admin } = await team();
    const french = freshEmail('fr');
    await invite(admin, { email: french, language: 'fr' });
    const [frMail] = mailTo(dataDir(env()), french);
    const expiresAt = new Date();
    expect(frMail?.subject).toBe(fr.invitation({ accountName: 'Mailing Co', inviterName: 'Olive Owner', link: 'x', expiresAt }).subject);

    expect((await admin.put('/user/profile', { language: 'de' })).status).toBe(200);
    const german = freshEmail('de');
    await invite(admin, { email: german });
    expect(mailTo(dataDir(env()), german)[0]?.subject).toBe(
      de.invitation({ accountName: 'Mailing Co', inviterName: 'Olive Owner', link: 'x', expiresAt }).subject,
    );

    const italian = freshEmail('it');
    expectRefused(await admin.post('/account/users/invite', { email: italian, language: 'it' }), 400, ['language']);
    expectRefused(await admin.post('/account/users/invite', { email: italian, language: 'xx' }), 400, ['language']);
    expect(mailTo(dataDir(env()), italian)).toEqual([]);
    expect((await admin.get('/account/users')).body.data.some((u: Listed) => u.email === italian)).toBe(false);
  });

  it('still creates the invitation when the e-mail cannot be sent (email_sent false); a resend then mails it', async () => {
    const { admin } = await team();
    const email = freshEmail('bounce');
    vi.spyOn(env().started.app.mailer, 'send').mockRejectedValueOnce(new MailDeliveryError(new Error('connection refused')));
    const invited = await invite(admin, { email });
    expect(invited.email_sent).toBe(false);
    expect(mailTo(dataDir(env()), email)).toEqual([]);
    expect((await listed(admin, invited.user.id))?.status).toBe('invited');
    const resent = await admin.post(`/account/users/${invited.user.id}/invitation`);
    expect(resent.status).toBe(200);
    expect(resent.body.data.email_sent).toBe(true);
    expect(mailTo(dataDir(env()), email)).toHaveLength(1);
  });

  it('resend: a new link with a new expiry is mailed and the old link stops working', async () => {
    const { admin } = await team();
    const email = freshEmail('again');
    const first = await invite(admin, { email });
    // Let the first invitation run out, as if it had been sent two weeks ago.
    await db().update(invitations).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(invitations.userId, first.user.id));
    expect((await listed(admin, first.user.id))?.invitation?.expired).toBe(true);
    expect(
      (
        await env()
          .anon()
          .get(`/auth/invitation/${tokenOf(first.invitation_url ?? '')}`)
      ).status,
    ).toBe(404);

    const res = await admin.post(`/account/users/${first.user.id}/invitation`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = res.body.data;
    expect(second).toMatchObject({ user: { id: first.user.id, status: 'invited' }, email_sent: true });
    expect(second.invitation_url).not.toBe(first.invitation_url);
    expect(Date.parse(second.expires_at)).toBeGreaterThan(Date.now() + 13.9 * 86_400_000);
    expect((await listed(admin, first.user.id))?.invitation).toEqual({
      sent_at: expect.any(String),
      expires_at: second.expires_at,
      expired: false,
    });

    const mails = mailTo(dataDir(env()), email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain(second.invitation_url);
    // Only the new link works; it is also the one in the second e-mail.
    expect((await accept(tokenOf(first.invitation_url ?? ''))).status).toBe(404);
    expect((await accept(tokenOf(second.invitation_url))).status).toBe(200);
    const [event] = await db()
      .select({ actorId: events.actorId })
      .from(events)
      .where(and(eq(events.type, 'user:invitation-resend'), eq(events.subjectId, first.user.id)));
    expect(event).toBeDefined();
  });

  it('resend kills a link that has not expired too, and is refused for someone who joined (409), unknown people (404) and after 5 e-mails an hour (429)', async () => {
    const { owner, admin } = await team();
    const email = freshEmail('many');
    const first = await invite(admin, { email });
    const again = await admin.post(`/account/users/${first.user.id}/invitation`);
    expect(again.status).toBe(200);
    expect(
      (
        await env()
          .anon()
          .get(`/auth/invitation/${tokenOf(first.invitation_url ?? '')}`)
      ).status,
    ).toBe(404);
    expect(
      (
        await env()
          .anon()
          .get(`/auth/invitation/${tokenOf(again.body.data.invitation_url)}`)
      ).status,
    ).toBe(200);
    // The invite and this resend were e-mails 1 and 2 of INVITATION_MAIL_MAX.
    for (let n = 3; n <= INVITATION_MAIL_MAX; n++)
      expect((await admin.post(`/account/users/${first.user.id}/invitation`)).status).toBe(200);
    const limited = await admin.post(`/account/users/${first.user.id}/invitation`);
    expectRefused(limited, 429);
    expect(limited.body.error).toBe('Too many invitation e-mails to this person. Try again later.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailTo(dataDir(env()), email)).toHaveLength(INVITATION_MAIL_MAX);

    const joined = await admin.post(`/account/users/${owner.id}/invitation`);
    expectRefused(joined, 409);
    expect(joined.body.error).toBe('This person has already joined the account: there is no invitation to resend');
    expectRefused(await admin.post('/account/users/999999/invitation'), 404);
    const { owner: stranger } = await env().factories.account();
    expectRefused(await admin.post(`/account/users/${stranger.id}/invitation`), 404);
    expectRefused(await admin.post('/account/users/abc/invitation'), 400, ['userId']);
  });

  it('revoke: the invited person leaves the account and its groups, the link dies, nothing else is touched', async () => {
    const { admin } = await team(['USER_GROUPS']);
    const group = (await admin.post('/groups', { name: 'Designers' })).body.data.id as number;
    const invited = await invite(admin, { email: freshEmail('gone'), group_ids: [group] });
    expect((await admin.get(`/groups/${group}`)).body.data.user_ids).toEqual([invited.user.id]);

    const res = await admin.delete(`/account/users/${invited.user.id}/invitation`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: invited.user.id } });
    expect(await listed(admin, invited.user.id)).toBeUndefined();
    expect((await admin.get(`/groups/${group}`)).body.data.user_ids).toEqual([]);
    expect(
      (
        await env()
          .anon()
          .get(`/auth/invitation/${tokenOf(invited.invitation_url ?? '')}`)
      ).status,
    ).toBe(404);
    expect((await accept(tokenOf(invited.invitation_url ?? ''))).status).toBe(404);
    // A user left in no account is deleted.
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, invited.user.id))).toEqual([]);
    expectRefused(await admin.delete(`/account/users/${invited.user.id}/invitation`), 404);
  });

  it('revoke is refused for someone who joined (409: they stay), an owner invitee by a super user (403), and non-admins (403)', async () => {
    const { owner, accountId, admin } = await team();
    const joined = await admin.delete(`/account/users/${owner.id}/invitation`);
    expectRefused(joined, 409);
    expect(joined.body.error).toBe('This person has already joined the account: remove them instead');
    const accepted = await invite(admin, { email: freshEmail('accepted') });
    expect((await accept(tokenOf(accepted.invitation_url ?? ''))).status).toBe(200);
    expectRefused(await admin.delete(`/account/users/${accepted.user.id}/invitation`), 409);
    expect((await listed(admin, accepted.user.id))?.status).toBe('active');

    const boss = await invite(admin, { email: freshEmail('boss'), role: 'OWNER' });
    const superUser = await env().signIn(await env().factories.member(accountId, 'SUPER_USER'));
    expectRefused(await superUser.delete(`/account/users/${boss.user.id}/invitation`), 403);
    expect((await superUser.post(`/account/users/${boss.user.id}/invitation`)).status).toBe(200);

    const pending = await invite(admin, { email: freshEmail('pending') });
    const member = await env().signIn(await env().factories.member(accountId, 'MEMBER'));
    for (const res of [
      await member.post(`/account/users/${pending.user.id}/invitation`),
      await member.delete(`/account/users/${pending.user.id}/invitation`),
    ]) {
      expectRefused(res, 403);
      expect(res.body.error).toBe('Only account admins may do this');
    }
    expect((await listed(admin, pending.user.id))?.status).toBe('invited');
  });

  it('puts the invitee into groups; the group’s project access applies once the invitation is accepted', async () => {
    const { owner, admin } = await team(['USER_GROUPS']);
    const group = (await admin.post('/groups', { name: 'Agency' })).body.data.id as number;
    const project = await env().factories.project(owner.actor);
    expect((await admin.put(`/project/${project.id}/group/${group}`, { level: 'VIEW' })).status).toBe(200);

    const email = freshEmail('agency');
    const invited = await invite(admin, { email, group_ids: [group] });
    expect((await admin.get(`/groups/${group}`)).body.data.user_ids).toEqual([invited.user.id]);
    // Nobody can act as the invitee before they accept: there is no password to sign in with.
    expect((await env().anon().post('/auth/login', { email, password: PASSWORD })).status).toBe(401);

    expect((await accept(tokenOf(invited.invitation_url ?? ''))).status).toBe(200);
    const newcomer = await env().signIn({ email, password: PASSWORD });
    const seen = await newcomer.get(`/project/${project.id}`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data.permissions).toMatchObject({ level: 'VIEW', canView: true });
    expect((await admin.get(`/groups/${group}`)).body.data.user_ids).toEqual([invited.user.id]);
  });

  it('a pending invitee can also be put into a group later; the access applies once they accept', async () => {
    const { owner, admin } = await team(['USER_GROUPS']);
    const group = (await admin.post('/groups', { name: 'Later' })).body.data.id as number;
    const project = await env().factories.project(owner.actor);
    expect((await admin.put(`/project/${project.id}/group/${group}`, { level: 'VIEW' })).status).toBe(200);
    const email = freshEmail('later');
    const invited = await invite(admin, { email });
    const added = await admin.put(`/groups/${group}/members`, {
      selectionDelta: { add: { users: [invited.user.id] }, remove: { users: [] } },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.user_ids).toEqual([invited.user.id]);
    expect((await accept(tokenOf(invited.invitation_url ?? ''))).status).toBe(200);
    const newcomer = await env().signIn({ email, password: PASSWORD });
    expect((await newcomer.get(`/project/${project.id}`)).status).toBe(200);
  });

  it('refuses groups when USER_GROUPS is off (403), another account’s group (404) and a group twice (400), inviting nobody', async () => {
    const { admin: other } = await team(['USER_GROUPS']);
    const foreignGroup = (await other.post('/groups', { name: 'Theirs' })).body.data.id as number;
    const { admin: withGroups } = await team(['USER_GROUPS']);
    const ownGroup = (await withGroups.post('/groups', { name: 'Ours' })).body.data.id as number;
    const { admin: without } = await team();

    const email = freshEmail('grouped');
    const off = await without.post('/account/users/invite', { email, group_ids: [ownGroup] });
    expectRefused(off, 403);
    expect(off.body.error).toBe('User groups are not enabled for this account (feature flag USER_GROUPS)');
    expectRefused(await withGroups.post('/account/users/invite', { email, group_ids: [foreignGroup] }), 404);
    expectRefused(await withGroups.post('/account/users/invite', { email, group_ids: [ownGroup, ownGroup] }), 400, ['group_ids']);
    expectRefused(await withGroups.post('/account/users/invite', { email, group_ids: ['x'] }), 400, ['group_ids.0']);
    // None of these left a user, a membership or an e-mail behind.
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    expect(mailTo(dataDir(env()), email)).toEqual([]);
    expect((await withGroups.get(`/groups/${ownGroup}`)).body.data.user_ids).toEqual([]);
  });

  it('someone who already has an Emblem password joins at once, is told by e-mail, and gets no link that could set their password', async () => {
    const { owner: elsewhere } = await env().factories.account();
    const { admin } = await team();
    const res = await invite(admin, { email: elsewhere.email, role: 'MEMBER' });
    expect(res).toEqual({
      user: expect.objectContaining({ id: elsewhere.id, status: 'active', invitation: null }),
      invitation_url: null,
      expires_at: null,
      email_sent: true,
    });
    const [mail] = mailTo(dataDir(env()), elsewhere.email);
    expect(mail?.subject).toBe('You now have access to Mailing Co on Emblem');
    expect(mail?.text).toContain(`${env().started.app.config.publicUrl}/auth`);
    expect(mail?.text).not.toMatch(/\/auth\/invitation\//);
    expect(await db().select().from(invitations).where(eq(invitations.userId, elsewhere.id))).toEqual([]);
    expect((await env().anon().post('/auth/login', { email: elsewhere.email, password: elsewhere.password })).status).toBe(200);
    expectRefused(await admin.post(`/account/users/${elsewhere.id}/invitation`), 409);
  });
});
