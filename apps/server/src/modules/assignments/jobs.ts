import { z } from 'zod';
import { defineJob } from '../../jobs/define.js';
import { remindDueAssets } from './operations.js';

/** How often due dates are looked at. */
export const DUE_REMINDER_EVERY_MS = 5 * 60_000;

/** Every five minutes: tells assignees of assets due within a day (once per due date). */
export const dueReminderJob = defineJob(
  'assignments.due-reminders',
  z.object({}),
  async (deps) => {
    const reminded = await remindDueAssets(deps.db);
    if (reminded) deps.log.info({ reminders: reminded }, 'sent due-date reminders');
  },
  { every: DUE_REMINDER_EVERY_MS, maxAttempts: 3 },
);
