import { z } from 'zod';
import { passwordSchema } from '../auth/schemas.js';
import { emailSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';
import { LANGUAGES } from '../shared/languages.js';
import { imageSaveShape, toolkitSaveShape } from '../toolkit/saves.js';

/** The profile: one's own name, language, avatar, password and e-mail address. */

export const USER_NAME_MAX_LENGTH = 120;
export const userNameSchema = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(USER_NAME_MAX_LENGTH, 'Is too long');

export const languageChoiceSchema = z.enum(LANGUAGES, { error: `Must be one of ${LANGUAGES.join(', ')}` });

/** PUT /api/user/profile: each setting of the profile saves its own field (plus the toolkit's `i18n`). */
export const updateProfileBodySchema = z
  .object({
    name: userNameSchema.optional(),
    language: languageChoiceSchema.optional(),
    ...imageSaveShape('avatar'),
    ...toolkitSaveShape,
  })
  .strict()
  .refine((v) => v.name !== undefined || v.language !== undefined || v.avatar !== undefined, { message: 'Nothing to update' });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** PUT /api/user/password: the password setting's fields. */
export const changePasswordBodySchema = z
  .object({
    password: z.string({ error: 'Must be a string' }).min(1, 'Is required').max(256, 'Is too long'),
    password_new: passwordSchema,
    ...toolkitSaveShape,
  })
  .strict()
  .refine((v) => v.password !== v.password_new, { message: 'Must differ from the current password', path: ['password_new'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * POST /api/user/{id}/email-verification: the address to verify. Another address than the current one is a change
 * that takes effect once its link is opened; the current one (when unverified) gets a new link.
 */
export const emailVerificationRequestBodySchema = z.object({ email: emailSchema, ...toolkitSaveShape }).strict();
export type EmailVerificationRequestBody = z.infer<typeof emailVerificationRequestBodySchema>;

/** POST /api/user/email-verification: the token of the link. */
export const emailVerificationConfirmBodySchema = z
  .object({
    email_verification_token: z
      .string({ error: 'Must be a string' })
      .trim()
      .min(1, 'Is required')
      .max(200, 'This verification link is not valid')
      .regex(/^[A-Za-z0-9_-]+$/, 'This verification link is not valid'),
  })
  .strict();

export const userIdParamsSchema = z.object({ userId: refId('user') }).strict();
