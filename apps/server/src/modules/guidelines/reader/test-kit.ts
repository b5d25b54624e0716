import { type BlockType, parseBlockSettings } from '@emblem/core';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  guidelineBlockRefs,
  guidelineBlocks,
  guidelineDocuments,
  guidelineHeadings,
  guidelinePages,
  guidelineSections,
  portals,
  projects,
} from '../../../db/schema.js';
import type { Client, TestEnv } from '../../../test/harness.js';

/**
 * Guideline content for the reader's tests: portals through the REST API, and documents, pages, sections, headings
 * and blocks written straight into the tables as the structure API leaves them (a block's references rewritten from
 * its settings, the document's content version raised by every change).
 */

let counter = 0;

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
  page(documentId: number, opts?: { title?: string; hidden?: boolean; position?: number }): Promise<number>;
  section(pageId: number, opts?: { columns?: number[]; groupId?: string; tabTitle?: string; position?: number }): Promise<number>;
  heading(pageId: number, title: string, sectionId: number | null): Promise<number>;
  block(
    sectionId: number,
    type: BlockType,
    settings: Record<string, unknown>,
    opts?: { column?: number; position?: number },
  ): Promise<number>;
  updateBlock(blockId: number, settings: Record<string, unknown>): Promise<void>;
  deleteBlock(blockId: number): Promise<void>;
  setDocument(documentId: number, values: { published?: boolean; deleted?: boolean; title?: string }): Promise<void>;
  setPage(pageId: number, values: { hidden?: boolean; deleted?: boolean; title?: string }): Promise<void>;
  deleteSection(sectionId: number): Promise<void>;
}

/** What a block's settings name, as the structure API stores it beside the block. */
export function refsOf(type: string, settings: Record<string, unknown>): { kind: string; targetId: number }[] {
  const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);
  const refs: { kind: string; targetId: number }[] = [];
  const add = (kind: string, id: unknown) => {
    if (typeof id === 'number' && !refs.some((r) => r.kind === kind && r.targetId === id)) refs.push({ kind, targetId: id });
  };
  if (type === 'image' || type === 'downloads') for (const id of ids(settings.asset_ids)) add('asset', id);
  if (type === 'downloads') add('folder', settings.folder_id);
  if (type === 'video') add('asset', settings.asset_id);
  if (type === 'library') add('project', settings.project_id);
  if (type === 'dodont' && Array.isArray(settings.items))
    for (const item of settings.items) add('asset', (item as { asset_id?: unknown }).asset_id);
  return refs;
}

