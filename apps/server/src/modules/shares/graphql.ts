import {
  createPermissionTokenBodySchema,
  createShareLinkBodySchema,
  encodeBase64Id,
  type PermissionTokenResponse,
  permissionTokenListBodySchema,
  type ShareLinkResponse,
  updateShareLinkBodySchema,
} from '@emblem/core';
import { requireAsset, requireCollection, requireFolder } from '../../access/index.js';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { ValidationError } from '../../http/errors.js';
import { parse } from '../../http/validate.js';
import type { AssetDeps } from '../assets/public.js';
import { AssetCopyrightRef, AssetLicenseRef } from '../licences/public.js';
import * as op from './operations.js';
import { assetWithPermissionToken, createPermissionToken, listByPermissionToken } from './permission-tokens.js';

type TokenAsset = Awaited<ReturnType<typeof assetWithPermissionToken>>;

/**
 * Share links and permission tokens in GraphQL (data-api.md §7.2 "share links by usage keys", "asset viewer with
 * token", "shared assets"; §7.3 Sharing): each resolver parses its input with the REST schema and calls the same
 * operation as REST.
 */
export function shareGraphql(): void {
  const shareDeps = (ctx: GqlContext): op.ShareDeps => ({ db: ctx.db, publicUrl: ctx.config.publicUrl });
  const assetDeps = (ctx: GqlContext): AssetDeps => ({ db: ctx.db, secret: ctx.config.sessionSecret, jobsEnqueued: ctx.jobsEnqueued });

  const ShareLink = builder.objectRef<ShareLinkResponse>('ShareLink').implement({
    fields: (t) => ({
      id: t.id({ resolve: (l) => encodeBase64Id('ShareLink', l.id) }),
      /** The public address: only in the answer of createShareLink or renewShareLinkAddress (only its hash is kept). */
      url: t.string({ nullable: true, resolve: (l) => l.url }),
      isEnabled: t.exposeBoolean('is_enabled'),
      isPasswordProtected: t.exposeBoolean('is_password_protected'),
      hasExpirationDate: t.exposeBoolean('has_expiration_date'),
      expiresAt: t.string({ nullable: true, resolve: (l) => l.expires_at }),
      isExpired: t.exposeBoolean('is_expired'),
      type: t.exposeString('type'),
      download: t.exposeString('download'),
      openCount: t.exposeInt('open_count'),
      downloadCount: t.exposeInt('download_count'),
      lastOpenedAt: t.string({ nullable: true, resolve: (l) => l.last_opened_at }),
      createdAt: t.exposeString('created_at'),
      assetIds: t.idList({ resolve: (l) => l.asset_ids.map((id) => encodeBase64Id('Asset', id)) }),
      folderId: t.id({ nullable: true, resolve: (l) => (l.set_id === null ? null : encodeBase64Id('Folder', l.set_id)) }),
      collectionId: t.id({
        nullable: true,
        resolve: (l) => (l.collection_id === null ? null : encodeBase64Id('Collection', l.collection_id)),
      }),
    }),
  });

  const PermissionToken = builder.objectRef<PermissionTokenResponse>('PermissionToken').implement({
    fields: (t) => ({
      /** Shown this once: only its hash is kept. */
      token: t.exposeString('token'),
      permissionLevel: t.exposeString('permission_level'),
      assetIds: t.idList({ resolve: (p) => p.asset_ids.map((id) => encodeBase64Id('Asset', id)) }),
      expiresAt: t.exposeString('expires_at'),
    }),
  });

  /** An asset as a permission token's holder sees it: details and signed previews, no download. */
  const TokenAssetType = builder.objectRef<TokenAsset>('TokenAsset').implement({
    fields: (t) => ({
      id: t.id({ resolve: (a) => encodeBase64Id('Asset', a.id) }),
      title: t.exposeString('title'),
      description: t.exposeString('description'),
      type: t.exposeString('type'),
      extension: t.string({ nullable: true, resolve: (a) => a.extension }),
      width: t.int({ nullable: true, resolve: (a) => a.width }),
      height: t.int({ nullable: true, resolve: (a) => a.height }),
      computedAlternativeText: t.exposeString('computed_alternative_text'),
      previewUrl: t.string({ nullable: true, resolve: (a) => a.preview_url }),
      thumbnailUrl: t.string({ nullable: true, resolve: (a) => a.thumbnail_url }),
      previewBackgroundColor: t.string({ nullable: true, resolve: (a) => a.preview_background_color }),
      // The terms the holder uses the asset under (loaded with the token's assets in one query).
      copyright: t.field({ type: AssetCopyrightRef, resolve: (a) => a.copyright }),
      licenses: t.field({ type: [AssetLicenseRef], resolve: (a) => a.licenses }),
    }),
  });

  builder.queryFields((t) => ({
    /** The links of one asset, folder or collection (exactly one key) that the caller may manage (EDIT). */
    shareLinksByUsageKeys: t.field({
      type: [ShareLink],
      args: {
        assetId: t.arg.id({ required: false }),
        folderId: t.arg.id({ required: false }),
        collectionId: t.arg.id({ required: false }),
      },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const keys = [args.assetId, args.folderId, args.collectionId].filter((k) => k != null);
        if (keys.length !== 1) throw new ValidationError({ assetId: ['Give exactly one of assetId, folderId and collectionId'] });
        if (args.assetId != null) {
          const id = numericId(args.assetId, 'Asset');
          const { asset } = await requireAsset(ctx.db, actor, id, 'asset.edit');
          return op.listShareLinks(ctx.db, actor, asset.projectId, { asset_id: id });
        }
        if (args.folderId != null) {
          const id = numericId(args.folderId, 'Folder');
          const { project } = await requireFolder(ctx.db, actor, id, 'folder.edit');
          return op.listShareLinks(ctx.db, actor, project.id, { set_id: id });
        }
        const id = numericId(args.collectionId as string | number, 'Collection');
        const { collection } = await requireCollection(ctx.db, actor, id, 'collection.edit');
        return op.listShareLinks(ctx.db, actor, collection.projectId, { collection_id: id });
      },
    }),
    /** One asset of a permission token (needs no session); without assetId, the token's first asset. */
    assetViewerWithToken: t.field({
      type: TokenAssetType,
      args: {
        token: t.arg.string({ required: true }),
        assetId: t.arg.id({ required: false }),
        previewWidth: t.arg.int({ required: false }),
      },
      resolve: async (_r, args, ctx) => {
        const { permission_token, preview_width } = parse(permissionTokenListBodySchema, {
          permission_token: args.token,
          ...(args.previewWidth != null ? { preview_width: args.previewWidth } : {}),
        });
        if (args.assetId != null)
          return assetWithPermissionToken(assetDeps(ctx), permission_token, numericId(args.assetId, 'Asset'), preview_width);
        const page = await listByPermissionToken(assetDeps(ctx), { permission_token, include_preview_url: true, preview_width });
        const first = page.items[0];
        if (!first) throw new ValidationError({ token: ['None of this token’s assets is available any more'] });
        return first as TokenAsset;
      },
    }),
    /** Every live asset of a permission token (needs no session). */
    sharedAssets: t.field({
      type: [TokenAssetType],
      args: { permissionToken: t.arg.string({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const body = parse(permissionTokenListBodySchema, { permission_token: args.permissionToken, include_preview_url: true });
        return (await listByPermissionToken(assetDeps(ctx), body)).items as TokenAsset[];
      },
    }),
  }));

  const DownloadArg = { required: false } as const;
  builder.mutationFields((t) => ({
    createShareLink: t.field({
      type: ShareLink,
      args: {
        type: t.arg.string({ required: true }),
        assetIds: t.arg.idList({ required: false }),
        folderId: t.arg.id({ required: false }),
        collectionId: t.arg.id({ required: false }),
        password: t.arg.string({ required: false }),
        expiresAt: t.arg.string({ required: false }),
        download: t.arg.string(DownloadArg),
      },
      resolve: (_r, args, ctx) => {
        const body = parse(createShareLinkBodySchema, {
          type: args.type,
          ...(args.assetIds != null ? { asset_ids: args.assetIds.map((id) => numericId(id, 'Asset')) } : {}),
          ...(args.folderId != null ? { set_id: numericId(args.folderId, 'Folder') } : {}),
          ...(args.collectionId != null ? { collection_id: numericId(args.collectionId, 'Collection') } : {}),
          ...(args.password != null ? { password: args.password } : {}),
          ...(args.expiresAt != null ? { expires_at: args.expiresAt } : {}),
          ...(args.download != null ? { download: args.download } : {}),
        });
        return op.createShareLink(shareDeps(ctx), actorOf(ctx), body);
      },
    }),
    /** Changes a link; `removePassword` / `removeExpiry` clear them (GraphQL cannot tell null from absent here). */
    updateShareLink: t.field({
      type: ShareLink,
      args: {
        id: t.arg.id({ required: true }),
        isEnabled: t.arg.boolean({ required: false }),
        password: t.arg.string({ required: false }),
        removePassword: t.arg.boolean({ required: false }),
        expiresAt: t.arg.string({ required: false }),
        removeExpiry: t.arg.boolean({ required: false }),
        download: t.arg.string(DownloadArg),
      },
      resolve: (_r, args, ctx) => {
        const body = parse(updateShareLinkBodySchema, {
          ...(args.isEnabled != null ? { is_enabled: args.isEnabled } : {}),
          ...(args.password != null ? { password: args.password } : args.removePassword ? { password: null } : {}),
          ...(args.expiresAt != null ? { expires_at: args.expiresAt } : args.removeExpiry ? { expires_at: null } : {}),
          ...(args.download != null ? { download: args.download } : {}),
        });
        return op.updateShareLink(ctx.db, actorOf(ctx), numericId(args.id, 'ShareLink'), body);
      },
    }),
    /** A new address for a link (in this answer only); the old one stops working at once. */
    renewShareLinkAddress: t.field({
      type: ShareLink,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.renewShareLinkAddress(shareDeps(ctx), actorOf(ctx), numericId(args.id, 'ShareLink')),
    }),
    deleteShareLink: t.field({
      type: 'Boolean',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        await op.deleteShareLink(ctx.db, actorOf(ctx), numericId(args.id, 'ShareLink'));
        return true;
      },
    }),
    createPermissionToken: t.field({
      type: PermissionToken,
      args: {
        assetIds: t.arg.idList({ required: true }),
        permissionLevel: t.arg.string({ required: true }),
        expiresIn: t.arg.int({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const body = parse(createPermissionTokenBodySchema, {
          asset_ids: args.assetIds.map((id) => numericId(id, 'Asset')),
          permission_level: args.permissionLevel,
          ...(args.expiresIn != null ? { expires_in: args.expiresIn } : {}),
        });
        return createPermissionToken(ctx.db, actorOf(ctx), body);
      },
    }),
  }));
}
