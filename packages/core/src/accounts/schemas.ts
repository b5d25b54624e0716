import { z } from 'zod';
import { emailSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';
import { ACCOUNT_ROLES, FEATURE_FLAGS } from './enums.js';

/** Request schemas of the account: members and their roles, feature flags, access requests. */

export const accountRoleSchema = z.enum(ACCOUNT_ROLES, { error: `Must be one of ${ACCOUNT_ROLES.join(', ')}` });
export const inviteUserBodySchema = z.object({ email: emailSchema, role: accountRoleSchema.default('MEMBER') }).strict();
export const changeRoleBodySchema = z.object({ role: accountRoleSchema }).strict();

export const featureFlagSchema = z.enum(FEATURE_FLAGS, { error: 'Unknown feature flag' });
export const setAccountFlagInputSchema = z.object({ flag: featureFlagSchema, enabled: z.boolean() }).strict();

export const accountIdParamsSchema = z.object({ accountId: refId('account') }).strict();

export const createAccessRequestBodySchema = z
  .object({ message: z.string({ error: 'Must be a string' }).trim().max(1000, 'Is too long').default('') })
  .strict();
export const decideAccessRequestBodySchema = z.object({ status: z.enum(['APPROVED', 'DECLINED']) }).strict();
