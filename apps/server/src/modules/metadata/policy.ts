import { levelAtLeast, type MetadataPermissionLevel, type ProjectLevel } from '@emblem/core';

/**
 * Who may edit values of a custom metadata property (can_edit) and manage it (can_admin), decision 0040:
 * - account admins always may do both;
 * - a property without permission rows: library editors (EDIT or ADMIN on the asset's library) edit values, only
 *   account admins manage it;
 * - with rows, the highest level of the rows that match the caller: BASIC subject ADMIN (account admins), EDITOR
 *   (EDIT or more on the library), EVERYONE (anyone who sees the library), INTERNAL (every account member: Emblem has
 *   no guest accounts); CUSTOM rows name the user or one of their groups. ADMIN implies EDIT.
 * Setting a value also needs `asset.edit` on the asset (checked apart), so a VIEW member never sets values.
 */
export interface RightsContext {
  isAdmin: boolean;
  userId: number;
  groupIds: ReadonlySet<number>;
  /** The caller's level on the library in question (the best over the property's libraries for brand lists). */
  level: ProjectLevel | null;
}

export interface PermissionLike {
  kind: string;
  subjectGroup: string | null;
  userId: number | null;
  groupId: number | null;
  level: string;
}

export interface PropertyRights {
  canEdit: boolean;
  canAdmin: boolean;
}

function matches(row: PermissionLike, ctx: RightsContext): boolean {
  if (row.kind === 'CUSTOM')
    return (row.userId !== null && row.userId === ctx.userId) || (row.groupId !== null && ctx.groupIds.has(row.groupId));
  switch (row.subjectGroup) {
    case 'ADMIN':
      return ctx.isAdmin;
    case 'EDITOR':
      return levelAtLeast(ctx.level, 'EDIT');
    case 'EVERYONE':
      return ctx.level !== null;
    case 'INTERNAL':
      return true;
    default:
      return false;
  }
}

export function propertyRights(rows: readonly PermissionLike[], ctx: RightsContext): PropertyRights {
  if (ctx.isAdmin) return { canEdit: true, canAdmin: true };
  if (rows.length === 0) return { canEdit: levelAtLeast(ctx.level, 'EDIT'), canAdmin: false };
  let best: MetadataPermissionLevel | null = null;
  for (const row of rows) {
    if (!matches(row, ctx)) continue;
    if (row.level === 'ADMIN') return { canEdit: true, canAdmin: true };
    if (row.level === 'EDIT') best = 'EDIT';
  }
  return { canEdit: best !== null, canAdmin: false };
}

/** The better of two levels (null = none). */
export function bestLevel(a: ProjectLevel | null, b: ProjectLevel | null): ProjectLevel | null {
  if (!a) return b;
  if (!b) return a;
  return levelAtLeast(a, b) ? a : b;
}
