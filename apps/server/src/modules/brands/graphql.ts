import { type BrandHomeAsset, type BrandHomeProject, type BrandHomeResponse, createBrandBodySchema, encodeBase64Id } from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Adds the brands domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function brandGraphql(): void {
  const BrandType = builder.objectRef<op.Brand>('Brand').implement({
    fields: (t) => ({
      id: t.id({ resolve: (b) => encodeBase64Id('Brand', b.id) }),
      name: t.exposeString('name'),
      slug: t.exposeString('slug'),
      avatar: t.string({ nullable: true, resolve: (b) => b.avatar }),
      isFavourite: t.exposeBoolean('is_favourite'),
      createdAt: t.exposeString('created_at'),
    }),
  });

  const HomeAsset = builder.objectRef<BrandHomeAsset>('BrandHomeAsset').implement({
    fields: (t) => ({
      id: t.id({ resolve: (a) => encodeBase64Id('Asset', a.id) }),
      projectId: t.id({ resolve: (a) => encodeBase64Id('Project', a.project_id) }),
      title: t.exposeString('title'),
      extension: t.string({ nullable: true, resolve: (a) => a.extension }),
      fileTypeGroup: t.exposeString('file_type_group'),
      thumbnailUrl: t.string({ nullable: true, resolve: (a) => a.thumbnail_url }),
      width: t.int({ nullable: true, resolve: (a) => a.width }),
      height: t.int({ nullable: true, resolve: (a) => a.height }),
      createdAt: t.exposeString('created_at'),
    }),
  });
  const HomeProject = builder.objectRef<BrandHomeProject>('BrandHomeProject').implement({
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('Project', p.id) }),
      name: t.exposeString('name'),
      projectType: t.exposeString('project_type'),
      assetTotal: t.exposeInt('asset_count'),
      covers: t.field({ type: [HomeAsset], resolve: (p) => p.covers }),
    }),
  });
  const BrandHome = builder.objectRef<BrandHomeResponse>('BrandHome').implement({
    fields: (t) => ({
      projects: t.field({ type: [HomeProject], resolve: (h) => h.projects }),
      recentAssets: t.field({ type: [HomeAsset], resolve: (h) => h.recent_assets }),
    }),
  });

  builder.queryFields((t) => ({
    /** What a brand's home shows (GET /api/brand/{id}/home): the projects the caller may see, covers, recent assets. */
    brandHome: t.field({
      type: BrandHome,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.brandHome({ db: ctx.db, secret: ctx.config.sessionSecret }, actorOf(ctx), numericId(args.id, 'Brand')),
    }),
    brands: t.field({ type: [BrandType], resolve: (_r, _a, ctx) => op.listBrands(ctx.db, actorOf(ctx)) }),
    brand: t.field({
      type: BrandType,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        return op.getBrand(ctx.db, actor, numericId(args.id, 'Brand'));
      },
    }),
  }));

  const CreateBrandInput = builder.inputType('CreateBrandInput', { fields: (t) => ({ name: t.string({ required: true }) }) });
  const CreateBrandPayload = builder.objectRef<{ brand: op.Brand }>('CreateBrandPayload').implement({
    fields: (t) => ({ brand: t.field({ type: BrandType, resolve: (p) => p.brand }) }),
  });

  builder.mutationFields((t) => ({
    createBrand: t.field({
      type: CreateBrandPayload,
      args: { input: t.arg({ type: CreateBrandInput, required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        return { brand: await op.createBrand(ctx.db, actor, parse(createBrandBodySchema, args.input)) };
      },
    }),
  }));
}
