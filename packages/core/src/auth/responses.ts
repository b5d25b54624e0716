import type { AccountRole, FeatureFlag, Plan } from '../accounts/enums.js';

/** What sign-in and the session answer (docs/api.md "Sign-in and sessions"). */

/** The signed-in user in GET /api/auth/session. */
export interface SessionUser {
  id: number;
  /** null only for an invited person who has not chosen a name (they cannot sign in before). */
  name: string | null;
  email: string;
  language: string;
  avatar: string | null;
  gravatar_hash: string;
}

/** The signed-in user's account in GET /api/auth/session. */
export interface SessionAccount {
  id: number;
  name: string;
  role: AccountRole;
  is_admin: boolean;
  plan: Plan;
  trial_end: string | null;
  trial_days_remaining: number | null;
  /** This user may extend the account's trial now: not FREE, the trial is over, an admin, not extended before. */
  trial_extension_available: boolean;
  feature_flags: FeatureFlag[];
}

/** GET /api/auth/session: all three null when nobody is signed in. */
export interface SessionResponse {
  user: SessionUser | null;
  csrfToken: string | null;
  account: SessionAccount | null;
}

/** POST /api/auth/login and POST /api/auth/invitation/accept. */
export interface LoginResponse {
  user: { id: number; name: string | null; email: string };
  csrfToken: string;
}

/**
 * POST /api/auth/password-reset: the same (empty) answer whether or not the address belongs to someone, so the
 * call tells nobody which addresses have accounts.
 */
export type PasswordResetRequested = Record<string, never>;

/** POST /api/auth/password-reset/confirm: the address to sign in with (every session of the user has ended). */
export interface PasswordResetDone {
  email: string;
}
