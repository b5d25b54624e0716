import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { accounts, assets, guidelineDocuments, projectGroups, projects, projectUsers, userGroupMembers, users } from '../../db/schema.js';

export type ProjectRow = typeof projects.$inferSelect;

const findProjectStatement = preparedPer((db) =>
  db
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .limit(1)
    .prepare('project_by_id'),
);

/** Every access check on a project starts here: a prepared statement. */
export async function findProject(db: Db, id: number): Promise<ProjectRow | null> {
  const [row] = await findProjectStatement(db).execute({ id });
  return row ?? null;
}

/**
 * A user's level on the project whose id is `projectIdSql`: the highest of their direct collaborator level and the
 * levels of the groups they belong to (null when they have neither).
 */
function effectiveLevel(projectIdSql: SQL, userId: number) {
  return sql<string | null>`(select g.level from (
      select pu.level from ${projectUsers} pu where pu.project_id = ${projectIdSql} and pu.user_id = ${userId}
      union all
      select pg.level from ${projectGroups} pg
        join ${userGroupMembers} ugm on ugm.group_id = pg.group_id
        where pg.project_id = ${projectIdSql} and ugm.user_id = ${userId}
    ) g
    order by case g.level when 'ADMIN' then 5 when 'EDIT' then 4 when 'TRANSLATE' then 3 when 'COMMENT' then 2 when 'VIEW' then 1 else 0 end desc
    limit 1)`;
}

/** The caller's level through collaboration (directly or through a group); null when they have none. */
export async function collaboratorLevel(db: Db, projectId: number, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ level: effectiveLevel(sql`"projects"."id"`, userId) })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return row?.level ?? null;
}

/** Correlated subqueries name the outer table explicitly: Drizzle renders a lone column unqualified. */
const assetCount = sql<number>`(select count(*)::int from ${assets} a where a.project_id = "projects"."id" and a.deleted_at is null)`;

/**
 * Projects of an account with the caller's collaborator level (direct or through a group; null when neither).
 * `onlyCollaborating` leaves out projects the user is not a collaborator of (non-admins).
 */
export async function listProjects(
  db: Db,
  opts: {
    accountId: number;
    userId: number;
    brandId?: number;
    types?: readonly string[];
    onlyCollaborating: boolean;
    /** false: no asset counts (0), which cost a count of each project's assets. */
    counts?: boolean;
  },
) {
  const level = effectiveLevel(sql`"projects"."id"`, opts.userId);
  return db
    .select({ project: projects, level, assetCount: opts.counts === false ? sql<number>`0` : assetCount })
    .from(projects)
    .where(
      and(
        eq(projects.accountId, opts.accountId),
        opts.brandId === undefined ? undefined : eq(projects.brandId, opts.brandId),
        opts.types ? inArray(projects.projectType, [...opts.types]) : undefined,
        opts.onlyCollaborating ? sql`${level} is not null` : undefined,
        // A guideline document in the trash is listed in its document's trash, not among the brand's projects.
        sql`not exists (select 1 from ${guidelineDocuments} where ${guidelineDocuments.projectId} = ${projects.id} and ${guidelineDocuments.deletedAt} is not null)`,
      ),
    )
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
}

export async function countAssets(db: Db, projectId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(assets)
    .where(and(eq(assets.projectId, projectId), isNull(assets.deletedAt)));
  return row?.n ?? 0;
}

export async function insertProject(db: Db, values: typeof projects.$inferInsert) {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error('project insert returned nothing');
  return row;
}

/** The columns a settings save may change. */
export type ProjectValues = Partial<typeof projects.$inferInsert>;

export async function updateProject(db: Db, id: number, values: ProjectValues) {
  const [row] = await db.update(projects).set(values).where(eq(projects.id, id)).returning();
  return row ?? null;
}

export async function deleteProject(db: Db, id: number) {
  await db.delete(projects).where(eq(projects.id, id));
}

export async function upsertCollaborator(db: Db, projectId: number, userId: number, level: string) {
  await db
    .insert(projectUsers)
    .values({ projectId, userId, level })
    .onConflictDoUpdate({ target: [projectUsers.projectId, projectUsers.userId], set: { level } });
}

export async function deleteCollaborator(db: Db, projectId: number, userId: number) {
  const rows = await db
    .delete(projectUsers)
    .where(and(eq(projectUsers.projectId, projectId), eq(projectUsers.userId, userId)))
    .returning({ userId: projectUsers.userId });
  return rows.length > 0;
}

export async function listCollaborators(db: Db, projectId: number) {
  return db
    .select({ userId: users.id, name: users.name, email: users.email, avatar: users.avatar, level: projectUsers.level })
    .from(projectUsers)
    .innerJoin(users, eq(users.id, projectUsers.userId))
    .where(eq(projectUsers.projectId, projectId))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.email}))`));
}

export async function accountBlockedExtensions(db: Db, accountId: number): Promise<string[]> {
  const [row] = await db.select({ blocked: accounts.blockedExtensions }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row?.blocked ?? [];
}

/** The project row, locked until the transaction ends (list edits of its settings read, change and write it). */
export async function lockProject(db: Db, id: number): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1).for('update');
  return row ?? null;
}
