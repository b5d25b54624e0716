import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { type FileDeps, ingestFile, presentUpload } from './operations.js';

/** Adds the files domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function fileGraphql(): void {
  const deps = (ctx: GqlContext): FileDeps => ({ db: ctx.db, storage: ctx.storage, config: ctx.config });

  /** The camelCase view of the `POST /api/upload` answer; `id` (the upload's token) is what `createAsset(input: {fileId})` takes. */
  const UploadedFile = builder.objectRef<ReturnType<typeof presentUpload>>('UploadedFile').implement({
    fields: (t) => ({
      id: t.id({ resolve: (f) => f.file_id }),
      name: t.string({ resolve: (f) => f.payload.name }),
      extension: t.string({ resolve: (f) => f.payload.extension }),
      size: t.float({ resolve: (f) => f.payload.size }),
      mimeType: t.string({ resolve: (f) => f.payload.mime_type }),
      genericUrl: t.exposeString('generic_url'),
    }),
  });

  const UploadFileInput = builder.inputType('UploadFileInput', {
    fields: (t) => ({
      projectId: t.id({ required: true }),
      file: t.field({ type: 'Upload', required: true }),
    }),
  });

  const UploadFilePayload = builder.objectRef<{ file: ReturnType<typeof presentUpload> }>('UploadFilePayload').implement({
    fields: (t) => ({ file: t.field({ type: UploadedFile, resolve: (p) => p.file }) }),
  });

  builder.mutationFields((t) => ({
    uploadFile: t.field({
      type: UploadFilePayload,
      description: 'Stores a file sent as a GraphQL multipart request, with the checks of POST /api/upload.',
      args: { input: t.arg({ type: UploadFileInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const projectId = numericId(input.projectId, 'Project');
        const upload = await input.file;
        const file = await ingestFile(deps(ctx), actor, { projectId, originalName: upload.filename, source: { stream: upload.stream } });
        return { file: presentUpload(file) };
      },
    }),
  }));
}
