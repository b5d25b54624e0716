import { z } from 'zod';
import { emailSchema, languageSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';
import { ACCOUNT_ROLES, FEATURE_FLAGS } from './enums.js';

/** Request schemas of the account: members and their roles, feature flags, access requests. */

export const accountRoleSchema = z.enum(ACCOUNT_ROLES, { error: `Must be one of ${ACCOUNT_ROLES.join(', ')}` });
/**
 * POST /api/account/users/invite. `group_ids`: user groups (USER_GROUPS) the invitee belongs to from the start; their
 * grants apply once the invitation is accepted. `language`: the interface and e-mail language of someone new (their
 * invitation is written in it), the inviter's own by default.
 */
export const inviteUserBodySchema = z
  .object({
    email: emailSchema,
    role: accountRoleSchema.default('MEMBER'),
    group_ids: z
      .array(refId('group'), { error: 'Must be a list of group ids' })
      .max(100, 'At most 100 groups')
      .refine((ids) => new Set(ids).size === ids.length, 'Names a group twice')
      .default([]),
    language: languageSchema.optional(),
  })
  .strict();
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;
export const changeRoleBodySchema = z.object({ role: accountRoleSchema }).strict();

export const featureFlagSchema = z.enum(FEATURE_FLAGS, { error: 'Unknown feature flag' });
export const setAccountFlagInputSchema = z.object({ flag: featureFlagSchema, enabled: z.boolean() }).strict();

export const accountIdParamsSchema = z.object({ accountId: refId('account') }).strict();

export const createAccessRequestBodySchema = z
  .object({ message: z.string({ error: 'Must be a string' }).trim().max(1000, 'Is too long').default('') })
  .strict();
export const decideAccessRequestBodySchema = z.object({ status: z.enum(['APPROVED', 'DECLINED']) }).strict();
