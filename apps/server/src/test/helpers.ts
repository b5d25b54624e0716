import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { files } from '../db/schema.js';
import { sha256 } from '../lib/secrets.js';
import type { Client, Json } from './harness.js';

/** A refused request: the status, success false and, for each named field, at least one message in errors. */
export function expectRefused(res: Json, status: number, fields: string[] = []) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  for (const f of fields) {
    expect(res.body.errors?.[f], `errors.${f} in ${JSON.stringify(res.body)}`).toBeInstanceOf(Array);
    expect(res.body.errors[f][0]).toEqual(expect.any(String));
  }
}

interface NamedTreeNode {
  name: string;
  child_sets: NamedTreeNode[];
}

/** A folder tree as nested [name, children] pairs, children sorted by name: easy to compare. */
export function treeShape(nodes: NamedTreeNode[]): unknown[] {
  return [...nodes].sort((a, b) => a.name.localeCompare(b.name)).map((n) => [n.name, treeShape(n.child_sets)]);
}

/** Adds a URL asset (POST /asset) to a project, optionally in a folder, and answers its id. */
export async function addLinkAsset(c: Client, projectId: number, title: string, setId: number | null = null) {
  const res = await c.post('/asset', {
    object_type: 'URL',
    external_url: `https://example.com/${title}`,
    title,
    project_id: projectId,
    set_id: setId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** The SQL condition for the `files` row of an upload named by its token (the API's file_id). */
export function uploadTokenIs(token: string) {
  return eq(files.uploadTokenHash, sha256(token));
}
