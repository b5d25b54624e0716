import { encodeBase64Id } from '@emblem/core';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { jobs, memberships, notifications } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { mailTo } from '../../test/mail.js';
import { assetsKit, type Level } from '../assets/assets-test-kit.js';

forEachBackend('notifications', (env) => {
  const kit = assetsKit(env);

  /** A library with a file asset and signed-in members at the levels asked. */
  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const asset = (await kit.fileAsset(c, owner, project.id, { title: 'Logo' })).id as number;
    const person = async (level: Level | null) => {
      const user = await env().factories.member(accountId);
      if (level) expect((await c.put(`/project/${project.id}/user/${user.id}`, { level })).status).toBe(200);
      return { id: user.id, email: user.email, c: await env().signIn(user) };
    };
    const [author, replier, mentioned, late] = await Promise.all([person('COMMENT'), person('COMMENT'), person('VIEW'), person('COMMENT')]);
    return { owner: { ...owner, c }, accountId, project, asset, author, replier, mentioned, late, person };
  }

  const comment = async (c: Client, assetId: number, content = 'Logo too small') => {
    const res = await c.post(`/asset/${assetId}/comments`, { content });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  const reply = async (c: Client, commentId: number, mentioned: number[] = [], content = 'Agreed') => {
    const res = await c.post(`/comment/${commentId}/replies`, { content, mentioned_user_ids: mentioned });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  };
  /** The notifications stored for a user, oldest first. */
  const stored = (userId: number) =>
    kit.db().select().from(notifications).where(eq(notifications.recipientId, userId)).orderBy(asc(notifications.id));

  it('notifies the comment’s author and earlier repliers of a reply, and the mentioned of a mention, never the actor', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    const r1 = await reply(w.replier.c, first);
    expect(await stored(w.replier.id)).toEqual([]);
    expect(await stored(w.author.id)).toMatchObject([
      {
        type: 'comment_reply',
        actorId: w.replier.id,
        projectId: w.project.id,
        assetId: w.asset,
        commentId: r1,
        readAt: null,
        emailedAt: null,
      },
    ]);

    // The author replies in their own thread, mentioning someone: the earlier replier hears of the reply, the
    // mentioned of the mention, the author of nothing.
    const r2 = await reply(w.author.c, first, [w.mentioned.id]);
    expect((await stored(w.author.id)).map((n) => n.commentId)).toEqual([r1]);
    expect(await stored(w.replier.id)).toMatchObject([{ type: 'comment_reply', actorId: w.author.id, commentId: r2 }]);
    expect(await stored(w.mentioned.id)).toMatchObject([{ type: 'mention', actorId: w.author.id, commentId: r2 }]);

    // A mention wins over a reply: the author, mentioned in a reply to their comment, gets one mention.
    const r3 = await reply(w.late.c, first, [w.author.id, w.late.id]);
    expect((await stored(w.author.id)).map((n) => [n.type, n.commentId])).toEqual([
      ['comment_reply', r1],
      ['mention', r3],
    ]);
    expect(await stored(w.late.id)).toEqual([]);
    expect((await stored(w.replier.id)).map((n) => [n.type, n.commentId])).toEqual([
      ['comment_reply', r2],
      ['comment_reply', r3],
    ]);
  });

  it('leaves out whoever switched the type off in the app, and thread members who lost access to the asset', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    await reply(w.replier.c, first);
    const off = await w.author.c.put('/user/notification-settings', { comment_reply: { in_app: false, email: true } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.comment_reply).toEqual({ in_app: false, email: true });
    expect(off.body.data.mention).toEqual({ in_app: true, email: true });
    // The replier is removed from the project: they no longer see the asset.
    expect((await w.owner.c.delete(`/project/${w.project.id}/user/${w.replier.id}`)).status).toBe(200);
    await reply(w.late.c, first, [w.author.id]);
    await reply(w.late.c, first);
    // The author keeps the reply of before they switched, and gets the mention; the replier gets nothing.
    expect((await stored(w.author.id)).map((n) => n.type)).toEqual(['comment_reply', 'mention']);
    expect(await stored(w.replier.id)).toEqual([]);
  });

  it('queues one e-mail job per user for the notifications of a minute', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    for (let i = 0; i < 3; i++) await reply(w.replier.c, first, [], `Reply ${i}`);
    const queued = await kit
      .db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'notifications.email'), eq(jobs.status, 'queued')));
    expect(queued.filter((j) => j.payload.user_id === w.author.id)).toHaveLength(1);
    expect(queued.filter((j) => j.payload.user_id === w.replier.id)).toHaveLength(0);
  });

  /** Makes the waiting e-mail jobs due now and runs them, as if their minute had passed. */
  async function minutePasses() {
    await kit
      .db()
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(and(eq(jobs.type, 'notifications.email'), eq(jobs.status, 'queued')));
    await env().drainJobs();
  }

  it('lists my notifications newest first, a page at a time, unread only on request, and marks them read and unread', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    const replies: number[] = [];
    for (let i = 0; i < 5; i++) replies.push(await reply(w.replier.c, first, [], `Reply ${i}`));

    const page1 = await w.author.c.get('/notifications?limit=2');
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(page1.body.data.unread_count).toBe(5);
    expect(page1.body.data.notifications.map((n: { comment_id: number }) => n.comment_id)).toEqual([replies[4], replies[3]]);
    expect(page1.body.data.notifications[0]).toMatchObject({
      type: 'comment_reply',
      read_at: null,
      actor: { id: w.replier.id, name: expect.any(String) },
      project: { id: w.project.id, name: 'Media' },
      asset: { id: w.asset, title: 'Logo' },
      link: `/brands/${w.project.brandId}/projects/${w.project.id}/assets/${w.asset}`,
    });
    const page2 = await w.author.c.get(`/notifications?limit=2&cursor=${page1.body.data.next_cursor}`);
    const page3 = await w.author.c.get(`/notifications?limit=2&cursor=${page2.body.data.next_cursor}`);
    expect(page2.body.data.notifications.map((n: { comment_id: number }) => n.comment_id)).toEqual([replies[2], replies[1]]);
    expect(page3.body.data.notifications.map((n: { comment_id: number }) => n.comment_id)).toEqual([replies[0]]);
    expect(page3.body.data.next_cursor).toBeNull();

    const target = page1.body.data.notifications[1].id as number;
    const read = await w.author.c.put(`/notification/${target}/read`, { read: true });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toMatchObject({ id: target, read_at: expect.any(String) });
    expect((await w.author.c.get('/notifications/unread-count')).body.data).toEqual({ unread_count: 4 });
    const unread = await w.author.c.get('/notifications?unread=true&limit=10');
    expect(unread.body.data.notifications.map((n: { id: number }) => n.id)).not.toContain(target);
    expect(unread.body.data.notifications).toHaveLength(4);
    const again = await w.author.c.put(`/notification/${target}/read`, { read: false });
    expect(again.body.data.read_at).toBeNull();
    expect((await w.author.c.get('/notifications/unread-count')).body.data).toEqual({ unread_count: 5 });

    const all = await w.author.c.post('/notifications/read-all');
    expect(all.body.data).toEqual({ marked: 5, unread_count: 0 });
    expect((await w.author.c.get('/notifications/unread-count')).body.data).toEqual({ unread_count: 0 });
    expect((await w.replier.c.get('/notifications')).body.data).toMatchObject({ notifications: [], unread_count: 0, next_cursor: null });
  });

  it('answers 404 for anyone else’s notification and 400 naming the field for bad input, in REST and GraphQL', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    await reply(w.replier.c, first);
    const [mine] = await stored(w.author.id);
    const id = mine!.id;
    expectRefused(await w.replier.c.put(`/notification/${id}/read`, { read: true }), 404);
    expectRefused(await w.owner.c.put(`/notification/${id}/read`, { read: true }), 404);
    const other = await env().factories.account();
    expectRefused(await (await env().signIn(other.owner)).put(`/notification/${id}/read`, { read: true }), 404);
    expectRefused(await w.author.c.put('/notification/999999999/read', { read: true }), 404);
    const gql = await w.replier.c.graphql('mutation($id: ID!) { markNotification(id: $id, read: true) { id } }', {
      id: encodeBase64Id('Notification', id),
    });
    expect(gql.body.errors?.[0]?.extensions?.status).toBe(404);
    expect((await stored(w.author.id))[0]?.readAt).toBeNull();

    expectRefused(await w.author.c.put(`/notification/${id}/read`, { read: 'yes' }), 400, ['read']);
    expectRefused(await w.author.c.get('/notifications?cursor=abc'), 400, ['cursor']);
    expectRefused(await w.author.c.get('/notifications?limit=1000'), 400, ['limit']);
    expectRefused(await w.author.c.put('/user/notification-settings', { mention: { in_app: 'no', email: true } }), 400, ['mention.in_app']);
    expectRefused(await w.author.c.put('/user/notification-settings', { birthday: { in_app: true, email: true } }), 400);
    expectRefused(await w.author.c.put('/user/notification-settings', { mention: { in_app: true } }), 400, ['mention.email']);

    const listed = await w.author.c.graphql(
      '{ notifications(limit: 5) { unreadCount nextCursor notifications { id type assetTitle link actor { name } } } }',
    );
    expect(listed.body.data.notifications).toMatchObject({
      unreadCount: 1,
      nextCursor: null,
      notifications: [{ type: 'comment_reply', assetTitle: 'Logo' }],
    });
    const saved = await w.author.c.graphql(
      'mutation { updateNotificationSettings(settings: [{type: due_date, inApp: false, email: false}]) { type inApp email } }',
    );
    expect(saved.body.data.updateNotificationSettings).toContainEqual({ type: 'due_date', inApp: false, email: false });
    expect((await w.author.c.get('/user/notification-settings')).body.data.due_date).toEqual({ in_app: false, email: false });
    // The profile's toggles save through the settings toolkit, which adds the language.
    const toggled = await w.author.c.put('/user/notification-settings', { assignment: { in_app: true, email: false }, i18n: 'en' });
    expect(toggled.status, JSON.stringify(toggled.body)).toBe(200);
    expect(toggled.body.data.assignment).toEqual({ in_app: true, email: false });
  });

  it('no longer names the project or the asset once the recipient lost access to them', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    await reply(w.replier.c, first);
    expect((await w.owner.c.delete(`/project/${w.project.id}/user/${w.author.id}`)).status).toBe(200);
    const [n] = (await w.author.c.get('/notifications')).body.data.notifications;
    expect(n).toMatchObject({ type: 'comment_reply', project: null, asset: null, link: null, actor: { id: w.replier.id } });
  });

  it('e-mails ten notifications of a minute as one message, then nothing more until something new happens', async () => {
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    for (let i = 0; i < 10; i++) await reply(w.replier.c, first, [], `Reply ${i}`);
    await env().drainJobs();
    expect(mailTo(env().started.app.config.dataDir, w.author.email)).toEqual([]);

    await minutePasses();
    const mails = mailTo(env().started.app.config.dataDir, w.author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You have 10 new notifications on Emblem');
    expect(mails[0]!.text.match(/replied to a comment of yours on Logo \(Media\)/g)).toHaveLength(10);
    expect(mails[0]!.text).toContain(`/brands/${w.project.brandId}/projects/${w.project.id}/assets/${w.asset}`);
    expect((await stored(w.author.id)).every((n) => n.emailedAt !== null)).toBe(true);

    await minutePasses();
    expect(mailTo(env().started.app.config.dataDir, w.author.email)).toHaveLength(1);
    await reply(w.late.c, first, [w.author.id], 'One more');
    await minutePasses();
    const after = mailTo(env().started.app.config.dataDir, w.author.email);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe('You have a new notification on Emblem');
    expect(after[1]!.text).toContain('mentioned you on Logo (Media)');
  });

  it('e-mails neither what was read in the meantime, nor types switched off by e-mail, nor people removed from the account', async () => {
    const w = await world();
    const dataDir = env().started.app.config.dataDir;
    const first = await comment(w.author.c, w.asset);
    await reply(w.replier.c, first);
    await w.author.c.post('/notifications/read-all');
    expect((await w.mentioned.c.put('/user/notification-settings', { mention: { in_app: true, email: false } })).status).toBe(200);
    await reply(w.late.c, first, [w.mentioned.id, w.replier.id]);
    expect(await stored(w.mentioned.id)).toHaveLength(1);
    // The replier leaves the account (their user stays: they belong to another one).
    await kit
      .db()
      .delete(memberships)
      .where(and(eq(memberships.userId, w.replier.id), eq(memberships.accountId, w.accountId)));
    expect(await stored(w.replier.id)).toHaveLength(1);
    await minutePasses();
    expect(mailTo(dataDir, w.mentioned.email)).toEqual([]);
    expect(mailTo(dataDir, w.replier.email)).toEqual([]);
    // The author's first notification was read before its minute passed: the e-mail lists only the second.
    const mails = mailTo(dataDir, w.author.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You have a new notification on Emblem');
    expect(mails[0]!.text.match(/replied to a comment of yours/g)).toHaveLength(1);
  });

  it('publishes `notification` on each recipient’s channel once the reply commits', async (ctx) => {
    const url = env().started.app.config.databaseUrl;
    // Listening needs a second connection, which embedded PGlite does not offer; PostgreSQL runs this.
    if (env().backend !== 'postgres' || !url) return ctx.skip();
    const w = await world();
    const first = await comment(w.author.c, w.asset);
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const messages: { channel: string; event: string; data: Record<string, unknown> }[] = [];
    listener.on('notification', (n) => {
      if (n.channel === 'emblem_realtime' && n.payload) messages.push(JSON.parse(n.payload));
    });
    try {
      await listener.query('listen emblem_realtime');
      await reply(w.replier.c, first, [w.mentioned.id]);
      const ids = new Map([...(await stored(w.author.id)), ...(await stored(w.mentioned.id))].map((n) => [n.recipientId, n.id]));
      await expect.poll(() => messages.filter((m) => m.event === 'notification').length).toBe(2);
      expect(messages.filter((m) => m.event === 'notification')).toEqual(
        expect.arrayContaining([
          { channel: `private-user-${w.author.id}`, event: 'notification', data: { notification_id: ids.get(w.author.id) } },
          { channel: `private-user-${w.mentioned.id}`, event: 'notification', data: { notification_id: ids.get(w.mentioned.id) } },
        ]),
      );
    } finally {
      await listener.end();
    }
  });
});
