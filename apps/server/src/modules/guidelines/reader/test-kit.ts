import { type BlockType, parseBlockSettings } from '@emblem/core';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { guidelineBlockRefs, guidelineBlocks, guidelineDocuments, guidelinePages, guidelineSections } from '../../../db/schema.js';
import type { Client, Json, TestEnv } from '../../../test/harness.js';

/**
 * Guideline content for the reader's tests, made through the structure REST API as an editor would (documents,
 * pages, sections, headings and blocks, which write the block references and raise the document's content version),
 * by the admin who made the portal. `rawBlock` writes a block straight into the tables, for settings the API refuses
 * (the reader must hold even then).
 */

export interface Kit {
  portal(
    admin: Client,
    brandId: number,
    opts?: { title?: string; visibility?: 'PUBLIC' | 'ACCOUNT' | 'EDITORS' },
  ): Promise<{ id: number; token: string }>;
  setVisibility(admin: Client, portalId: number, visibility: 'PUBLIC' | 'ACCOUNT' | 'EDITORS'): Promise<void>;
  document(
    portalId: number,
    opts?: { title?: string; slug?: string; published?: boolean },
  ): Promise<{ id: number; coverPageId: number; slug: string }>;
  page(documentId: number, opts?: { title?: string; hidden?: boolean }): Promise<number>;
  section(pageId: number, opts?: { columns?: number[]; groupId?: string; tabTitle?: string }): Promise<number>;
  heading(pageId: number, title: string, sectionId: number | null): Promise<number>;
  block(sectionId: number, type: BlockType, settings: Record<string, unknown>, opts?: { column?: number }): Promise<number>;
  rawBlock(sectionId: number, type: BlockType, settings: Record<string, unknown>): Promise<number>;
  updateBlock(blockId: number, settings: Record<string, unknown>): Promise<void>;
  deleteBlock(blockId: number): Promise<void>;
  setDocument(documentId: number, values: { published?: boolean; deleted?: boolean; title?: string }): Promise<void>;
  setPage(pageId: number, values: { hidden?: boolean; deleted?: boolean; title?: string }): Promise<void>;
  deleteSection(sectionId: number): Promise<void>;
}

/** What a block's settings name (assets, folders, libraries), as the structure API stores it beside the block. */
function refsOf(settings: Record<string, unknown>): { kind: string; targetId: number }[] {
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  const refs: { kind: string; targetId: number }[] = [];
  const add = (kind: string, id: unknown) => {
    if (typeof id === 'number' && !refs.some((r) => r.kind === kind && r.targetId === id)) refs.push({ kind, targetId: id });
  };
  for (const id of ids(settings.asset_ids)) add('asset', id);
  add('asset', settings.asset_id);
  add('folder', settings.folder_id);
  add('project', settings.project_id);
  if (Array.isArray(settings.items)) for (const item of settings.items) add('asset', (item as { asset_id?: unknown }).asset_id);
  return refs;
}

async function made(res: Promise<Json>, status = 201) {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  return r.body.data;
}

