import type { CommentMarking } from './schemas.js';

/** A user as a comment names them. */
export interface CommentUser {
  id: number;
  name: string | null;
}

/** A comment or a reply (data-api.md §3 Comment); a reply has a parent, no marking and no replies of its own. */
export interface CommentResponse {
  id: number;
  asset_id: number;
  parent_id: number | null;
  /** The revision (file version) the comment was made on; null for assets without a file. */
  revision_id: number | null;
  /** Sanitised HTML. */
  content: string;
  created_at: string;
  edited_at: string | null;
  is_resolved: boolean;
  resolved_at: string | null;
  resolved_by: CommentUser | null;
  /** Null when the author's user was deleted. */
  creator: CommentUser | null;
  marking: CommentMarking | null;
  mentioned_users: CommentUser[];
  replies: CommentResponse[];
}
