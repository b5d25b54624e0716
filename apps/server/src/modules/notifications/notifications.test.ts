import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs, notificationPreferences, notifications } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
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
    return { owner: { ...owner, c }, project, asset, author, replier, mentioned, late, person };
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
    await kit.db().insert(notificationPreferences).values({ userId: w.author.id, type: 'comment_reply', inApp: false, email: true });
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
});
