import {
  type AssetCopyright,
  type AssetLicence,
  type AssetRightsResponse,
  COPYRIGHT_STATUSES,
  type ConsentGrant,
  consentBodySchema,
  createLicenceBodySchema,
  encodeBase64Id,
  type LicenceResponse,
  setAssetRightsBodySchema,
  updateLicenceBodySchema,
} from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import type { ConsentDeps } from './consent.js';
import * as op from './operations.js';

/*
 * Licences, copyright and usage consent in GraphQL (data-api.md §3 Asset copyright and licenses): each resolver
 * parses its input with the REST schema and calls the same operation in operations.ts, so permissions, refusals
 * and audit events are those of the REST routes (docs/api.md "Licences and usage consent").
 */

/** An asset's copyright as the asset payloads carry it (`Asset.copyright`, `TokenAsset.copyright`). */
export const AssetCopyrightRef = builder.objectRef<AssetCopyright>('AssetCopyright');
/** A licence as the asset payloads carry it (`Asset.licenses`): `license` is its text (sanitised HTML). */
export const AssetLicenseRef = builder.objectRef<AssetLicence>('AssetLicense');

/** Adds the licences domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function licenceGraphql(): void {
  const consentDeps = (ctx: GqlContext): ConsentDeps => ({ db: ctx.db, secret: ctx.config.sessionSecret });
  const licenceId = (id: string | number) => numericId(id, 'License');
  const assetId = (id: string | number) => numericId(id, 'Asset');

  /** data-api.md §3: COPYRIGHTED, PUBLIC or UNKNOWN. */
  const CopyrightStatusRef = builder.enumType('CopyrightStatus', { values: COPYRIGHT_STATUSES });
  AssetCopyrightRef.implement({
    fields: (t) => ({
      status: t.field({ type: CopyrightStatusRef, resolve: (c) => c.status }),
      notice: t.exposeString('notice'),
      isDownloadConsentRequired: t.exposeBoolean('is_download_consent_required'),
    }),
  });
  AssetLicenseRef.implement({
    fields: (t) => ({
      id: t.id({ resolve: (l) => encodeBase64Id('License', l.id) }),
      title: t.exposeString('title'),
      license: t.exposeString('license'),
      requireConsensus: t.exposeBoolean('require_consensus'),
    }),
  });

  const License = builder.objectRef<LicenceResponse>('License').implement({
    fields: (t) => ({
      id: t.id({ resolve: (l) => encodeBase64Id('License', l.id) }),
      title: t.exposeString('title'),
      /** Sanitised rich text (HTML). */
      text: t.exposeString('text'),
      requireConsensus: t.exposeBoolean('require_consensus'),
      assetCount: t.exposeInt('asset_count'),
      createdAt: t.exposeString('created_at'),
      modifiedAt: t.exposeString('modified_at'),
    }),
  });

  const AssetRights = builder.objectRef<AssetRightsResponse>('AssetRights').implement({
    fields: (t) => ({
      assetId: t.id({ resolve: (r) => encodeBase64Id('Asset', r.asset_id) }),
      copyright: t.field({ type: AssetCopyrightRef, resolve: (r) => r.copyright }),
      licenses: t.field({ type: [AssetLicenseRef], resolve: (r) => r.licenses }),
      requiresConsent: t.exposeBoolean('requires_consent'),
    }),
  });

  const ConsentGrantType = builder.objectRef<ConsentGrant>('ConsentGrant').implement({
    fields: (t) => ({
      consentToken: t.exposeString('consent_token'),
      expiresAt: t.exposeString('expires_at'),
      recorded: t.exposeInt('recorded'),
    }),
  });

  builder.queryFields((t) => ({
    /** The account's licences (every member), as GET /api/licences. */
    licenses: t.field({
      type: [License],
      resolve: (_r, _a, ctx) => op.listLicences(ctx.db, actorOf(ctx)),
    }),
  }));

  builder.mutationFields((t) => ({
    createLicense: t.field({
      type: License,
      args: {
        title: t.arg.string({ required: true }),
        text: t.arg.string({ required: false }),
        requireConsensus: t.arg.boolean({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(createLicenceBodySchema, {
          title: args.title,
          ...(args.text != null ? { text: args.text } : {}),
          ...(args.requireConsensus != null ? { require_consensus: args.requireConsensus } : {}),
        });
        return op.createLicence(ctx.db, actor, body);
      },
    }),
    updateLicense: t.field({
      type: License,
      args: {
        id: t.arg.id({ required: true }),
        title: t.arg.string({ required: false }),
        text: t.arg.string({ required: false }),
        requireConsensus: t.arg.boolean({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const id = licenceId(args.id);
        const body = parse(updateLicenceBodySchema, {
          ...(args.title != null ? { title: args.title } : {}),
          ...(args.text != null ? { text: args.text } : {}),
          ...(args.requireConsensus != null ? { require_consensus: args.requireConsensus } : {}),
        });
        return op.updateLicence(ctx.db, actor, id, body);
      },
    }),
    deleteLicense: t.field({
      type: 'Boolean',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        await op.deleteLicence(ctx.db, actor, licenceId(args.id));
        return true;
      },
    }),
    /** The asset's licences, the whole list (EDIT on its library), as PUT /api/asset/{id}/licences {licence_ids}. */
    setAssetLicenses: t.field({
      type: AssetRights,
      args: { assetId: t.arg.id({ required: true }), licenseIds: t.arg.idList({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const id = assetId(args.assetId);
        const body = parse(setAssetRightsBodySchema, { licence_ids: args.licenseIds.map(licenceId) });
        return op.setAssetRights(ctx.db, actor, id, body);
      },
    }),
    /** The asset's copyright (EDIT on its library), as PUT /api/asset/{id}/licences {copyright}; omitted fields stay. */
    updateAssetCopyright: t.field({
      type: AssetRights,
      args: {
        assetId: t.arg.id({ required: true }),
        status: t.arg({ type: CopyrightStatusRef, required: false }),
        notice: t.arg.string({ required: false }),
        isDownloadConsentRequired: t.arg.boolean({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const id = assetId(args.assetId);
        const copyright = {
          ...(args.status != null ? { status: args.status } : {}),
          ...(args.notice != null ? { notice: args.notice } : {}),
          ...(args.isDownloadConsentRequired != null ? { is_download_consent_required: args.isDownloadConsentRequired } : {}),
        };
        // No field given is "Nothing to update", as an empty REST body.
        const body = parse(setAssetRightsBodySchema, Object.keys(copyright).length ? { copyright } : {});
        return op.setAssetRights(ctx.db, actor, id, body);
      },
    }),
    /** Records the caller's acceptance (VIEW on each asset), as POST /api/asset/consent: the token downloads carry. */
    acceptAssetConsent: t.field({
      type: ConsentGrantType,
      args: { assetIds: t.arg.idList({ required: true }), licenseIds: t.arg.idList({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(consentBodySchema, { asset_ids: args.assetIds.map(assetId), licence_ids: args.licenseIds.map(licenceId) });
        return op.acceptConsent(consentDeps(ctx), actor, body);
      },
    }),
  }));
}
