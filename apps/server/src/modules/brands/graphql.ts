import { createBrandBodySchema, encodeBase64Id } from '@emblem/core';
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

  builder.queryFields((t) => ({
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