export function kit(env: () => TestEnv): Kit {
  const db = () => env().started.database.db;
  const bump = async (documentId: number) => {
    await db()
      .update(guidelineDocuments)
      .set({ contentVersion: sql`${guidelineDocuments.contentVersion} + 1`, modifiedAt: sql`now()` })
      .where(eq(guidelineDocuments.projectId, documentId));
  };
  const documentOfPage = async (pageId: number) => {
    const [row] = await db().select().from(guidelinePages).where(eq(guidelinePages.id, pageId));
    return row!;
  };
  const pageOfSection = async (sectionId: number) => {
    const [row] = await db().select().from(guidelineSections).where(eq(guidelineSections.id, sectionId));
    return documentOfPage(row!.pageId);
  };
  const writeRefs = async (blockId: number, type: string, settings: Record<string, unknown>) => {
    await db().delete(guidelineBlockRefs).where(eq(guidelineBlockRefs.blockId, blockId));
    const refs = refsOf(type, settings);
    if (refs.length)
      await db()
        .insert(guidelineBlockRefs)
        .values(refs.map((r) => ({ blockId, ...r })));
  };

  const setVisibility: Kit['setVisibility'] = async (admin, portalId, visibility) => {
    const res = await admin.patch(`/portal/${portalId}`, { visibility });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  return {
    setVisibility,
    async portal(admin, brandId, opts = {}) {
      const res = await admin.post('/portal', { brand_id: brandId, title: opts.title ?? 'Acme guidelines' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.data.id as number;
      if (opts.visibility && opts.visibility !== 'ACCOUNT') await setVisibility(admin, id, opts.visibility);
      const token = await admin.get(`/portal/${id}/token`);
      expect(token.status).toBe(200);
      return { id, token: token.body.data.token as string };
    },
    async document(portalId, opts = {}) {
      const [portal] = await db().select().from(portals).where(eq(portals.id, portalId));
      if (!portal) throw new Error(`no portal ${portalId}`);
      const n = ++counter;
      const title = opts.title ?? `Document ${n}`;
      const slug = opts.slug ?? `document-${n}`;
      const [project] = await db()
        .insert(projects)
        .values({ accountId: portal.accountId, brandId: portal.brandId, projectType: 'STYLEGUIDE', name: title })
        .returning();
      await db()
        .insert(guidelineDocuments)
        .values({ projectId: project!.id, accountId: portal.accountId, portalId, slug, published: opts.published ?? true });
      const [cover] = await db()
        .insert(guidelinePages)
        .values({ accountId: portal.accountId, documentId: project!.id, type: 'COVERPAGE', title, slug: 'cover', position: 0 })
        .returning();
      return { id: project!.id, coverPageId: cover!.id, slug };
    },
    async page(documentId, opts = {}) {
      const n = ++counter;
      const [doc] = await db().select().from(guidelineDocuments).where(eq(guidelineDocuments.projectId, documentId));
      const [row] = await db()
        .insert(guidelinePages)
        .values({
          accountId: doc!.accountId,
          documentId,
          title: opts.title ?? `Page ${n}`,
          slug: `page-${n}`,
          position: opts.position ?? n,
          hidden: opts.hidden ?? false,
        })
        .returning();
      await bump(documentId);
      return row!.id;
    },
    async section(pageId, opts = {}) {
      const page = await documentOfPage(pageId);
      const [row] = await db()
        .insert(guidelineSections)
        .values({
          accountId: page.accountId,
          pageId,
          columnProportions: opts.columns ?? [1],
          groupId: opts.groupId ?? null,
          tabTitle: opts.tabTitle ?? null,
          position: opts.position ?? ++counter,
        })
        .returning();
      await bump(page.documentId);
      return row!.id;
    },
    async heading(pageId, title, sectionId) {
      const page = await documentOfPage(pageId);
      const [row] = await db()
        .insert(guidelineHeadings)
        .values({
          accountId: page.accountId,
          pageId,
          sectionId,
          title,
          slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
          position: ++counter,
        })
        .returning();
      await bump(page.documentId);
      return row!.id;
    },
    async block(sectionId, type, settings, opts = {}) {
      const parsed = parseBlockSettings(type, settings);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      const page = await pageOfSection(sectionId);
      const [row] = await db()
        .insert(guidelineBlocks)
        .values({
          accountId: page.accountId,
          sectionId,
          column: opts.column ?? 0,
          position: opts.position ?? ++counter,
          type,
          settings: parsed.data as Record<string, unknown>,
        })
        .returning();
      await writeRefs(row!.id, type, parsed.data as Record<string, unknown>);
      await bump(page.documentId);
      return row!.id;
    },
    async updateBlock(blockId, settings) {
      const [block] = await db().select().from(guidelineBlocks).where(eq(guidelineBlocks.id, blockId));
      await db()
        .update(guidelineBlocks)
        .set({ settings, version: sql`${guidelineBlocks.version} + 1` })
        .where(eq(guidelineBlocks.id, blockId));
      await writeRefs(blockId, block!.type, settings);
      await bump((await pageOfSection(block!.sectionId)).documentId);
    },
    async deleteBlock(blockId) {
      const [block] = await db().update(guidelineBlocks).set({ deletedAt: sql`now()` }).where(eq(guidelineBlocks.id, blockId)).returning();
      await bump((await pageOfSection(block!.sectionId)).documentId);
    },
    async setDocument(documentId, values) {
      if (values.title) await db().update(projects).set({ name: values.title }).where(eq(projects.id, documentId));
      await db()
        .update(guidelineDocuments)
        .set({
          ...(values.published !== undefined ? { published: values.published } : {}),
          ...(values.deleted !== undefined ? { deletedAt: values.deleted ? new Date() : null } : {}),
          version: sql`${guidelineDocuments.version} + 1`,
          modifiedAt: sql`now()`,
        })
        .where(eq(guidelineDocuments.projectId, documentId));
    },
    async setPage(pageId, values) {
      const page = await documentOfPage(pageId);
      await db()
        .update(guidelinePages)
        .set({
          ...(values.hidden !== undefined ? { hidden: values.hidden } : {}),
          ...(values.title !== undefined ? { title: values.title } : {}),
          ...(values.deleted !== undefined ? { deletedAt: values.deleted ? new Date() : null } : {}),
        })
        .where(eq(guidelinePages.id, pageId));
      await bump(page.documentId);
    },
    async deleteSection(sectionId) {
      const page = await pageOfSection(sectionId);
      await db().update(guidelineSections).set({ deletedAt: sql`now()` }).where(eq(guidelineSections.id, sectionId));
      await bump(page.documentId);
    },
  };
}

/** A GET of a reader page (outside /api) with the client's session, as a browser navigates: the HTML back. */
export async function readerGet(c: Client, path: string, headers: Record<string, string> = {}) {
  const h: Record<string, string> = { accept: 'text/html', ...headers };
  if (c.cookie) h.cookie = c.cookie;
  const res = await fetch(`${c.base}${path}`, { headers: h, redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}
