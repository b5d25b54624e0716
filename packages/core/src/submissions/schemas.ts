import { z } from 'zod';
import { folderRefSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of asset submission requests (decision 0032). */

/** The longest grace period after a deadline: four weeks. */
export const SUBMISSION_GRACE_MAX_HOURS = 24 * 28;
/** How long a token may live: one year at most. */
export const SUBMISSION_TOKEN_MAX_DAYS = 365;
export const SUBMISSION_TITLE_MAX = 200;
export const SUBMISSION_INSTRUCTIONS_MAX = 5000;

const title = z
  .string({ error: 'Is required' })
  .trim()
  .min(1, 'Is required')
  .max(SUBMISSION_TITLE_MAX, `At most ${SUBMISSION_TITLE_MAX} characters`);
const instructions = z
  .string({ error: 'Must be a string' })
  .max(SUBMISSION_INSTRUCTIONS_MAX, `At most ${SUBMISSION_INSTRUCTIONS_MAX} characters`);
const dateTime = z
  .string({ error: 'Must be a date and time' })
  .datetime({ offset: true, error: 'Must be a date and time such as 2027-01-31T17:00:00Z' });
const graceHours = z
  .number({ error: 'Must be a number of hours' })
  .int('Must be a whole number of hours')
  .min(0, 'Must be 0 or more')
  .max(SUBMISSION_GRACE_MAX_HOURS, `At most ${SUBMISSION_GRACE_MAX_HOURS} hours`);

export const createSubmissionRequestBodySchema = z
  .object({
    title,
    instructions: instructions.optional().default(''),
    /** The folder the files arrive in; null or absent: the library's top level. */
    set_id: folderRefSchema.optional().default(null),
    /** After it uploads are late (within the grace period) and then refused. */
    deadline_at: dateTime.nullable().optional().default(null),
    grace_hours: graceHours.optional().default(0),
  })
  .strict();

export const updateSubmissionRequestBodySchema = z
  .object({
    title: title.optional(),
    instructions: instructions.optional(),
    set_id: folderRefSchema.optional(),
    deadline_at: dateTime.nullable().optional(),
    grace_hours: graceHours.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

/** A new upload address; it stops working at `expires_at` (in the future, within a year). */
export const issueSubmissionTokenBodySchema = z
  .object({
    expires_at: dateTime
      .refine((v) => Date.parse(v) > Date.now(), 'Must be in the future')
      .refine(
        (v) => Date.parse(v) <= Date.now() + SUBMISSION_TOKEN_MAX_DAYS * 86_400_000,
        `At most ${SUBMISSION_TOKEN_MAX_DAYS} days ahead`,
      ),
  })
  .strict();

/** The public address token of a submission request (192 random bits, base64url). */
export const submissionTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Is not an upload link') }).strict();

/** Who sends files through the public page: both required. */
export const submitterSchema = z
  .object({
    name: z.string({ error: 'Is required' }).trim().min(1, 'Is required').max(200, 'At most 200 characters'),
    email: z.string({ error: 'Is required' }).trim().min(1, 'Is required').max(254, 'Is too long').email('Must be an e-mail address'),
  })
  .strict();

/** Accepting submitted assets (EDIT on each). */
export const acceptSubmissionsBodySchema = z
  .object({
    asset_ids: z.array(refId('asset'), { error: 'Must be a list of asset ids' }).min(1, 'Is required').max(500, 'At most 500 assets'),
  })
  .strict();

export type CreateSubmissionRequestBody = z.infer<typeof createSubmissionRequestBodySchema>;
export type UpdateSubmissionRequestBody = z.infer<typeof updateSubmissionRequestBodySchema>;
export type IssueSubmissionTokenBody = z.infer<typeof issueSubmissionTokenBodySchema>;
export type Submitter = z.infer<typeof submitterSchema>;
