import { projectChannel, userChannel } from '@emblem/core';
import { expect, it } from 'vitest';
import { realtimePresence } from '../../db/schema.js';
import { Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { TestSocket } from '../../test/realtime.js';
import { assetsKit, type Level, testPng } from '../assets/assets-test-kit.js';
import { FRAMES_PER_WINDOW } from './hub.js';
import { publish } from './publish.js';

const SOCKET = 'AAAAAAAAAAAAAAAAAAAAAAAA';

forEachBackend('realtime', (env) => {
  const kit = assetsKit(env);

  /** A library with a file asset, its owner, and signed-in members at the levels asked for. */
  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const asset = (await kit.fileAsset(c, owner, project.id)).id as number;
    const person = async (level: Level | null) => {
      const user = await env().factories.member(accountId);
      if (level) expect((await c.put(`/project/${project.id}/user/${user.id}`, { level })).status).toBe(200);
      return { id: user.id, c: await env().signIn(user) };
    };
    return { owner, accountId, project, asset, c, person };
  }

  it('signs the channels of a batch one by one: own and visible ones, refusing the others with their status', async () => {
    const w = await world();
    const viewer = await w.person('VIEW');
    const outsider = await w.person(null);
    const other = await env().factories.account();
    const foreign = await env().factories.project(other.owner.actor);
    const channels = [
      userChannel(viewer.id),
      userChannel(w.owner.id),
      projectChannel(w.project.id),
      projectChannel(foreign.id),
      projectChannel(2_000_000_000),
    ];
    const res = await viewer.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: channels });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(Object.keys(data)).toEqual(channels);
    expect(data[userChannel(viewer.id)]).toEqual({ status: 200, auth: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(data[userChannel(w.owner.id)]).toMatchObject({ status: 403 });
    expect(data[projectChannel(w.project.id)]).toEqual({
      status: 200,
      auth: expect.stringMatching(/^[0-9a-f]{64}$/),
      channel_data: expect.any(String),
    });
    expect(JSON.parse(data[projectChannel(w.project.id)].channel_data)).toEqual({
      user_id: viewer.id,
      user_info: { name: expect.any(String), avatar: null },
    });
    expect(data[projectChannel(foreign.id)]).toMatchObject({ status: 404 });
    expect(data[projectChannel(2_000_000_000)]).toMatchObject({ status: 404 });

    // A member without a level on the project does not see it; the account's owner (an admin) does.
    const refused = await outsider.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: projectChannel(w.project.id) });
    expect(refused.body.data[projectChannel(w.project.id)]).toMatchObject({ status: 404 });
    const owner = await w.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: [projectChannel(w.project.id)] });
    expect(owner.body.data[projectChannel(w.project.id)].status).toBe(200);

    // The same signatures for the same socket and channels, whatever the body's form.
    const form = new URLSearchParams({
      socket_id: SOCKET,
      'channel_name[1]': projectChannel(w.project.id),
      'channel_name[0]': userChannel(viewer.id),
    });
    const asForm = await viewer.c.post('/api/pusher/auth', undefined, {
      raw: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(asForm.status, JSON.stringify(asForm.body)).toBe(200);
    expect(Object.keys(asForm.body.data)).toEqual([userChannel(viewer.id), projectChannel(w.project.id)]);
    expect(asForm.body.data[userChannel(viewer.id)].auth).toBe(data[userChannel(viewer.id)].auth);
    expect(asForm.body.data[projectChannel(w.project.id)].auth).toBe(data[projectChannel(w.project.id)].auth);
  });

  it('refuses malformed requests naming the field, anonymous callers and requests without the CSRF token', async () => {
    const w = await world();
    const mine = userChannel(w.owner.id);
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: 'short', channel_name: [mine] }), 400, ['socket_id']);
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: ['private-brand-1'] }), 400, ['channel_name.0']);
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: [mine, 'presence-project-0'] }), 400, [
      'channel_name.1',
    ]);
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: [] }), 400, ['channel_name']);
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: SOCKET }), 400, ['channel_name']);
    const tooMany = Array.from({ length: 101 }, (_, i) => projectChannel(i + 1));
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: tooMany }), 400, ['channel_name']);
    const form = await w.c.post('/api/pusher/auth', undefined, {
      raw: `socket_id=${SOCKET}&channel_name[0]=private-user-x`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectRefused(form, 400, ['channel_name.0']);

    expectRefused(
      await env()
        .anon()
        .post('/api/pusher/auth', { socket_id: SOCKET, channel_name: [mine] }),
      401,
    );
    expectRefused(await w.c.post('/api/pusher/auth', { socket_id: SOCKET, channel_name: [mine] }, { csrf: false }), 403);
    // Other routes keep refusing forms.
    const brand = await w.c.post('/brand', undefined, { raw: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(brand.status).toBe(415);
  });

  it('delivers committed messages to subscribed sockets, never rolled-back ones, and checks every subscription', async () => {
    const w = await world();
    const commenter = await w.person('COMMENT');
    const socket = await TestSocket.open(commenter.c);
    expect(socket.socketId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const channel = projectChannel(w.project.id);

    // A signature is good for its socket and channel only.
    const auth = await commenter.c.post('/api/pusher/auth', {
      socket_id: socket.socketId,
      channel_name: [channel, userChannel(commenter.id)],
    });
    const { auth: projectAuth, channel_data } = auth.body.data[channel];
    expect(await socket.subscribeWith(channel, 'f'.repeat(64), channel_data)).toMatchObject({ type: 'subscribe_error', status: 401 });
    expect(await socket.subscribeWith(channel, projectAuth, channel_data.replace(/"name":"[^"]*"/, '"name":"Someone else"'))).toMatchObject(
      {
        type: 'subscribe_error',
        status: 401,
      },
    );
    expect(await socket.subscribeWith(userChannel(commenter.id), projectAuth)).toMatchObject({ type: 'subscribe_error', status: 401 });
    const elsewhere = await TestSocket.open(commenter.c);
    expect(await elsewhere.subscribeWith(channel, projectAuth, channel_data)).toMatchObject({ type: 'subscribe_error', status: 401 });
    expect(await socket.subscribeWith(channel, projectAuth, channel_data)).toMatchObject({ type: 'subscribed', channel });
    expect(await socket.subscribeWith(userChannel(commenter.id), auth.body.data[userChannel(commenter.id)].auth)).toMatchObject({
      type: 'subscribed',
    });

    // A comment, a new asset and a workflow-free library: the operations publish ids only.
    const made = await commenter.c.post(`/asset/${w.asset}/comments`, { content: 'Hello' });
    expect(made.status).toBe(201);
    await socket.event(channel, 'comment', { asset_id: w.asset, comment_id: made.body.data.id });
    const link = await kit.link(w.c, w.project.id, 'New link');
    await socket.event(channel, 'asset', { asset_ids: [link] });
    expect(elsewhere.frames.filter((f) => f.type === 'event')).toEqual([]);

    // NOTIFY is transactional: a rolled-back message never arrives; the committed one after it does.
    const db = env().started.database.db;
    await expect(
      db.transaction(async (tx) => {
        await publish(tx, channel, 'asset', { asset_ids: [-1] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction((tx) => publish(tx, channel, 'asset', { asset_ids: [-2] }));
    await socket.event(channel, 'asset', { asset_ids: [-2] });
    expect(socket.frames.some((f) => f.type === 'event' && JSON.stringify(f.data).includes('-1'))).toBe(false);

    // After unsubscribing nothing more comes on that channel.
    socket.send({ type: 'unsubscribe', channel });
    await socket.next((f) => f.type === 'unsubscribed' && f.channel === channel, 'the unsubscription');
    await db.transaction((tx) => publish(tx, channel, 'asset', { asset_ids: [-3] }));
    await db.transaction((tx) => publish(tx, userChannel(commenter.id), 'notification', { notification_id: 7 }));
    await socket.event(userChannel(commenter.id), 'notification', { notification_id: 7 });
    expect(socket.frames.some((f) => f.type === 'event' && JSON.stringify(f.data).includes('-3'))).toBe(false);
    socket.close();
    elsewhere.close();
  });

  it('publishes workflow moves and status changes on the project channel', async () => {
    const { owner, c } = await kit.setup();
    const ws = await env().factories.project(owner.actor, { type: 'WORKSPACE', name: 'Spring' });
    const asset = await kit.link(c, ws.id, 'Poster');
    const socket = await TestSocket.open(c);
    const channel = projectChannel(ws.id);
    await socket.subscribe(c, channel);
    const statuses = (await c.get(`/project/status/${ws.id}`)).body.data as { id: number }[];
    const to = statuses[1]!.id;
    expect((await c.put(`/workflows/status-item/status/${to}`, { asset_ids: [asset] })).status).toBe(200);
    await socket.event(channel, 'workflow', { asset_ids: [asset] });
    expect((await c.patch(`/project/status/item/${to}`, { name: 'Checking' })).status).toBe(200);
    await socket.event(channel, 'workflow', { asset_ids: [] });
    socket.close();
  });

  it('publishes new assets, new revisions and finished previews', async () => {
    const { owner, project, c } = await kit.setup();
    const socket = await TestSocket.open(c);
    const channel = projectChannel(project.id);
    await socket.subscribe(c, channel);
    const made = (await kit.fileAsset(c, owner, project.id)).id as number;
    await socket.event(channel, 'asset', { asset_ids: [made] });
    const count = () => socket.frames.filter((f) => f.type === 'event' && f.event === 'asset').length;
    expect(count()).toBe(1);
    // The preview job finishing tells viewers to show it.
    expect(await env().drainJobs()).toBeGreaterThan(0);
    await socket.next(() => count() === 2, 'the finished preview');
    const file = await env().factories.file(owner.actor, { name: 'v2.png', bytes: await testPng(), mime: 'image/png' });
    expect((await c.post(`/asset/${made}/revision`, { file_id: file.id })).status).toBe(200);
    await socket.next(() => count() === 3, 'the new revision');
    socket.close();
  });

  it('refuses sockets to anonymous callers and to pages of other sites, and accepts API tokens on /v1', async () => {
    const w = await world();
    expect(await TestSocket.refusal(env().anon())).toBe(401);
    expect(await TestSocket.refusal(w.c, { headers: { origin: 'https://evil.example' } })).toBe(403);
    const same = await TestSocket.open(w.c, { headers: { origin: env().base } });
    same.close();

    const token = await w.c.post('/user/tokens', { name: 'realtime' });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const api = new Client(env().base, { prefix: '/v1', bearer: token.body.data.token });
    const socket = await TestSocket.open(api, { path: '/v1/realtime' });
    await socket.subscribe(api, projectChannel(w.project.id));
    const made = await w.c.post(`/asset/${w.asset}/comments`, { content: 'Seen by the token' });
    await socket.event(projectChannel(w.project.id), 'comment', { asset_id: w.asset, comment_id: made.body.data.id });
    socket.close();
  });

  it('keeps presence across sockets: one member per user, the assets they view, leaving with their last socket', async () => {
    const w = await world();
    const viewer = await w.person('VIEW');
    const channel = projectChannel(w.project.id);
    const ownerA = await TestSocket.open(w.c);
    const first = await ownerA.subscribe(w.c, channel);
    expect(first).toMatchObject({ members: [{ user_id: w.owner.id, user_info: { name: 'Olive Owner' }, asset_ids: [] }] });

    const viewerSocket = await TestSocket.open(viewer.c);
    const joined = await viewerSocket.subscribe(viewer.c, channel);
    expect(joined.type === 'subscribed' && joined.members?.map((m) => m.user_id)).toEqual([w.owner.id, viewer.id].sort((a, b) => a - b));
    await ownerA.next((f) => f.type === 'presence' && f.user_id === viewer.id && f.member !== null, 'the viewer joining');

    // The owner's second socket views the asset: still one member, now viewing it.
    const ownerB = await TestSocket.open(w.c);
    await ownerB.subscribe(w.c, channel);
    ownerB.send({ type: 'viewing', channel, asset_id: w.asset });
    const viewing = await viewerSocket.next(
      (f) => f.type === 'presence' && f.user_id === w.owner.id && (f.member?.asset_ids ?? []).includes(w.asset),
      'the owner viewing the asset',
    );
    expect(viewing).toMatchObject({ member: { user_id: w.owner.id, asset_ids: [w.asset] } });
    // An asset of another project is not taken as viewed.
    const other = await kit.setup();
    const elsewhere = await kit.link(other.c, other.project.id, 'Elsewhere');
    ownerA.send({ type: 'viewing', channel, asset_id: elsewhere });
    ownerA.send({ type: 'viewing', channel: projectChannel(other.project.id), asset_id: elsewhere });
    await ownerA.next((f) => f.type === 'error', 'the refusal of viewing on a channel not subscribed');
    const rows = await env().started.database.db.select().from(realtimePresence);
    expect(rows.filter((r) => r.assetId === elsewhere)).toEqual([]);

    // Closing one of the owner's sockets keeps the owner; closing the last removes them.
    const marker = viewerSocket.frames.length;
    ownerB.close();
    await viewerSocket.next(
      (f) => viewerSocket.frames.indexOf(f) >= marker && f.type === 'presence' && f.user_id === w.owner.id,
      'the owner after closing one socket',
    );
    expect(viewerSocket.frames.slice(marker).filter((f) => f.type === 'presence')).toEqual([
      { type: 'presence', channel, user_id: w.owner.id, member: { user_id: w.owner.id, user_info: expect.any(Object), asset_ids: [] } },
    ]);
    ownerA.close();
    await viewerSocket.next((f) => f.type === 'presence' && f.user_id === w.owner.id && f.member === null, 'the owner leaving');
    viewerSocket.close();
  });

  it('closes a socket that floods frames', async () => {
    const { c } = await kit.setup();
    const socket = await TestSocket.open(c);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
    for (let i = 0; i <= FRAMES_PER_WINDOW; i++) socket.send({ type: 'unsubscribe', channel: 'private-user-1' });
    expect(await closed).toBe(1008);
    expect(socket.frames.filter((f) => f.type === 'unsubscribed').length).toBeLessThanOrEqual(FRAMES_PER_WINDOW);
  });

  it('expires the presence of a process that stopped renewing it', async () => {
    const w = await world();
    const viewer = await w.person('VIEW');
    const channel = projectChannel(w.project.id);
    const socket = await TestSocket.open(w.c);
    await socket.subscribe(w.c, channel);
    // A socket of a process that died: its row was last renewed long ago.
    const db = env().started.database.db;
    await db.insert(realtimePresence).values({
      socketId: 'gone',
      projectId: w.project.id,
      processId: 'dead',
      userId: viewer.id,
      lastSeen: new Date(Date.now() - 3_600_000),
    });
    await env().started.app.realtime.heartbeat();
    await socket.next((f) => f.type === 'presence' && f.user_id === viewer.id && f.member === null, 'the dead process member leaving');
    const rows = await db.select().from(realtimePresence);
    expect(rows.map((r) => r.socketId)).toContain(socket.socketId);
    expect(rows.map((r) => r.socketId)).not.toContain('gone');
    socket.close();
  });
});
