/** A workflow status as the API answers it (data-api.md §3): `trigger` is true for the APPROVED status. */
export interface WorkflowStatusResponse {
  id: number;
  name: string;
  color: string;
  trigger: boolean;
}

/** A status with its project and position, for the permission-token list (which may span workspaces). */
export interface WorkflowStatusOfProject extends WorkflowStatusResponse {
  project_id: number;
}

/** The answer of moving assets to a status. */
export interface WorkflowMoveResponse {
  status_id: number;
  /** Assets whose status changed (those already in it count as unchanged). */
  moved: number;
  asset_ids: number[];
}

/** The answer of deleting a status. */
export interface WorkflowStatusDeleteResponse {
  id: number;
  /** Assets that went to `move_to`. */
  moved: number;
}

/** A card of the board: what a person needs to pick up the asset's work (decision 0048). */
export interface BoardCard {
  id: number;
  title: string;
  status_id: number | null;
  preview_url: string | null;
  assignee: { id: number; name: string | null } | null;
  due_at: string | null;
  /** Due before now. */
  overdue: boolean;
  comment_count: number;
  open_comment_count: number;
  checklist_done: number;
  checklist_total: number;
}

/** One column: a status (null: assets without one) and a page of its cards. */
export interface BoardColumn {
  status: WorkflowStatusResponse | null;
  /** Cards in the column that match the filters. */
  total: number;
  cards: BoardCard[];
}

export interface BoardResponse {
  project_id: number;
  columns: BoardColumn[];
}

/** One entry of a project's activity, newest first. */
export interface ActivityEntry {
  id: number;
  /** The event type, e.g. `asset:workflow-status`, `comment:create`, `asset:checklist`. */
  type: string;
  kind: string;
  created_at: string;
  actor: { id: number; name: string | null } | null;
  asset: { id: number; title: string } | null;
  /** What the event recorded (status names, checklist action, comment id...). */
  data: Record<string, unknown>;
}

export interface ActivityResponse {
  items: ActivityEntry[];
  next_cursor: string | null;
}
