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
