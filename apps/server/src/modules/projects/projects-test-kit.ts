import { expect } from 'vitest';
import type { Client, Json, TestEnv, TestUser } from '../../test/harness.js';

/* One-line builders shared by the projects API tests (projects*.test.ts). */

export type Level = 'VIEW' | 'COMMENT' | 'EDIT' | 'ADMIN';

export const ids = (res: Json): number[] => res.body.data.map((p: { id: number }) => p.id);

export function projectsKit(env: () => TestEnv) {
  /** An account with its owner signed in and one media library under a brand. */
  async function setup(type = 'MEDIALIBRARY') {
    const { owner, accountId } = await env().factories.account();
    const brand = await env().factories.brand(owner.actor);
    const project = await env().factories.project(owner.actor, { type, brandId: brand.id });
    const c = await env().signIn(owner);
    return { owner, accountId, brand, project, c };
  }

  /** A member of the account with the given level on a project, signed in. */
  async function collaborator(c: Client, accountId: number, projectId: number, level: Level): Promise<{ user: TestUser; client: Client }> {
    const user = await env().factories.member(accountId);
    const res = await c.put(`/project/${projectId}/user/${user.id}`, { level });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { user, client: await env().signIn(user) };
  }

  async function memberClient(accountId: number) {
    const user = await env().factories.member(accountId);
    return { user, client: await env().signIn(user) };
  }

  const addProject = (c: Client, body: Record<string, unknown>) => c.post('/api/project/add/', body);

  return { setup, collaborator, memberClient, addProject };
}
