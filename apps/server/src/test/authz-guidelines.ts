import { expect } from 'vitest';
import { uniq } from './authz-http.js';
import type { Client, Json } from './harness.js';

/*
 * The guideline documents of the authorisation matrix's World: a published document in the account's ACCOUNT
 * portal whose project has the four collaborators at their levels (VIEW, COMMENT, EDIT, ADMIN), a page with a
 * section, a block and a heading, an unpublished document with the same collaborators, and a published document in
 * the PUBLIC portal. `fresh…` make an item for one cell of a destructive row.
 */

export interface GuidelineWorldDeps {
  /** The account owner's session. */
  setup: Client;
  accountPortalId: number;
  publicPortalId: number;
  /** The users given VIEW, COMMENT, EDIT and ADMIN on the documents. */
  collaborators: { id: number; level: string }[];
}

export class GuidelineWorld {
  documentId = 0;
  unpublishedDocumentId = 0;
  pageId = 0;
  sectionId = 0;
  blockId = 0;
  headingId = 0;
  revisionId = 0;
  publicPageId = 0;
  publicDocumentId = 0;
  publicDocumentSlug = '';

  constructor(private readonly deps: GuidelineWorldDeps) {}

  private async made(res: Promise<Json>, status = 201) {
    const r = await res;
    expect(r.status, JSON.stringify(r.body)).toBe(status);
    return r.body.data;
  }
  private get s() {
    return this.deps.setup;
  }

  async build(): Promise<this> {
    this.documentId = await this.freshDocument({ published: true });
    this.unpublishedDocumentId = await this.freshDocument();
    this.pageId = await this.freshPage();
    this.sectionId = await this.freshSection();
    this.blockId = await this.freshBlock();
    this.headingId = await this.freshHeading();
    this.revisionId = (await this.made(this.s.get(`/page/${this.pageId}/revisions?limit=1`), 200)).items[0].id;
    const publicDocument = await this.freshDocument({ published: true, portalId: this.deps.publicPortalId });
    this.publicDocumentId = publicDocument;
    this.publicDocumentSlug = (await this.made(this.s.get(`/document/${publicDocument}`), 200)).slug;
    this.publicPageId = (await this.made(this.s.post(`/document/${publicDocument}/pages`, { title: 'Public page' }))).id;
    return this;
  }

  /** A document of the ACCOUNT portal (or `portalId`) with the four collaborators. */
  async freshDocument(opts: { published?: boolean; portalId?: number } = {}): Promise<number> {
    const { id } = await this.made(
      this.s.post(`/portal/${opts.portalId ?? this.deps.accountPortalId}/documents`, { title: uniq('Guide ') }),
    );
    for (const { id: userId, level } of this.deps.collaborators)
      await this.made(this.s.put(`/project/${id}/user/${userId}`, { level }), 200);
    if (opts.published) await this.made(this.s.patch(`/document/${id}`, { version: 1, published: true }), 200);
    return id;
  }
  async freshDeletedDocument(): Promise<number> {
    const id = await this.freshDocument();
    await this.made(this.s.delete(`/document/${id}`), 200);
    return id;
  }
  async freshPage(): Promise<number> {
    return (await this.made(this.s.post(`/document/${this.documentId}/pages`, { title: uniq('Page ') }))).id;
  }
  async freshSection(groupId?: string): Promise<number> {
    return (await this.made(this.s.post(`/page/${this.pageId}/sections`, { column_proportions: [1, 1], group_id: groupId }))).id;
  }
  async freshBlock(): Promise<number> {
    return (await this.made(this.s.post(`/section/${this.sectionId}/blocks`, { type: 'quote', column: 0, settings: { text: 'Q' } }))).id;
  }
  async freshHeading(): Promise<number> {
    return (await this.made(this.s.post(`/page/${this.pageId}/headings`, { title: uniq('Heading ') }))).id;
  }
  private blocks = new Map<string, Promise<number>>();
  /**
   * A block of the published ACCOUNT document, made once: `downloads` offering `assetId`, or `library` showing
   * the library `assetId` names (the public reader's download and search routes act on these).
   */
  readerBlock(type: 'downloads' | 'library', id: number): Promise<number> {
    const key = `${type}:${id}`;
    let block = this.blocks.get(key);
    if (!block) {
      const settings = type === 'downloads' ? { asset_ids: [id] } : { project_id: id };
      block = this.made(this.s.post(`/section/${this.sectionId}/blocks`, { type, column: 0, settings })).then((b) => b.id as number);
      this.blocks.set(key, block);
    }
    return block;
  }
  /** Deletes a fresh item of `path` (`/page`, `/heading`, `/section`, `/document/block`) and answers its id. */
  async freshDeleted(path: string, id: number): Promise<number> {
    await this.made(this.s.delete(`${path}/${id}`), 200);
    return id;
  }
  /** A page with a section and a block, and the revision of its first state. */
  async freshPageRevision(): Promise<{ pageId: number; revisionId: number }> {
    const pageId = await this.freshPage();
    const section = await this.made(this.s.post(`/page/${pageId}/sections`, { column_proportions: [1] }));
    await this.made(this.s.post(`/section/${section.id}/blocks`, { type: 'divider', column: 0, settings: {} }));
    const revisions = await this.made(this.s.get(`/page/${pageId}/revisions`), 200);
    return { pageId, revisionId: revisions.items.at(-1).id };
  }
  /** The current version of an item, for PATCH cells. */
  async version(path: string): Promise<number> {
    return (await this.made(this.s.get(path), 200)).version;
  }
  async headingVersion(): Promise<number> {
    const page = await this.made(this.s.get(`/page/${this.pageId}`), 200);
    return page.headings.find((h: { id: number }) => h.id === this.headingId).version;
  }
  async sectionVersion(): Promise<number> {
    const page = await this.made(this.s.get(`/page/${this.pageId}`), 200);
    return page.sections.find((s: { id: number }) => s.id === this.sectionId).version;
  }
}
