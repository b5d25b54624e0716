import {
  createSubmissionRequestBodySchema,
  encodeBase64Id,
  issueSubmissionTokenBodySchema,
  type SubmissionRequestResponse,
  type SubmissionTokenResponse,
} from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/**
 * Asset submission requests in GraphQL (data-api.md §3 `id, tokens (token, expiresAt)`; §7.3 create, issue token,
 * delete): each resolver parses its input with the REST schema and calls the same operation. A token's string is
 * present only in the answer that issued it.
 */
export function submissionGraphql(): void {
  const deps = (ctx: GqlContext) => ({ db: ctx.db, publicUrl: ctx.config.publicUrl });

  const Token = builder.objectRef<SubmissionTokenResponse>('AssetSubmissionRequestToken').implement({
    fields: (t) => ({
      token: t.string({ nullable: true, resolve: (k) => k.token }),
      url: t.string({ nullable: true, resolve: (k) => k.url }),
      expiresAt: t.exposeString('expires_at'),
      isActive: t.exposeBoolean('is_active'),
    }),
  });
  const Request = builder.objectRef<SubmissionRequestResponse>('AssetSubmissionRequest').implement({
    fields: (t) => ({
      id: t.id({ resolve: (r) => encodeBase64Id('AssetSubmissionRequest', r.id) }),
      title: t.exposeString('title'),
      instructions: t.exposeString('instructions'),
      deadlineAt: t.string({ nullable: true, resolve: (r) => r.deadline_at }),
      graceHours: t.exposeInt('grace_hours'),
      tokens: t.field({ type: [Token], resolve: (r) => r.tokens }),
    }),
  });

  builder.mutationFields((t) => ({
    createAssetSubmissionRequest: t.field({
      type: Request,
      args: {
        projectId: t.arg.id({ required: true }),
        title: t.arg.string({ required: true }),
        instructions: t.arg.string({ required: false }),
        folderId: t.arg.id({ required: false }),
        deadlineAt: t.arg.string({ required: false }),
        graceHours: t.arg.int({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const body = parse(createSubmissionRequestBodySchema, {
          title: args.title,
          ...(args.instructions != null ? { instructions: args.instructions } : {}),
          ...(args.folderId != null ? { set_id: numericId(args.folderId, 'Folder') } : {}),
          ...(args.deadlineAt != null ? { deadline_at: args.deadlineAt } : {}),
          ...(args.graceHours != null ? { grace_hours: args.graceHours } : {}),
        });
        return op.createSubmissionRequest(ctx.db, actorOf(ctx), numericId(args.projectId, 'Project'), body);
      },
    }),
    issueAssetSubmissionRequestToken: t.field({
      type: Request,
      args: { id: t.arg.id({ required: true }), expiresAt: t.arg.string({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const id = numericId(args.id, 'AssetSubmissionRequest');
        const body = parse(issueSubmissionTokenBodySchema, { expires_at: args.expiresAt });
        const issued = await op.issueSubmissionToken(deps(ctx), actorOf(ctx), id, body);
        const request = await op.getSubmissionRequest(ctx.db, actorOf(ctx), id);
        return { ...request, tokens: request.tokens.map((k) => (k.id === issued.id ? issued : k)) };
      },
    }),
    deleteAssetSubmissionRequest: t.field({
      type: 'Boolean',
      args: { id: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        await op.deleteSubmissionRequest(ctx.db, actorOf(ctx), numericId(args.id, 'AssetSubmissionRequest'));
        return true;
      },
    }),
  }));
}
