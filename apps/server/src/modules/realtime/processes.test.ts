import { projectChannel } from '@emblem/core';
import { expect, it } from 'vitest';
import { prepare } from '../../server.js';
import { Client, forEachBackend } from '../../test/harness.js';
import { TestSocket } from '../../test/realtime.js';
import { assetsKit } from '../assets/assets-test-kit.js';

/*
 * Two server processes on one PostgreSQL: a message made by one reaches the sockets of the other through NOTIFY,
 * and so does presence (PGlite is one process's embedded database, so this runs on PostgreSQL only).
 */
forEachBackend('realtime across two processes', (env) => {
  const kit = assetsKit(env);

  it("delivers a comment made through process A to a socket of process B, and B's presence to A", async (ctx) => {
    if (env().backend !== 'postgres') ctx.skip();
    // Process B: the same configuration (database, session secret), its own HTTP server, hub and listener.
    const b = await prepare(env().started.app.config, { seed: false });
    try {
      await b.app.listen({ port: 0, host: '127.0.0.1' });
      const address = b.app.server.address();
      const baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      expect(b.app.realtime.processId).not.toBe(env().started.app.realtime.processId);

      const { owner, project, c: onA } = await kit.setup();
      const asset = await kit.link(onA, project.id, 'Poster');
      const channel = projectChannel(project.id);
      const watcherOnA = await TestSocket.open(onA);
      await watcherOnA.subscribe(onA, channel);

      // The session made on A is good on B (one database); B signs and serves the subscription.
      const onB = new Client(baseB);
      await onB.login(owner.email, owner.password);
      const socketOnB = await TestSocket.open(onB);
      const subscribed = await socketOnB.subscribe(onB, channel);
      expect(subscribed.type === 'subscribed' && subscribed.members?.map((m) => m.user_id)).toEqual([owner.id]);
      socketOnB.send({ type: 'viewing', channel, asset_id: asset });
      await watcherOnA.next(
        (f) => f.type === 'presence' && f.user_id === owner.id && (f.member?.asset_ids ?? []).includes(asset),
        "B's socket viewing the asset, seen on A",
      );

      const made = await onA.post(`/asset/${asset}/comments`, { content: 'Made on A' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      await socketOnB.event(channel, 'comment', { asset_id: asset, comment_id: made.body.data.id });

      // B stops: its sockets close and its presence goes, as A's subscribers see.
      watcherOnA.close();
      const lastOnA = await TestSocket.open(onA);
      await lastOnA.subscribe(onA, channel);
      await b.stop();
      await lastOnA.next(
        (f) => f.type === 'presence' && f.user_id === owner.id && f.member !== null && f.member.asset_ids.length === 0,
        "the owner's presence without B's socket",
      );
      lastOnA.close();
    } finally {
      await b.stop().catch(() => {});
    }
  });
});
