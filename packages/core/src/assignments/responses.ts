/** A user as assignments show them. */
export interface AssignmentUser {
  id: number;
  name: string | null;
}

/** One item of an asset's checklist, in order. */
export interface ChecklistItemResponse {
  id: number;
  content: string;
  done: boolean;
  done_at: string | null;
  assigned_user: AssignmentUser | null;
}

/** An asset's assignee, due date and checklist. */
export interface AssignmentResponse {
  asset_id: number;
  assignee: AssignmentUser | null;
  due_at: string | null;
  checklist: ChecklistItemResponse[];
}

export interface ChecklistPresetItemResponse {
  content: string;
  assigned_user: AssignmentUser | null;
}

/** A named list of checklist items of a project (data-api.md §3: each item has content and an assignedUser). */
export interface ChecklistPresetResponse {
  id: number;
  project_id: number;
  name: string;
  items: ChecklistPresetItemResponse[];
}

/** The answer of applying a preset: how many items each asset got. */
export interface ChecklistPresetApplyResponse {
  preset_id: number;
  asset_ids: number[];
  added: number;
}
