import { expect } from 'vitest';
import type { Client, Json, TestEnv, TestUser } from '../../test/harness.js';

/* Fixtures of the guideline document tests: a team, a portal, a document with a page, a section and blocks. */

export async function made(res: Promise<Json> | Json, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body.data;
}

export interface Team {
  accountId: number;
  brandId: number;
  owner: TestUser;
  /** The account owner's session (an account admin: ADMIN on every document). */
  admin: Client;
  /** A MEMBER of the account with no level on anything yet. */
  member: Client;
  memberUser: TestUser;
  portalId: number;
}

export async function team(env: TestEnv, visibility: 'PUBLIC' | 'ACCOUNT' | 'EDITORS' = 'ACCOUNT'): Promise<Team> {
  const { owner, accountId } = await env.factories.account();
  const memberUser = await env.factories.member(accountId, 'MEMBER');
  const brand = await env.factories.brand(owner.actor, 'Acme');
  const admin = await env.signIn(owner);
  const member = await env.signIn(memberUser);
  const portal = await made(admin.post('/portal', { brand_id: brand.id, title: 'Acme guidelines' }));
  if (visibility !== 'ACCOUNT') await made(admin.patch(`/portal/${portal.id}`, { visibility }), 200);
  return { accountId, brandId: brand.id, owner, admin, member, memberUser, portalId: portal.id };
}

/** A document of the team's portal with a DEFAULT page holding one two-column section. */
export async function documentWithPage(t: Team, title = 'Brand guide') {
  const doc = await made(t.admin.post(`/portal/${t.portalId}/documents`, { title }));
  const page = await made(t.admin.post(`/document/${doc.id}/pages`, { title: 'Logo' }));
  const section = await made(t.admin.post(`/page/${page.id}/sections`, { column_proportions: [1, 1] }));
  return { documentId: doc.id as number, pageId: page.id as number, sectionId: section.id as number };
}

/** Gives `user` a level on the document (its project). */
export async function grant(t: Team, documentId: number, userId: number, level: string) {
  await made(t.admin.put(`/project/${documentId}/user/${userId}`, { level }), 200);
}

export async function addBlock(c: Client, sectionId: number, type: string, settings: Record<string, unknown>, column = 0) {
  return (await made(c.post(`/section/${sectionId}/blocks`, { type, column, settings }))).id as number;
}
