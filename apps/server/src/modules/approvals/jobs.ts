import { z } from 'zod';
import { defineJob } from '../../jobs/define.js';
import { settleOpenRequests } from './operations.js';

/** How often open approval requests are settled again (due dates, reviewers who lost access). */
export const APPROVAL_SETTLE_EVERY_MS = 60_000;

/** Every minute: resolves open approval requests past their due date, and decides those a lost reviewer settles. */
export const approvalSettleJob = defineJob(
  'approvals.settle',
  z.object({}),
  async (deps) => {
    const decided = await settleOpenRequests(deps.db);
    if (decided) deps.log.info({ requests: decided }, 'settled approval requests');
  },
  { every: APPROVAL_SETTLE_EVERY_MS, maxAttempts: 3 },
);
