import type { ApprovalMode, ApprovalResult, ApprovalVote } from './schemas.js';

/** A user as approval requests name them. */
export interface ApprovalUser {
  id: number;
  name: string | null;
}

/** One reviewer of a request: a user, or a group whose vote any member casts. */
export interface ApprovalReviewerResponse {
  id: number;
  user: ApprovalUser | null;
  group: { id: number; name: string } | null;
  vote: ApprovalVote | null;
  comment: string | null;
  /** Who cast the vote (a member, for a group). */
  voted_by: ApprovalUser | null;
  voted_at: string | null;
  /** False for a reviewer who lost access to the project (or a group without a member who has it): not counted. */
  counts: boolean;
}

/** An approval request as the API answers it (decision 0049). */
export interface ApprovalRequestResponse {
  id: number;
  project_id: number;
  asset_ids: number[];
  mode: ApprovalMode;
  status: ApprovalResult;
  message: string;
  due_at: string | null;
  created_at: string;
  requester: ApprovalUser | null;
  resolved_at: string | null;
  reviewers: ApprovalReviewerResponse[];
  /** What the caller may do: vote (they review, directly or through a group) and cancel or change reviewers (requester). */
  permissions: { vote: boolean; manage: boolean };
}

/** One entry of an asset's audit trail: an event about the asset, with its actor. */
export interface AuditTrailEntry {
  id: number;
  type: string;
  created_at: string;
  actor: ApprovalUser | null;
  data: Record<string, unknown>;
}

export interface AuditTrailPage {
  entries: AuditTrailEntry[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: string | null;
}
