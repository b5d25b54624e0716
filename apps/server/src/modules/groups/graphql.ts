import { encodeBase64Id } from '@emblem/core';
import { actorOf, builder } from '../../graphql/builder.js';
import * as op from './operations.js';

/** Adds the groups domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function groupGraphql(): void {
  const UserGroupType = builder.objectRef<op.Group>('UserGroup').implement({
    fields: (t) => ({
      id: t.id({ resolve: (g) => encodeBase64Id('UserGroup', g.id) }),
      name: t.exposeString('name'),
      accountName: t.exposeString('account_name'),
      memberCount: t.exposeInt('member_count'),
      userIds: t.idList({ resolve: (g) => g.user_ids.map((id) => encodeBase64Id('User', id)) }),
      createdAt: t.exposeString('created_at'),
    }),
  });

  builder.queryFields((t) => ({
    /** The user groups of the caller's account (needs the USER_GROUPS flag), like GET /api/groups/list. */
    userGroups: t.field({ type: [UserGroupType], resolve: (_r, _a, ctx) => op.listGroups(ctx.db, actorOf(ctx)) }),
  }));
}
