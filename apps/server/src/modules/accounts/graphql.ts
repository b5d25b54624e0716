import { encodeBase64Id, setAccountFlagInputSchema } from '@emblem/core';
import { actorOf, builder } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

type AccountShape = ReturnType<typeof op.presentAccount>;

/** Adds the accounts domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function accountGraphql(): void {
  const Permissions = builder.objectRef<AccountShape['currentUserPermissions']>('AccountPermissions').implement({
    fields: (t) => ({ isOwner: t.exposeBoolean('isOwner'), isSuperUser: t.exposeBoolean('isSuperUser') }),
  });

  const AccountType = builder.objectRef<AccountShape>('Account').implement({
    fields: (t) => ({
      id: t.id({ resolve: (a) => encodeBase64Id('Account', a.id) }),
      organization: t.exposeString('name'),
      plan: t.exposeString('plan'),
      trialPlan: t.exposeString('trial_plan'),
      trialEnd: t.string({ nullable: true, resolve: (a) => a.trial_end }),
      companySize: t.string({ nullable: true, resolve: (a) => a.company_size }),
      blockedExtensions: t.stringList({ resolve: (a) => a.blocked_extensions }),
      personalProjectAccess: t.exposeBoolean('personal_project_access'),
      isEnterpriseEnabled: t.boolean({ resolve: (a) => a.plan === 'ENTERPRISE' }),
      flags: t.stringList({ resolve: (a) => a.feature_flags }),
      currentUserPermissions: t.field({ type: Permissions, resolve: (a) => a.currentUserPermissions }),
    }),
  });

  builder.queryFields((t) => ({
    account: t.field({ type: AccountType, resolve: (_r, _a, ctx) => op.getAccount(ctx.db, actorOf(ctx)) }),
    accountFlags: t.stringList({ resolve: (_r, _a, ctx) => op.accountFlags(ctx.db, actorOf(ctx)) }),
  }));

  const SetAccountFlagInput = builder.inputType('SetAccountFlagInput', {
    fields: (t) => ({ flag: t.string({ required: true }), enabled: t.boolean({ required: true }) }),
  });

  const SetAccountFlagPayload = builder.objectRef<{ flags: string[]; account: AccountShape }>('SetAccountFlagPayload').implement({
    fields: (t) => ({
      flags: t.stringList({ resolve: (p) => p.flags }),
      account: t.field({ type: AccountType, resolve: (p) => p.account }),
    }),
  });

  builder.mutationFields((t) => ({
    setAccountFlag: t.field({
      type: SetAccountFlagPayload,
      args: { input: t.arg({ type: SetAccountFlagInput, required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const input = parse(setAccountFlagInputSchema, args.input);
        const flags = await op.setAccountFlag(ctx.db, actor, input);
        return { flags, account: await op.getAccount(ctx.db, actor) };
      },
    }),
  }));
}
