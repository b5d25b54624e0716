import {
  type BlockResponse,
  createHeadingBodySchema,
  createSectionBodySchema,
  type DeletedItem,
  type DocumentDetail,
  encodeBase64Id,
  type ItemReference,
  moveBlockBodySchema,
  moveSectionBodySchema,
  type PageHeading,
  type PageSummary,
  type SectionResponse,
  updateHeadingBodySchema,
  updateSectionBodySchema,
} from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { ConflictError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import { deleteBlock, moveBlock } from './blocks.js';
import { getDocument } from './documents.js';
import { createHeading, deleteHeading, restoreHeading, updateHeading } from './headings.js';
import { getPage } from './pages.js';
import { createSection, deleteSection, deleteTabGroup, moveSection, restoreSection, updateSection } from './sections.js';

/**
 * The guideline structure of data-api.md §7.3 in GraphQL: guideline information, and the page-heading, section,
 * tab-group and move mutations. Each resolver parses its input with the REST body schema and calls the same
 * operation as the REST route, so both layers refuse and allow the same things.
 */

/** A delete refused because live blocks link to the item: the "still referenced" result (data-api.md §4). */
type DeleteOutcome = { deleted: DeletedItem; references: null } | { deleted: null; references: ItemReference[] };

async function deleteOutcome(run: () => Promise<DeletedItem>): Promise<DeleteOutcome> {
  try {
    return { deleted: await run(), references: null };
  } catch (err) {
    const references = err instanceof ConflictError ? (err.extra?.references as ItemReference[] | undefined) : undefined;
    if (references) return { deleted: null, references };
    throw err;
  }
}

export function guidelineGraphql(): void {
  const Heading = builder.objectRef<PageHeading>('PageHeading').implement({
    fields: (t) => ({
      id: t.id({ resolve: (h) => encodeBase64Id('PageHeading', h.id) }),
      title: t.exposeString('title'),
      slug: t.exposeString('slug'),
      sectionElementId: t.string({ nullable: true, resolve: (h) => h.sectionElementId }),
      url: t.exposeString('url'),
      version: t.exposeInt('version'),
    }),
  });

  const Page = builder.objectRef<PageSummary>('GuidelinePage').implement({
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('GuidelinePage', p.id) }),
      type: t.exposeString('type'),
      title: t.exposeString('title'),
      slug: t.exposeString('slug'),
      hidden: t.exposeBoolean('hidden'),
      url: t.exposeString('url'),
      version: t.exposeInt('version'),
      headings: t.field({ type: [Heading], resolve: (p) => p.headings }),
    }),
  });

  const Block = builder.objectRef<BlockResponse>('GuidelineBlock').implement({
    fields: (t) => ({
      id: t.id({ resolve: (b) => encodeBase64Id('Block', b.id) }),
      type: t.exposeString('type'),
      column: t.exposeInt('column'),
      position: t.exposeInt('position'),
      version: t.exposeInt('version'),
      anchor: t.exposeString('anchor'),
      /** The block's settings as JSON text (their shape depends on the type). */
      settings: t.string({ resolve: (b) => JSON.stringify(b.settings) }),
    }),
  });

  const Section = builder.objectRef<SectionResponse>('Section').implement({
    fields: (t) => ({
      id: t.id({ resolve: (s) => encodeBase64Id('Section', s.id) }),
      columnProportions: t.field({ type: ['Int'], resolve: (s) => s.column_proportions }),
      groupId: t.string({ nullable: true, resolve: (s) => s.group_id }),
      tabTitle: t.string({ nullable: true, resolve: (s) => s.tab_title }),
      position: t.exposeInt('position'),
      version: t.exposeInt('version'),
      blocks: t.field({ type: [Block], resolve: (s) => s.blocks }),
    }),
  });

  const Guideline = builder.objectRef<DocumentDetail>('Guideline').implement({
    fields: (t) => ({
      id: t.id({ resolve: (d) => encodeBase64Id('Guideline', d.id) }),
      name: t.exposeString('title'),
      slug: t.exposeString('slug'),
      published: t.exposeBoolean('published'),
      url: t.exposeString('url'),
      version: t.exposeInt('version'),
      pages: t.field({ type: [Page], resolve: (d) => d.pages }),
    }),
  });

  const Reference = builder.objectRef<ItemReference>('ItemReference').implement({
    fields: (t) => ({ url: t.exposeString('url'), path: t.exposeString('path') }),
  });
  const DeleteResult = builder.objectRef<DeleteOutcome>('GuidelineDeleteResult').implement({
    description: 'Either the deleted item (in the trash until expiresAt) or, when live blocks link to it, their references.',
    fields: (t) => ({
      success: t.boolean({ resolve: (r) => r.deleted !== null }),
      expiresAt: t.string({ nullable: true, resolve: (r) => r.deleted?.expires_at ?? null }),
      stillReferenced: t.field({ type: [Reference], nullable: true, resolve: (r) => r.references }),
    }),
  });

  builder.queryFields((t) => ({
    /** Guideline information: a document with its pages and their headings. */
    guideline: t.field({
      type: Guideline,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => getDocument(ctx.db, actorOf(ctx), numericId(args.id, 'Guideline')),
    }),
  }));

  const CreateHeadingInput = builder.inputType('CreatePageHeadingInput', {
    fields: (t) => ({ pageId: t.id({ required: true }), title: t.string({ required: true }), sectionId: t.id() }),
  });
  const UpdateHeadingInput = builder.inputType('UpdatePageHeadingInput', {
    fields: (t) => ({ id: t.id({ required: true }), version: t.int({ required: true }), title: t.string(), sectionId: t.id() }),
  });
  const CreateSectionInput = builder.inputType('CreateSectionInput', {
    fields: (t) => ({
      pageId: t.id({ required: true }),
      columnProportions: t.intList({ required: true }),
      groupId: t.string(),
      tabTitle: t.string(),
      position: t.int(),
    }),
  });
  const UpdateSectionInput = builder.inputType('UpdateSectionInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      version: t.int({ required: true }),
      columnProportions: t.intList(),
      groupId: t.string(),
      tabTitle: t.string(),
    }),
  });
  const DeleteInput = builder.inputType('GuidelineDeleteInput', {
    fields: (t) => ({ id: t.id({ required: true }), force: t.boolean() }),
  });
  const MoveSectionInput = builder.inputType('MoveSectionInput', {
    fields: (t) => ({ id: t.id({ required: true }), pageId: t.id({ required: true }), position: t.int({ required: true }) }),
  });
  const MoveElementInput = builder.inputType('MoveElementInput', {
    fields: (t) => ({
      id: t.id({ required: true }),
      sectionId: t.id({ required: true }),
      column: t.int({ required: true }),
      position: t.int({ required: true }),
    }),
  });
  const DeleteTabGroupInput = builder.inputType('DeleteTabGroupInput', {
    fields: (t) => ({ pageId: t.id({ required: true }), groupId: t.string({ required: true }) }),
  });
  const TabGroupResult = builder.objectRef<{ sections: number[] }>('DeleteTabGroupResult').implement({
    fields: (t) => ({ sectionIds: t.idList({ resolve: (r) => r.sections.map((id) => encodeBase64Id('Section', id)) }) }),
  });

  /** An optional opaque id of `type` as its numeric id (null stays null, absent stays absent). */
  const optionalId = (id: string | number | null | undefined, type: 'Section') =>
    id === undefined ? undefined : id === null ? null : numericId(id, type);
  /** A GraphQL input without the fields left out, for the REST schema (which refuses `null` where it means "absent"). */
  const given = <T extends Record<string, unknown>>(v: T) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined));

  builder.mutationFields((t) => ({
    createPageHeading: t.field({
      type: Heading,
      args: { input: t.arg({ type: CreateHeadingInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const pageId = numericId(input.pageId, 'GuidelinePage');
        const body = parse(createHeadingBodySchema, given({ title: input.title, section_id: optionalId(input.sectionId, 'Section') }));
        const { id } = await createHeading(ctx.db, actor, pageId, body);
        return (await getPage(ctx.db, actor, pageId)).headings.find((h) => h.id === id) as PageHeading;
      },
    }),
    updatePageHeading: t.field({
      type: Heading,
      args: { input: t.arg({ type: UpdateHeadingInput, required: true }) },
      resolve: (_r, { input }, ctx) =>
        updateHeading(
          ctx.db,
          actorOf(ctx),
          numericId(input.id, 'PageHeading'),
          parse(
            updateHeadingBodySchema,
            given({ version: input.version, title: input.title ?? undefined, section_id: optionalId(input.sectionId, 'Section') }),
          ),
        ),
    }),
    deletePageHeading: t.field({
      type: DeleteResult,
      args: { input: t.arg({ type: DeleteInput, required: true }) },
      resolve: (_r, { input }, ctx) => deleteOutcome(() => deleteHeading(ctx.db, actorOf(ctx), numericId(input.id, 'PageHeading'))),
    }),
    restorePageHeading: t.field({
      type: Heading,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => restoreHeading(ctx.db, actorOf(ctx), numericId(args.id, 'PageHeading')),
    }),
    createSection: t.field({
      type: Section,
      args: { input: t.arg({ type: CreateSectionInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(
          createSectionBodySchema,
          given({
            column_proportions: input.columnProportions,
            group_id: input.groupId ?? undefined,
            tab_title: input.tabTitle ?? undefined,
            position: input.position ?? undefined,
          }),
        );
        const pageId = numericId(input.pageId, 'GuidelinePage');
        const { id } = await createSection(ctx.db, actor, pageId, body);
        return (await getPage(ctx.db, actor, pageId)).sections.find((s) => s.id === id) as SectionResponse;
      },
    }),
    updateSection: t.field({
      type: Section,
      args: { input: t.arg({ type: UpdateSectionInput, required: true }) },
      resolve: (_r, { input }, ctx) =>
        updateSection(
          ctx.db,
          actorOf(ctx),
          numericId(input.id, 'Section'),
          parse(
            updateSectionBodySchema,
            given({
              version: input.version,
              column_proportions: input.columnProportions ?? undefined,
              group_id: input.groupId,
              tab_title: input.tabTitle,
            }),
          ),
        ),
    }),
    deleteSection: t.field({
      type: DeleteResult,
      args: { input: t.arg({ type: DeleteInput, required: true }) },
      resolve: (_r, { input }, ctx) =>
        deleteOutcome(() => deleteSection(ctx.db, actorOf(ctx), numericId(input.id, 'Section'), input.force === true)),
    }),
    restoreSection: t.field({
      type: Section,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => restoreSection(ctx.db, actorOf(ctx), numericId(args.id, 'Section')),
    }),
    deleteTabGroup: t.field({
      type: TabGroupResult,
      args: { input: t.arg({ type: DeleteTabGroupInput, required: true }) },
      resolve: (_r, { input }, ctx) => deleteTabGroup(ctx.db, actorOf(ctx), numericId(input.pageId, 'GuidelinePage'), input.groupId),
    }),
    moveSection: t.field({
      type: Section,
      args: { input: t.arg({ type: MoveSectionInput, required: true }) },
      resolve: (_r, { input }, ctx) =>
        moveSection(
          ctx.db,
          actorOf(ctx),
          numericId(input.id, 'Section'),
          parse(moveSectionBodySchema, { page_id: numericId(input.pageId, 'GuidelinePage'), position: input.position }),
        ),
    }),
    moveElement: t.field({
      type: Block,
      args: { input: t.arg({ type: MoveElementInput, required: true }) },
      resolve: (_r, { input }, ctx) =>
        moveBlock(
          ctx.db,
          actorOf(ctx),
          numericId(input.id, 'Block'),
          parse(moveBlockBodySchema, { section_id: numericId(input.sectionId, 'Section'), column: input.column, position: input.position }),
        ),
    }),
    deleteElement: t.field({
      type: DeleteResult,
      args: { input: t.arg({ type: DeleteInput, required: true }) },
      resolve: (_r, { input }, ctx) =>
        deleteOutcome(() => deleteBlock(ctx.db, actorOf(ctx), numericId(input.id, 'Block'), input.force === true)),
    }),
  }));
}
