import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, users } from '../../db/schema.js';

/* The SQL of comments on assets (decision 0046). */

export type CommentRow = typeof comments.$inferSelect;

export async function findComment(db: Db, id: number): Promise<CommentRow | null> {
  const [row] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return row ?? null;
}

/** Every comment and reply of an asset, oldest first. */
export function commentsOfAsset(db: Db, assetId: number): Promise<CommentRow[]> {
  return db.select().from(comments).where(eq(comments.assetId, assetId)).orderBy(asc(comments.createdAt), asc(comments.id));
}

/** A comment and its replies. */
export function commentThread(db: Db, id: number): Promise<CommentRow[]> {
  return db
    .select()
    .from(comments)
    .where(or(eq(comments.id, id), eq(comments.parentId, id)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function insertComment(db: Db, values: typeof comments.$inferInsert): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  return row!;
}

export async function updateComment(
  db: Db,
  id: number,
  values: Partial<Pick<CommentRow, 'content' | 'editedAt' | 'isResolved' | 'resolvedBy' | 'resolvedAt'>>,
): Promise<void> {
  await db.update(comments).set(values).where(eq(comments.id, id));
}

/** Deletes a comment; its replies go with it (parent_id cascades). Answers how many rows went. */
export async function deleteComment(db: Db, id: number): Promise<number> {
  const rows = await db
    .delete(comments)
    .where(or(eq(comments.id, id), eq(comments.parentId, id)))
    .returning({ id: comments.id });
  return rows.length;
}

/** Names of users, for the creators and mentions of comments. */
export function userNames(db: Db, ids: number[]): Promise<{ id: number; name: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
}
