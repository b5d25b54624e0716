import { decodeBase64Id, encodeBase64Id } from '@emblem/core';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assets, comments, events, notifications } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit, type Level } from '../assets/assets-test-kit.js';

const gid = (type: 'Asset' | 'Comment' | 'User', id: number) => encodeBase64Id(type, id);
/** The first GraphQL error's status and field errors. */
const gqlRefusal = (res: Json) => ({ status: res.body.errors?.[0]?.extensions?.status, errors: res.body.errors?.[0]?.extensions?.errors });

const COMMENT_FIELDS = `id content createdAt editedAt isResolved creator { id name }
  marking { kind x y width height page startMs endMs order spread } revisionId
  replies { id content createdAt creator { id name } mentionedUsers { id name } }`;

forEachBackend('comments', (env) => {
  const kit = assetsKit(env);

  /** A library with a file asset and a link asset, and a signed-in member at each level. */
  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const file = await kit.fileAsset(c, owner, project.id);
    const link = await kit.link(c, project.id, 'Link');
    const person = async (level: Level | null) => {
      const user = await env().factories.member(accountId);
      if (level) expect((await c.put(`/project/${project.id}/user/${user.id}`, { level })).status).toBe(200);
      return { id: user.id, c: await env().signIn(user) };
    };
    const [view, commenter, other, admin, outsider] = await Promise.all([
      person('VIEW'),
      person('COMMENT'),
      person('COMMENT'),
      person('ADMIN'),
      person(null),
    ]);
    const [row] = await kit.db().select({ revisionId: assets.currentRevisionId }).from(assets).where(eq(assets.id, file.id));
    const revisionId = row!.revisionId as number;
    return { owner, accountId, project, c, file: file.id as number, revisionId, link, view, commenter, other, admin, outsider };
  }

  const post = async (c: Client, assetId: number, body: Record<string, unknown>) => {
    const res = await c.post(`/asset/${assetId}/comments`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  };

  it('creates, lists, replies to, edits, resolves and deletes comments through REST', async () => {
    const w = await world();
    const marking = { kind: 'RECTANGLE', x: 0.1, y: 0.2, width: 0.5, height: 0.3, order: 1 };
    const made = await post(w.commenter.c, w.file, { content: '<p>Logo too <strong>small</strong></p>', marking });
    expect(made).toMatchObject({
      asset_id: w.file,
      parent_id: null,
      content: '<p>Logo too <strong>small</strong></p>',
      is_resolved: false,
      edited_at: null,
      creator: { id: w.commenter.id },
      marking,
      replies: [],
    });
    expect(made.revision_id).toEqual(expect.any(Number));

    const reply = await w.other.c.post(`/comment/${made.id}/replies`, { content: 'Agreed', mentioned_user_ids: [w.view.id, w.owner.id] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body.data).toMatchObject({ parent_id: made.id, content: '<p>Agreed</p>', revision_id: made.revision_id, marking: null });
    expect(reply.body.data.mentioned_users.map((u: { id: number }) => u.id)).toEqual([w.view.id, w.owner.id]);

    const edited = await w.commenter.c.patch(`/comment/${made.id}`, { content: '<p>Logo too small.</p>' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.content).toBe('<p>Logo too small.</p>');
    expect(edited.body.data.edited_at).toEqual(expect.any(String));
    expect(edited.body.data.replies).toHaveLength(1);

    // VIEW reads; a second comment stays open while the first is resolved.
    const open = await post(w.admin.c, w.file, { content: 'Second', marking: { kind: 'PIN', x: 0, y: 1 } });
    const resolved = await w.view.c.put(`/comment/${made.id}/resolved`, { is_resolved: true });
    expectRefused(resolved, 403);
    const res = await w.commenter.c.put(`/comment/${made.id}/resolved`, { is_resolved: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_resolved: true, resolved_by: { id: w.commenter.id } });
    const ids = async (filter?: string) => {
      const list = await w.view.c.get(`/asset/${w.file}/comments${filter ? `?filter=${filter}` : ''}`);
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      return list.body.data.map((c: { id: number }) => c.id);
    };
    expect(await ids()).toEqual([made.id, open.id]);
    expect(await ids('ALL')).toEqual([made.id, open.id]);
    expect(await ids('OPEN')).toEqual([open.id]);
    expect(await ids('RESOLVED')).toEqual([made.id]);
    expectRefused(await w.view.c.get(`/asset/${w.file}/comments?filter=DONE`), 400, ['filter']);
    // Reopened.
    const reopened = await w.commenter.c.put(`/comment/${made.id}/resolved`, { is_resolved: false });
    expect(reopened.body.data).toMatchObject({ is_resolved: false, resolved_by: null, resolved_at: null });
    expect(await ids('RESOLVED')).toEqual([]);

    // Deleting a comment deletes its replies.
    const deleted = await w.commenter.c.delete(`/comment/${made.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: made.id, deleted: true });
    const left = await kit.db().select({ id: comments.id }).from(comments).where(eq(comments.assetId, w.file));
    expect(left.map((r) => r.id)).toEqual([open.id]);

    const types = await kit
      .db()
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.subjectType, 'asset'), eq(events.subjectId, w.file)));
    const commentEvents = types.map((e) => e.type).filter((t) => t.startsWith('comment:'));
    expect(commentEvents.sort()).toEqual(
      ['comment:create', 'comment:create', 'comment:delete', 'comment:edit', 'comment:reopen', 'comment:reply', 'comment:resolve'].sort(),
    );
    expect(types.find((e) => e.type === 'comment:delete')?.data).toEqual({ comment_id: made.id, parent_id: null, replies: 1 });
  });

  it('refuses VIEW, other authors, replies to replies, and unknown or foreign ids', async () => {
    const w = await world();
    const refusedBody = { content: 'Hi' };
    expectRefused(await w.view.c.post(`/asset/${w.file}/comments`, refusedBody), 403);
    expectRefused(await w.outsider.c.post(`/asset/${w.file}/comments`, refusedBody), 404);
    expectRefused(await w.outsider.c.get(`/asset/${w.file}/comments`), 404);
    const made = await post(w.commenter.c, w.link, refusedBody);
    expect(made.revision_id).toBeNull();
    expectRefused(await w.view.c.post(`/comment/${made.id}/replies`, refusedBody), 403);

    // Only the author edits, even a project admin may not.
    expectRefused(await w.other.c.patch(`/comment/${made.id}`, { content: 'Mine now' }), 403);
    expectRefused(await w.admin.c.patch(`/comment/${made.id}`, { content: 'Mine now' }), 403);
    expectRefused(await w.outsider.c.patch(`/comment/${made.id}`, { content: 'Mine now' }), 404);
    // Another commenter may not delete it; a project admin may.
    expectRefused(await w.other.c.delete(`/comment/${made.id}`), 403);
    expectRefused(await w.view.c.delete(`/comment/${made.id}`), 403);
    const second = await post(w.commenter.c, w.link, refusedBody);
    expect((await w.admin.c.delete(`/comment/${second.id}`)).status).toBe(200);

    // One level of replies; replies are not resolved.
    const reply = await w.other.c.post(`/comment/${made.id}/replies`, refusedBody);
    expect(reply.status).toBe(201);
    expectRefused(await w.commenter.c.post(`/comment/${reply.body.data.id}/replies`, refusedBody), 400, ['comment_id']);
    expectRefused(await w.commenter.c.put(`/comment/${reply.body.data.id}/resolved`, { is_resolved: true }), 400, ['comment_id']);
    // The author of a reply edits it.
    const editedReply = await w.other.c.patch(`/comment/${reply.body.data.id}`, { content: 'Fine' });
    expect(editedReply.body.data).toMatchObject({ content: '<p>Fine</p>', parent_id: made.id });

    // Unknown ids, and another account's asset and comment.
    expectRefused(await w.commenter.c.post('/asset/999999/comments', refusedBody), 404);
    expectRefused(await w.commenter.c.patch('/comment/999999', { content: 'x' }), 404);
    const foreign = await kit.setup();
    const foreignAsset = await kit.link(foreign.c, foreign.project.id, 'Theirs');
    const foreignComment = await post(foreign.c, foreignAsset, refusedBody);
    expectRefused(await w.c.post(`/asset/${foreignAsset}/comments`, refusedBody), 404);
    expectRefused(await w.c.get(`/asset/${foreignAsset}/comments`), 404);
    expectRefused(await w.c.post(`/comment/${foreignComment.id}/replies`, refusedBody), 404);
    expectRefused(await w.c.patch(`/comment/${foreignComment.id}`, refusedBody), 404);
    expectRefused(await w.c.delete(`/comment/${foreignComment.id}`), 404);
    expectRefused(await w.c.put(`/comment/${foreignComment.id}/resolved`, { is_resolved: true }), 404);

    // A trashed asset takes no comments, and its comments are not found.
    expect((await w.c.delete(`/asset/${w.link}`)).status).toBe(200);
    expectRefused(await w.commenter.c.post(`/asset/${w.link}/comments`, refusedBody), 404);
    expectRefused(await w.commenter.c.post(`/comment/${made.id}/replies`, refusedBody), 404);
  });

  it('sanitises content and validates markings and mentions', async () => {
    const w = await world();
    const clean = await post(w.commenter.c, w.file, {
      content: '<p onclick="x()">Look<script>alert(1)</script> <a href="javascript:alert(1)">here</a></p>',
    });
    expect(clean.content).toBe('<p>Look <a>here</a></p>');
    expectRefused(await w.commenter.c.post(`/asset/${w.file}/comments`, { content: '<script>alert(1)</script>' }), 400, ['content']);
    expectRefused(await w.commenter.c.post(`/asset/${w.file}/comments`, { content: '<p> </p>' }), 400, ['content']);
    expectRefused(await w.commenter.c.post(`/asset/${w.file}/comments`, { content: '' }), 400, ['content']);
    expectRefused(await w.commenter.c.post(`/asset/${w.file}/comments`, { content: 'x'.repeat(10_001) }), 400, ['content']);
    expectRefused(await w.commenter.c.patch(`/comment/${clean.id}`, { content: '<style>p{}</style>' }), 400, ['content']);

    const bad = [
      { kind: 'PIN', x: 1.5, y: 0 },
      { kind: 'PIN', x: 0.5 },
      { kind: 'RECTANGLE', x: 0.8, y: 0, width: 0.5, height: 0.1 },
      { kind: 'PAGE', page: 0 },
      { kind: 'TIMEFRAME', start_ms: 500, end_ms: 500 },
      { kind: 'TIMEFRAME', start_ms: -1, end_ms: 5 },
      { kind: 'CIRCLE', x: 0.1, y: 0.1 },
      { kind: 'PIN', x: 0.1, y: 0.1, colour: 'red' },
    ];
    for (const marking of bad) {
      const res = await w.commenter.c.post(`/asset/${w.file}/comments`, { content: 'Bad', marking });
      expect(res.status, JSON.stringify(marking)).toBe(400);
      expect(
        Object.keys(res.body.errors ?? {}).some((k) => k.startsWith('marking')),
        JSON.stringify(res.body),
      ).toBe(true);
    }
    const good = [
      { kind: 'PAGE', page: 3, spread: 1 },
      { kind: 'TIMEFRAME', start_ms: 0, end_ms: 1500, start_frame: 0, end_frame: 36 },
    ];
    for (const marking of good) expect((await post(w.commenter.c, w.file, { content: 'Good', marking })).marking).toEqual(marking);

    // Mentions: members with a level on the library and account admins; not outsiders, not other accounts' users.
    const foreign = await kit.setup();
    const refused = await w.commenter.c.post(`/comment/${clean.id}/replies`, {
      content: 'See',
      mentioned_user_ids: [w.view.id, w.outsider.id, foreign.owner.id],
    });
    expectRefused(refused, 400, ['mentioned_user_ids']);
    expect(refused.body.errors.mentioned_user_ids[0]).toContain(`${w.outsider.id}, ${foreign.owner.id}`);
    const admin = await env().factories.member(w.accountId, 'SUPER_USER');
    const ok = await w.commenter.c.post(`/comment/${clean.id}/replies`, { content: 'See', mentioned_user_ids: [admin.id, w.view.id] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('stores and notifies mentions in top-level comments, and writes nothing for a mention of someone without access', async () => {
    const w = await world();
    const notified = async (userId: number) =>
      kit
        .db()
        .select({ type: notifications.type, actorId: notifications.actorId, commentId: notifications.commentId })
        .from(notifications)
        .where(eq(notifications.recipientId, userId));
    const made = await post(w.commenter.c, w.file, {
      content: 'Look here',
      marking: { kind: 'PIN', x: 0.5, y: 0.5 },
      mentioned_user_ids: [w.view.id, w.admin.id],
    });
    expect(made.mentioned_users.map((u: { id: number }) => u.id)).toEqual([w.view.id, w.admin.id]);
    expect(await notified(w.view.id)).toEqual([{ type: 'mention', actorId: w.commenter.id, commentId: made.id }]);
    expect(await notified(w.admin.id)).toEqual([{ type: 'mention', actorId: w.commenter.id, commentId: made.id }]);
    expect(await notified(w.other.id)).toEqual([]);
    const listed = await w.view.c.get(`/asset/${w.file}/comments`);
    expect(listed.body.data[0].mentioned_users.map((u: { id: number }) => u.id)).toEqual([w.view.id, w.admin.id]);

    const create = `mutation($i: CreateCommentInput!) { createComment(input: $i) { comment { id mentionedUsers { id } } } }`;
    const viaGraphql = await w.admin.c.graphql(create, {
      i: { assetId: gid('Asset', w.file), content: 'And here', mentionedUserIds: [gid('User', w.other.id)] },
    });
    expect(viaGraphql.body.errors).toBeUndefined();
    const gqlComment = viaGraphql.body.data.createComment.comment;
    expect(gqlComment.mentionedUsers).toEqual([{ id: gid('User', w.other.id) }]);
    expect(await notified(w.other.id)).toEqual([
      { type: 'mention', actorId: w.admin.id, commentId: decodeBase64Id(gqlComment.id, 'Comment').identifier },
    ]);

    // Someone without access to the library, or a user of another account: 400, no comment, no notification.
    const foreign = await kit.setup();
    const before = await kit.db().select({ id: comments.id }).from(comments).where(eq(comments.assetId, w.file));
    const refused = await w.commenter.c.post(`/asset/${w.file}/comments`, {
      content: 'Psst',
      mentioned_user_ids: [w.view.id, w.outsider.id, foreign.owner.id],
    });
    expectRefused(refused, 400, ['mentioned_user_ids']);
    expect(refused.body.errors.mentioned_user_ids[0]).toContain(`${w.outsider.id}, ${foreign.owner.id}`);
    const refusedGql = await w.commenter.c.graphql(create, {
      i: { assetId: gid('Asset', w.file), content: 'Psst', mentionedUserIds: [gid('User', w.outsider.id)] },
    });
    expect(gqlRefusal(refusedGql).status).toBe(400);
    expect(Object.keys(gqlRefusal(refusedGql).errors)).toEqual(['mentioned_user_ids']);
    expect(await kit.db().select({ id: comments.id }).from(comments).where(eq(comments.assetId, w.file))).toHaveLength(before.length);
    expect(await notified(w.outsider.id)).toEqual([]);
    expect(await notified(w.view.id)).toHaveLength(1);
  });

  it('serves the same operations in GraphQL, with the comments on the Asset type', async () => {
    const w = await world();
    const create = await w.commenter.c.graphql(
      `mutation($i: CreateCommentInput!) { createComment(input: $i) { comment { id content isResolved marking { kind x y } } } }`,
      { i: { assetId: gid('Asset', w.file), content: 'Hello <script>x</script>', marking: { kind: 'PIN', x: 0.25, y: 0.75 } } },
    );
    expect(create.body.errors).toBeUndefined();
    const comment = create.body.data.createComment.comment;
    expect(comment).toMatchObject({ content: 'Hello ', isResolved: false, marking: { kind: 'PIN', x: 0.25, y: 0.75 } });

    const reply = await w.other.c.graphql(
      `mutation($i: ReplyToCommentInput!) { replyToComment(input: $i) { comment { id content mentionedUsers { id } } } }`,
      { i: { commentId: comment.id, content: 'Yes', mentionedUserIds: [gid('User', w.view.id)] } },
    );
    expect(reply.body.errors).toBeUndefined();
    expect(reply.body.data.replyToComment.comment.mentionedUsers).toEqual([{ id: gid('User', w.view.id) }]);

    const refusedMention = await w.other.c.graphql(`mutation($i: ReplyToCommentInput!) { replyToComment(input: $i) { comment { id } } }`, {
      i: { commentId: comment.id, content: 'Yes', mentionedUserIds: [gid('User', w.outsider.id)] },
    });
    expect(gqlRefusal(refusedMention).status).toBe(400);
    expect(Object.keys(gqlRefusal(refusedMention).errors)).toEqual(['mentioned_user_ids']);

    const edit = await w.commenter.c.graphql(
      `mutation($i: EditCommentInput!) { editComment(input: $i) { comment { content editedAt } } }`,
      {
        i: { commentId: comment.id, content: 'Hello again' },
      },
    );
    expect(edit.body.data.editComment.comment).toMatchObject({ content: '<p>Hello again</p>', editedAt: expect.any(String) });
    const notAuthor = await w.other.c.graphql(`mutation($i: EditCommentInput!) { editComment(input: $i) { comment { id } } }`, {
      i: { commentId: comment.id, content: 'Mine' },
    });
    expect(gqlRefusal(notAuthor).status).toBe(403);

    const resolve = await w.other.c.graphql(`mutation($i: ResolveCommentInput!) { resolveComment(input: $i) { comment { isResolved } } }`, {
      i: { commentId: comment.id, isResolved: true },
    });
    expect(resolve.body.data.resolveComment.comment.isResolved).toBe(true);
    const viewResolve = await w.view.c.graphql(
      `mutation($i: ResolveCommentInput!) { resolveComment(input: $i) { comment { isResolved } } }`,
      {
        i: { commentId: comment.id, isResolved: false },
      },
    );
    expect(gqlRefusal(viewResolve).status).toBe(403);

    const list = (filter: string) =>
      w.view.c.graphql(`query($id: ID!, $f: CommentFilter) { asset(id: $id) { comments(filter: $f) { ${COMMENT_FIELDS} } } }`, {
        id: gid('Asset', w.file),
        f: filter,
      });
    const all = await list('ALL');
    expect(all.body.errors).toBeUndefined();
    const [listed] = all.body.data.asset.comments;
    expect(listed).toMatchObject({
      id: comment.id,
      isResolved: true,
      creator: { id: gid('User', w.commenter.id) },
      revisionId: w.revisionId,
      marking: { kind: 'PIN', x: 0.25, y: 0.75, page: null },
    });
    expect(listed.replies).toMatchObject([{ content: '<p>Yes</p>', mentionedUsers: [{ id: gid('User', w.view.id) }] }]);
    expect((await list('OPEN')).body.data.asset.comments).toEqual([]);
    expect((await list('RESOLVED')).body.data.asset.comments).toHaveLength(1);

    const badMarking = await w.commenter.c.graphql(`mutation($i: CreateCommentInput!) { createComment(input: $i) { comment { id } } }`, {
      i: { assetId: gid('Asset', w.file), content: 'x', marking: { kind: 'PAGE', page: 0 } },
    });
    expect(gqlRefusal(badMarking).status).toBe(400);
    const viewCreate = await w.view.c.graphql(`mutation($i: CreateCommentInput!) { createComment(input: $i) { comment { id } } }`, {
      i: { assetId: gid('Asset', w.file), content: 'x' },
    });
    expect(gqlRefusal(viewCreate).status).toBe(403);

    const nonAdminDelete = await w.other.c.graphql(`mutation($i: DeleteCommentInput!) { deleteComment(input: $i) { id success } }`, {
      i: { commentId: comment.id },
    });
    expect(gqlRefusal(nonAdminDelete).status).toBe(403);
    const deleted = await w.admin.c.graphql(`mutation($i: DeleteCommentInput!) { deleteComment(input: $i) { id success } }`, {
      i: { commentId: comment.id },
    });
    expect(deleted.body.data.deleteComment).toEqual({ id: comment.id, success: true });
    expect((await list('ALL')).body.data.asset.comments).toEqual([]);
    const gone = await w.commenter.c.graphql(`mutation($i: EditCommentInput!) { editComment(input: $i) { comment { id } } }`, {
      i: { commentId: comment.id, content: 'x' },
    });
    expect(gqlRefusal(gone).status).toBe(404);
  });
});
