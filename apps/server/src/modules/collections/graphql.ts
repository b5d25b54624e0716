import {
  type CollectionResponse,
  collectionAssetsBodySchema,
  createCollectionBodySchema,
  encodeBase64Id,
  removeCollectionAssetsBodySchema,
  updateCollectionBodySchema,
} from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import type { AssetDeps } from '../assets/public.js';
import * as op from './operations.js';

/**
 * Collections in GraphQL (data-api.md §7.2 "library page collections", §7.3 create collection, add or remove
 * collection assets): each resolver parses its input with the REST schema and calls the same operation.
 */
export function collectionGraphql(): void {
  const deps = (ctx: GqlContext): AssetDeps => ({ db: ctx.db, secret: ctx.config.sessionSecret, jobsEnqueued: ctx.jobsEnqueued });

  const Cover = builder.objectRef<CollectionResponse['covers'][number]>('CollectionCover').implement({
    fields: (t) => ({
      id: t.id({ resolve: (c) => encodeBase64Id('Asset', c.id) }),
      title: t.exposeString('title'),
      previewUrl: t.string({ nullable: true, resolve: (c) => c.preview_url }),
    }),
  });
  const Collection = builder.objectRef<CollectionResponse>('Collection').implement({
    fields: (t) => ({
      id: t.id({ resolve: (c) => encodeBase64Id('Collection', c.id) }),
      projectId: t.id({ resolve: (c) => encodeBase64Id('Project', c.project_id) }),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      assetCount: t.exposeInt('asset_count'),
      covers: t.field({ type: [Cover], resolve: (c) => c.covers }),
      createdAt: t.exposeString('created_at'),
      modifiedAt: t.exposeString('modified_at'),
      canEdit: t.boolean({ resolve: (c) => c.permissions.canEdit }),
    }),
  });

  builder.queryFields((t) => ({
    /** The collections a library (or workspace) holds. */
    libraryPageCollections: t.field({
      type: [Collection],
      args: { projectId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.projectCollections(deps(ctx), actorOf(ctx), numericId(args.projectId, 'Project')),
    }),
    collection: t.field({
      type: Collection,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.getCollection(deps(ctx), actorOf(ctx), numericId(args.id, 'Collection')),
    }),
  }));

  const assetIds = (ids: readonly (string | number)[]) => ids.map((id) => numericId(id, 'Asset'));

  builder.mutationFields((t) => ({
    createCollection: t.field({
      type: Collection,
      args: {
        projectId: t.arg.id({ required: true }),
        name: t.arg.string({ required: true }),
        description: t.arg.string({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const body = parse(createCollectionBodySchema, {
          name: args.name,
          ...(args.description != null ? { description: args.description } : {}),
        });
        return op.createCollection(deps(ctx), actorOf(ctx), numericId(args.projectId, 'Project'), body);
      },
    }),
    updateCollection: t.field({
      type: Collection,
      args: {
        id: t.arg.id({ required: true }),
        name: t.arg.string({ required: false }),
        description: t.arg.string({ required: false }),
        position: t.arg.int({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const body = parse(updateCollectionBodySchema, {
          ...(args.name != null ? { name: args.name } : {}),
          ...(args.description != null ? { description: args.description } : {}),
          ...(args.position != null ? { position: args.position } : {}),
        });
        return op.updateCollection(deps(ctx), actorOf(ctx), numericId(args.id, 'Collection'), body);
      },
    }),
    deleteCollection: t.field({
      type: 'Boolean',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        await op.deleteCollection(deps(ctx), actorOf(ctx), numericId(args.id, 'Collection'));
        return true;
      },
    }),
    addCollectionAssets: t.field({
      type: Collection,
      args: {
        collectionId: t.arg.id({ required: true }),
        assetIds: t.arg.idList({ required: true }),
        position: t.arg.int({ required: false }),
      },
      resolve: async (_r, args, ctx) => {
        const body = parse(collectionAssetsBodySchema, {
          asset_ids: assetIds(args.assetIds),
          ...(args.position != null ? { position: args.position } : {}),
        });
        return (await op.addCollectionAssets(deps(ctx), actorOf(ctx), numericId(args.collectionId, 'Collection'), body)).collection;
      },
    }),
    removeCollectionAssets: t.field({
      type: Collection,
      args: { collectionId: t.arg.id({ required: true }), assetIds: t.arg.idList({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const body = parse(removeCollectionAssetsBodySchema, { asset_ids: assetIds(args.assetIds) });
        return (await op.removeCollectionAssets(deps(ctx), actorOf(ctx), numericId(args.collectionId, 'Collection'), body.asset_ids))
          .collection;
      },
    }),
  }));
}
