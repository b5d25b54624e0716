import type { AccountRole } from '../accounts/enums.js';

/** What the user endpoints answer (docs/api.md "Users, navigation" and "Profile"). */

/** GET /api/user/info (also the answer of PUT /api/user/profile). */
export interface UserInfo {
  id: number;
  name: string | null;
  email: string;
  email_verified_at: string | null;
  /** The address of an open change request; it replaces `email` once its link is opened. */
  pending_email: string | null;
  language: string;
  avatar: string | null;
  gravatar_hash: string;
  created_at: string;
  role: AccountRole;
  organization: { id: number; name: string };
  permissions: { analyticsDashboard: { canView: boolean } };
}

/** POST /api/user/email-verification. */
export interface VerifiedEmail {
  user_id: number;
  email: string;
  email_verified_at: string | null;
}
