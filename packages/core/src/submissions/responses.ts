/** What the submission-request endpoints answer (docs/api.md "Submission requests"). */

/** A token of a request as its managers see it; `token` and `url` only in the answer that issued it. */
export interface SubmissionTokenResponse {
  id: number;
  token: string | null;
  url: string | null;
  expires_at: string;
  revoked_at: string | null;
  /** Neither expired nor revoked. */
  is_active: boolean;
  created_at: string;
}

/** A request (data-api.md §3: id, tokens (token, expiresAt)) with what editors manage. */
export interface SubmissionRequestResponse {
  id: number;
  project_id: number;
  set_id: number | null;
  folder_name: string | null;
  title: string;
  instructions: string;
  deadline_at: string | null;
  grace_hours: number;
  /** Files that arrived and wait for an editor. */
  submitted_count: number;
  tokens: SubmissionTokenResponse[];
  created_at: string;
  creator: { id: number; name: string } | null;
}

/** GET /api/submission/{token} (public): what the upload page shows. */
export interface SubmissionPage {
  title: string;
  instructions: string;
  deadline_at: string | null;
  /** Uploads are refused after this (the deadline plus the grace period); null without a deadline. */
  closes_at: string | null;
  /** Past the deadline, within the grace period: uploads are marked late. */
  is_late: boolean;
  library_name: string;
  /** Extensions the library takes (lower case, without dots); empty: any not blocked. */
  accepted_extensions: string[];
  blocked_extensions: string[];
  max_file_bytes: number;
}

/** POST /api/submission/{token}/upload: the file that arrived. */
export interface SubmissionUploadResult {
  filename: string;
  size: number;
  late: boolean;
}
