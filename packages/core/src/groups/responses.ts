/** What the user-group endpoints answer (docs/api.md "User groups"). */

/** A user group (GET /api/groups/list, and the create, rename and members answers). */
export interface UserGroup {
  id: number;
  name: string;
  account_id: number;
  account_name: string;
  user_ids: number[];
  member_count: number;
  created_at: string;
  permissions: { canEdit: boolean; canDelete: boolean };
}
