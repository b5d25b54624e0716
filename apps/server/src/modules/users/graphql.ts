import { encodeBase64Id } from '@emblem/core';
import { actorOf, builder } from '../../graphql/builder.js';
import * as op from './operations.js';

type UserShape = Awaited<ReturnType<typeof op.currentUser>>;

/** Adds the users domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function userGraphql(): void {
  const Organization = builder.objectRef<UserShape['organization']>('Organization').implement({
    fields: (t) => ({ id: t.id({ resolve: (o) => encodeBase64Id('Account', o.id) }), name: t.exposeString('name') }),
  });

  const UserType = builder.objectRef<UserShape>('User').implement({
    fields: (t) => ({
      id: t.id({ resolve: (u) => encodeBase64Id('User', u.id) }),
      name: t.string({ nullable: true, resolve: (u) => u.name }),
      email: t.exposeString('email'),
      emailVerifiedAt: t.string({ nullable: true, resolve: (u) => u.email_verified_at }),
      avatar: t.string({ nullable: true, resolve: (u) => u.avatar }),
      gravatarHash: t.exposeString('gravatar_hash'),
      language: t.exposeString('language'),
      createdAt: t.exposeString('created_at'),
      role: t.exposeString('role'),
      organization: t.field({ type: Organization, resolve: (u) => u.organization }),
    }),
  });

  builder.queryFields((t) => ({
    currentUser: t.field({ type: UserType, resolve: (_r, _a, ctx) => op.currentUser(ctx.db, actorOf(ctx)) }),
  }));
}
