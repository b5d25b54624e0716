import type { AccountRole } from './enums.js';

/** Admin = owner or super user. */
export function isAdminRole(role: AccountRole | null | undefined): boolean {
  return role === 'OWNER' || role === 'SUPER_USER';
}

const DAY_MS = 86_400_000;

/** Whole days left in a trial; negative once it is over, null without a trial end. */
export function trialDaysRemaining(trialEnd: Date | string | null, now: Date = new Date()): number | null {
  if (!trialEnd) return null;
  const end = typeof trialEnd === 'string' ? new Date(trialEnd) : trialEnd;
  return Math.ceil((end.getTime() - now.getTime()) / DAY_MS) - (end.getTime() < now.getTime() ? 1 : 0);
}

export const TRIAL_EXTENSION_DAYS = 14;

export interface TrialState {
  plan: string;
  trialEnd: Date | string | null;
  trialExtendedAt: Date | string | null;
}

export type TrialExtensionRefusal = 'free-plan' | 'trial-running' | 'not-allowed' | 'already-extended' | null;

/**
 * Trial rule: an account counts as expired when the
 * plan is not FREE and the trial is over. An admin may extend an expired trial once.
 */
export function trialExtensionRefusal(state: TrialState, isAdmin: boolean, now: Date = new Date()): TrialExtensionRefusal {
  if (state.plan === 'FREE') return 'free-plan';
  const days = trialDaysRemaining(state.trialEnd, now);
  if (days === null || days >= 0) return 'trial-running';
  if (!isAdmin) return 'not-allowed';
  if (state.trialExtendedAt) return 'already-extended';
  return null;
}
