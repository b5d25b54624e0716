import { encodeBase64Id, type ProjectContext, updateProjectBodySchema } from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

type Summary = Awaited<ReturnType<typeof op.listProjects>>[number];

/** Adds the projects domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function projectGraphql(): void {
  const ProjectPermissions = builder.objectRef<Summary['permissions']>('ProjectPermissions').implement({
    fields: (t) => ({
      level: t.exposeString('level'),
      canEdit: t.exposeBoolean('canEdit'),
      canAdmin: t.exposeBoolean('canAdmin'),
      canCreateAssets: t.exposeBoolean('canCreateAssets'),
    }),
  });

  const ProjectType = builder.objectRef<Summary>('Project').implement({
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('Project', p.id) }),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      projectType: t.exposeString('project_type'),
      assetTotal: t.exposeInt('asset_count'),
      createdAt: t.exposeString('created_at'),
      permissions: t.field({ type: ProjectPermissions, resolve: (p) => p.permissions }),
    }),
  });

  const LibrariesAndProjects = builder.objectRef<{ libraries: Summary[]; workspaceProjects: Summary[] }>('LibrariesAndProjects').implement({
    fields: (t) => ({
      libraries: t.field({ type: [ProjectType], resolve: (r) => r.libraries }),
      workspaceProjects: t.field({ type: [ProjectType], resolve: (r) => r.workspaceProjects }),
    }),
  });

  builder.queryFields((t) => ({
    /** The libraries and workspace projects of a brand that the caller can see. */
    librariesAndProjects: t.field({
      type: LibrariesAndProjects,
      args: { brandId: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const all = await op.listProjects(ctx.db, actorOf(ctx), { brandId: numericId(args.brandId, 'Brand') });
        return {
          libraries: all.filter((p) => p.project_type !== 'WORKSPACE'),
          workspaceProjects: all.filter((p) => p.project_type === 'WORKSPACE'),
        };
      },
    }),
  }));

  const WorkspaceProject = builder.objectRef<ProjectContext>('WorkspaceProject').implement({
    description: 'A workspace project (data-api.md §3 "Workspace project").',
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('Project', p.id) }),
      name: t.exposeString('name'),
      description: t.exposeString('description'),
      beginsAt: t.string({ nullable: true, resolve: (p) => p.begins_at }),
      endsAt: t.string({ nullable: true, resolve: (p) => p.ends_at }),
      createdAt: t.exposeString('created_at'),
      assetTotal: t.exposeInt('asset_count'),
    }),
  });

  builder.mutationFields((t) => ({
    /** Changes a workspace's name, description and dates, as PATCH /api/project/{id} (ADMIN); null clears a date. */
    updateWorkspaceProject: t.field({
      type: WorkspaceProject,
      args: {
        projectId: t.arg.id({ required: true }),
        name: t.arg.string({ required: false }),
        description: t.arg.string({ required: false }),
        beginsAt: t.arg.string({ required: false }),
        endsAt: t.arg.string({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const fields = {
          name: args.name ?? undefined,
          description: args.description ?? undefined,
          date_begin: args.beginsAt,
          date_end: args.endsAt,
        };
        const body = parse(updateProjectBodySchema, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
        return op.updateWorkspaceProject(ctx.db, actor, numericId(args.projectId, 'Project'), body);
      },
    }),
  }));
}
