import { z } from 'zod';
import { emailSchema, nameSchema } from '../shared/fields.js';

/** Request schemas of signing in, invitations and personal API tokens. */

export const PASSWORD_MIN_LENGTH = 10;
export const passwordSchema = z
  .string({ error: 'Must be a string' })
  .min(PASSWORD_MIN_LENGTH, `Must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Is too long');

export const loginBodySchema = z
  .object({
    email: emailSchema,
    password: z.string({ error: 'Must be a string' }).min(1, 'Is required').max(256, 'Is too long'),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A one-time token from a mailed link (invitation, password reset): 256 bits, base64url. */
const linkTokenSchema = z.string({ error: 'Must be a string' }).min(20, 'Is invalid').max(200, 'Is invalid');

export const acceptInvitationBodySchema = z
  .object({
    token: linkTokenSchema,
    name: nameSchema,
    password: passwordSchema,
  })
  .strict();

/** POST /api/auth/password-reset: "forgot password". */
export const passwordResetRequestBodySchema = z.object({ email: emailSchema }).strict();
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** POST /api/auth/password-reset/confirm: the token of the mailed link and the new password (rules as at sign-up). */
export const passwordResetConfirmBodySchema = z.object({ token: linkTokenSchema, password: passwordSchema }).strict();
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const createTokenBodySchema = z.object({ name: nameSchema }).strict();
