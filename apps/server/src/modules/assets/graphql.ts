import { createAssetBodySchema, encodeBase64Id } from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import { AssetCopyrightRef, AssetLicenseRef } from '../licences/public.js';
import { AssetCustomMetadataRef } from '../metadata/public.js';
import * as op from './operations.js';
import type { Asset } from './presenter.js';

/** The GraphQL `Asset` type, for fields other modules add to it (`Asset.comments`). */
export const AssetRef = builder.objectRef<Asset>('Asset');

/** Adds the assets domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function assetGraphql(): void {
  const deps = (ctx: GqlContext): op.AssetDeps => ({ db: ctx.db, secret: ctx.config.sessionSecret, jobsEnqueued: ctx.jobsEnqueued });

  const Breadcrumb = builder.objectRef<{ id: number; name: string }>('FolderCrumb').implement({
    fields: (t) => ({ id: t.id({ resolve: (f) => encodeBase64Id('Folder', f.id) }), name: t.exposeString('name') }),
  });

  const TagSourceEnum = builder.enumType('TagSource', { values: ['MANUAL', 'AUTO'] as const });
  const Tag = builder.objectRef<{ value: string; source: 'MANUAL' | 'AUTO' }>('AssetTag').implement({
    fields: (t) => ({ value: t.exposeString('value'), source: t.field({ type: TagSourceEnum, resolve: (g) => g.source }) }),
  });

  /** The GraphQL view of the one asset presenter: its snake_case names in camelCase. */
  const AssetType = AssetRef.implement({
    fields: (t) => ({
      id: t.id({ resolve: (a) => encodeBase64Id('Asset', a.id) }),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      status: t.exposeString('status'),
      type: t.exposeString('type'),
      extension: t.string({ nullable: true, resolve: (a) => a.extension }),
      size: t.float({ nullable: true, resolve: (a) => a.size }),
      width: t.int({ nullable: true, resolve: (a) => a.width }),
      height: t.int({ nullable: true, resolve: (a) => a.height }),
      duration: t.float({ nullable: true, resolve: (a) => a.duration }),
      pageCount: t.int({ nullable: true, resolve: (a) => a.page_count }),
      hasAlpha: t.exposeBoolean('has_alpha'),
      filename: t.string({ nullable: true, resolve: (a) => a.filename }),
      fileCreatedAt: t.string({ nullable: true, resolve: (a) => a.file_created_at }),
      createdAt: t.exposeString('created_at'),
      modifiedAt: t.exposeString('modified_at'),
      previewUrl: t.string({ nullable: true, resolve: (a) => a.preview_url }),
      thumbnailUrl: t.string({ nullable: true, resolve: (a) => a.thumbnail_url }),
      downloadUrl: t.string({ nullable: true, resolve: (a) => a.download_url }),
      previewBackgroundColor: t.string({ nullable: true, resolve: (a) => a.preview_background_color }),
      computedAlternativeText: t.exposeString('computed_alternative_text'),
      assetToken: t.exposeString('asset_token'),
      expiresAt: t.string({ nullable: true, resolve: (a) => a.expires_at }),
      isExpired: t.exposeBoolean('is_expired'),
      breadcrumbs: t.field({ type: [Breadcrumb], resolve: (a) => a.location.breadcrumbs }),
      // Loaded with the asset, for a whole list in one query (licences/public.ts rightsOf in presentMany).
      copyright: t.field({ type: AssetCopyrightRef, resolve: (a) => a.copyright }),
      licenses: t.field({ type: [AssetLicenseRef], resolve: (a) => a.licenses }),
      requiresConsent: t.exposeBoolean('requires_consent'),
      tags: t.field({ type: [Tag], resolve: (a) => a.tags }),
      customMetadata: t.field({ type: [AssetCustomMetadataRef], resolve: (a) => a.custom_metadata }),
    }),
  });

  builder.queryFields((t) => ({
    asset: t.field({
      type: AssetType,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.getAsset(deps(ctx), actorOf(ctx), numericId(args.id, 'Asset'), { includeUrls: true }),
    }),
  }));

  const CreateAssetInput = builder.inputType('CreateAssetInput', {
    fields: (t) => ({
      fileId: t.id({ required: true }),
      projectId: t.id({ required: true }),
      setId: t.id({ required: false }),
      title: t.string({ required: false }),
    }),
  });
  const CreateAssetPayload = builder.objectRef<{ asset: Asset }>('CreateAssetPayload').implement({
    fields: (t) => ({ asset: t.field({ type: AssetType, resolve: (p) => p.asset }) }),
  });

  builder.mutationFields((t) => ({
    createAsset: t.field({
      type: CreateAssetPayload,
      args: { input: t.arg({ type: CreateAssetInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(createAssetBodySchema, {
          file_id: String(input.fileId),
          project_id: numericId(input.projectId, 'Project'),
          set_id: input.setId ? numericId(input.setId, 'Folder') : null,
          ...(input.title ? { title: input.title } : {}),
        });
        return { asset: await op.createAsset(deps(ctx), actor, body) };
      },
    }),
  }));
}
