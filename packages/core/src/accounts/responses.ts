import type { AccountRole, FeatureFlag, Plan } from './enums.js';

/**
 * What the account endpoints answer (inside the `{success, data}` envelope; docs/api.md "Accounts"). Declared once:
 * the server's presenters return these types and the web app reads them.
 */

/** GET /api/account. */
export interface AccountResponse {
  id: number;
  name: string;
  plan: Plan;
  trial_plan: Plan;
  trial_end: string | null;
  /** Whole days left; negative once the trial is over; null without a trial end. */
  trial_days_remaining: number | null;
  company_size: string | null;
  /** Refused on upload anywhere in the account (normalised: lower-case, no dot). */
  blocked_extensions: string[];
  personal_project_access: boolean;
  feature_flags: FeatureFlag[];
  currentUserPermissions: { isOwner: boolean; isSuperUser: boolean };
}

/** A member of the account (GET /api/account/users, the invite and role-change answers). */
export interface AccountUser {
  id: number;
  /** null until an invited person accepts and chooses a name. */
  name: string | null;
  email: string;
  role: AccountRole;
  status: 'active' | 'invited';
  gravatar_hash: string | null;
  avatar: string | null;
  created_at: string;
  /** The open invitation of an invited person (null once they joined). */
  invitation: PendingInvitation | null;
}

/** An invitation not yet accepted: when its link was sent and until when it works. */
export interface PendingInvitation {
  sent_at: string;
  expires_at: string;
  /** The link no longer works: resend it (a new link and a new expiry) or revoke it. */
  expired: boolean;
}

/**
 * POST /api/account/users/invite and POST /api/account/users/{id}/invitation (resend). The link is mailed to the
 * invitee; the admin may also pass it on. Someone who already has an Emblem password is added at once and told by
 * e-mail: no link (`invitation_url` and `expires_at` null), since a link would let its holder choose their password.
 */
export interface InvitedUser {
  user: AccountUser;
  invitation_url: string | null;
  expires_at: string | null;
  /** The mailer took the e-mail; false when sending failed (the invitation stands: resend it or pass the link on). */
  email_sent: boolean;
}

/** GET /api/account/usage. */
export interface AccountUsage {
  users: { total: number; active: number; invited: number; owners: number; super_users: number; members: number };
  access_requests: { pending: number; total: number };
}

/** GET /api/account/usage/storage. */
export interface StorageUsage {
  used_bytes: number;
  /** 0: unlimited. */
  limit_bytes: number;
  used_kb: number;
  max_kb: number;
}

export type AccessRequestStatus = 'PENDING' | 'APPROVED' | 'DECLINED';

/** An access request (GET, POST and PATCH /api/access-requests). */
export interface AccessRequestResponse {
  id: number;
  user: { id: number; name: string | null; email: string };
  message: string;
  status: AccessRequestStatus;
  created_at: string;
  decided_at: string | null;
}
