import { z } from 'zod';
import { ACCOUNT_ROLES, FEATURE_FLAGS, LANGUAGES } from './enums.js';

/**
 * Request schemas shared by server (validation at the edge) and web (forms).
 * Every body, query and path parameter of the API goes through one of these.
 */

/** A REST id: a positive integer, given as a number or a numeric string (path and query values are strings). */
export const idSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Is too large');

export const idParamsSchema = z.object({ id: idSchema }).strict();
export const userIdParamsSchema = z.object({ userId: idSchema }).strict();

const email = z
  .string({ error: 'Must be a string' })
  .trim()
  .min(1, 'Is required')
  .max(254, 'Is too long')
  .email('Must be a valid e-mail address')
  .transform((v) => v.toLowerCase());

export const PASSWORD_MIN_LENGTH = 10;
export const passwordSchema = z
  .string({ error: 'Must be a string' })
  .min(PASSWORD_MIN_LENGTH, `Must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Is too long');

export const loginBodySchema = z
  .object({
    email,
    password: z.string({ error: 'Must be a string' }).min(1, 'Is required').max(256, 'Is too long'),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

const name = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(120, 'Is too long');

export const createTokenBodySchema = z.object({ name }).strict();

export const brandNameSchema = name;
export const createBrandBodySchema = z.object({ name: brandNameSchema }).strict();
export const updateBrandBodySchema = z
  .object({
    name: brandNameSchema.optional(),
    slug: z
      .string({ error: 'Must be a string' })
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens')
      .max(60, 'Is too long')
      .optional(),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.slug !== undefined, { message: 'Nothing to update' });

export const brandListQuerySchema = z.object({ account_id: idSchema.optional() }).strict();

export const accountRoleSchema = z.enum(ACCOUNT_ROLES, { error: `Must be one of ${ACCOUNT_ROLES.join(', ')}` });
export const inviteUserBodySchema = z.object({ email, role: accountRoleSchema.default('MEMBER') }).strict();
export const changeRoleBodySchema = z.object({ role: accountRoleSchema }).strict();

export const acceptInvitationBodySchema = z
  .object({
    token: z.string({ error: 'Must be a string' }).min(20, 'Is invalid').max(200, 'Is invalid'),
    name,
    password: passwordSchema,
  })
  .strict();

export const featureFlagSchema = z.enum(FEATURE_FLAGS, { error: 'Unknown feature flag' });
export const setAccountFlagInputSchema = z.object({ flag: featureFlagSchema, enabled: z.boolean() }).strict();

export const errorPageCodeParamsSchema = z.object({ code: z.enum(['403', '404'], { error: 'Must be 403 or 404' }) }).strict();

export const languageSchema = z.enum(LANGUAGES);

export const createAccessRequestBodySchema = z
  .object({ message: z.string({ error: 'Must be a string' }).trim().max(1000, 'Is too long').default('') })
  .strict();
export const decideAccessRequestBodySchema = z.object({ status: z.enum(['APPROVED', 'DECLINED']) }).strict();