export function kit(env: () => TestEnv): Kit {
  const db = () => env().started.database.db;
  // Who made what: each item is changed by the admin of its portal.
  const editors = new Map<string, Client>();
  const editorOf = (kind: string, id: number) => {
    const c = editors.get(`${kind}:${id}`);
    if (!c) throw new Error(`test-kit: no editor known for ${kind} ${id}`);
    return c;
  };
  const remember = (kind: string, id: number, c: Client) => {
    editors.set(`${kind}:${id}`, c);
    return id;
  };
  const setVisibility: Kit['setVisibility'] = async (admin, portalId, visibility) => {
    await made(admin.patch(`/portal/${portalId}`, { visibility }), 200);
  };
  const versionOf = async (c: Client, path: string) => (await made(c.get(path), 200)).version as number;

  const api: Kit = {
    setVisibility,
    async portal(admin, brandId, opts = {}) {
      const { id } = await made(admin.post('/portal', { brand_id: brandId, title: opts.title ?? 'Acme guidelines' }));
      if (opts.visibility && opts.visibility !== 'ACCOUNT') await setVisibility(admin, id, opts.visibility);
      const { token } = await made(admin.get(`/portal/${id}/token`), 200);
      remember('portal', id, admin);
      return { id, token };
    },
    async document(portalId, opts = {}) {
      const c = editorOf('portal', portalId);
      const created = await made(
        c.post(`/portal/${portalId}/documents`, { title: opts.title ?? 'Brand book', ...(opts.slug ? { slug: opts.slug } : {}) }),
      );
      remember('document', created.id, c);
      const detail = await made(c.get(`/document/${created.id}`), 200);
      if (opts.published ?? true) await made(c.patch(`/document/${created.id}`, { version: detail.version, published: true }), 200);
      return { id: created.id as number, coverPageId: detail.pages[0].id as number, slug: created.slug as string };
    },
    async page(documentId, opts = {}) {
      const c = editorOf('document', documentId);
      const { id } = await made(c.post(`/document/${documentId}/pages`, { title: opts.title ?? 'Page' }));
      remember('page', id, c);
      if (opts.hidden) await api.setPage(id, { hidden: true });
      return id;
    },
    async section(pageId, opts = {}) {
      const c = editorOf('page', pageId);
      const { id } = await made(
        c.post(`/page/${pageId}/sections`, {
          column_proportions: opts.columns ?? [1],
          ...(opts.groupId ? { group_id: opts.groupId } : {}),
          ...(opts.tabTitle ? { tab_title: opts.tabTitle } : {}),
        }),
      );
      return remember('section', id, c);
    },
    async heading(pageId, title, sectionId) {
      const { id } = await made(editorOf('page', pageId).post(`/page/${pageId}/headings`, { title, section_id: sectionId }));
      return id;
    },
    async block(sectionId, type, settings, opts = {}) {
      const c = editorOf('section', sectionId);
      const { id } = await made(c.post(`/section/${sectionId}/blocks`, { type, column: opts.column ?? 0, settings }));
      return remember('block', id, c);
    },
    async rawBlock(sectionId, type, settings) {
      const parsed = parseBlockSettings(type, settings);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      const [section] = await db().select().from(guidelineSections).where(eq(guidelineSections.id, sectionId));
      const [page] = await db().select().from(guidelinePages).where(eq(guidelinePages.id, section!.pageId));
      const [row] = await db()
        .insert(guidelineBlocks)
        .values({ accountId: section!.accountId, sectionId, type, settings: parsed.data as Record<string, unknown>, position: 99 })
        .returning();
      const refs = refsOf(parsed.data as Record<string, unknown>);
      if (refs.length)
        await db()
          .insert(guidelineBlockRefs)
          .values(refs.map((r) => ({ blockId: row!.id, ...r })));
      await db()
        .update(guidelineDocuments)
        .set({ contentVersion: sql`${guidelineDocuments.contentVersion} + 1` })
        .where(eq(guidelineDocuments.projectId, page!.documentId));
      return row!.id;
    },
    async updateBlock(blockId, settings) {
      const c = editorOf('block', blockId);
      const version = await versionOf(c, `/document/block/${blockId}`);
      await made(c.patch(`/document/block/${blockId}`, { version, settings }), 200);
    },
    async deleteBlock(blockId) {
      await made(editorOf('block', blockId).delete(`/document/block/${blockId}`), 200);
    },
    async setDocument(documentId, values) {
      const c = editorOf('document', documentId);
      if (values.published !== undefined || values.title !== undefined) {
        const version = await versionOf(c, `/document/${documentId}`);
        const body = {
          version,
          ...(values.published !== undefined ? { published: values.published } : {}),
          ...(values.title ? { title: values.title } : {}),
        };
        await made(c.patch(`/document/${documentId}`, body), 200);
      }
      if (values.deleted) await made(c.delete(`/document/${documentId}`), 200);
      if (values.deleted === false) await made(c.post(`/document/${documentId}/restore`), 200);
    },
    async setPage(pageId, values) {
      const c = editorOf('page', pageId);
      if (values.hidden !== undefined || values.title !== undefined) {
        const version = await versionOf(c, `/page/${pageId}`);
        const body = {
          version,
          ...(values.hidden !== undefined ? { hidden: values.hidden } : {}),
          ...(values.title ? { title: values.title } : {}),
        };
        await made(c.patch(`/page/${pageId}`, body), 200);
      }
      if (values.deleted) await made(c.delete(`/page/${pageId}?force=true`), 200);
      if (values.deleted === false) await made(c.post(`/page/${pageId}/restore`), 200);
    },
    async deleteSection(sectionId) {
      await made(editorOf('section', sectionId).delete(`/section/${sectionId}?force=true`), 200);
    },
  };
  return api;
}

/** A GET of a reader page (outside /api) with the client's session, as a browser navigates: the HTML back. */
export async function readerGet(c: Client, path: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { accept: 'text/html', ...headers };
  if (c.cookie) h.cookie = c.cookie;
  const res = await fetch(`${c.base}${path}`, { headers: h, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
