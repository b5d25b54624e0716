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

export const acceptInvitationBodySchema = z
  .object({
    token: z.string({ error: 'Must be a string' }).min(20, 'Is invalid').max(200, 'Is invalid'),
    name: nameSchema,
    password: passwordSchema,
  })
  .strict();

export const createTokenBodySchema = z.object({ name: nameSchema }).strict();
