import { encodeBase64Id } from '@emblem/core';
import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';

forEachBackend('assets and projects over GraphQL', (env) => {
  it('lists the libraries and projects of a brand and creates an asset from a file', async () => {
    const { owner } = await env().factories.account();
    const library = await env().factories.project(owner.actor, { type: 'LOGOLIBRARY', name: 'Logos' });
    await env().factories.project(owner.actor, { type: 'WORKSPACE', brandId: library.brandId, name: 'Launch' });
    const c = await env().signIn(owner);
    const listed = await c.graphql(
      'query($b: ID!) { librariesAndProjects(brandId: $b) { libraries { name projectType } workspaceProjects { name projectType } } }',
      { b: encodeBase64Id('Brand', library.brandId) },
    );
    expect(listed.body.errors).toBeUndefined();
    expect(listed.body.data.librariesAndProjects).toEqual({
      libraries: [{ name: 'Logos', projectType: 'LOGOLIBRARY' }],
      workspaceProjects: [{ name: 'Launch', projectType: 'WORKSPACE' }],
    });

    const file = await env().factories.file(owner.actor, {
      name: 'mark.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    const created = await c.graphql('mutation($i: CreateAssetInput!) { createAsset(input: $i) { asset { id title type status } } }', {
      i: { fileId: file.id, projectId: encodeBase64Id('Project', library.id) },
    });
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createAsset.asset).toMatchObject({ title: 'mark', type: 'Image', status: 'PROCESSING' });
    const id = created.body.data.createAsset.asset.id;
    const read = await c.graphql('query($id: ID!) { asset(id: $id) { title breadcrumbs { name } } }', { id });
    expect(read.body.data.asset).toEqual({ title: 'mark', breadcrumbs: [] });
  });

  it('refuses a project id passed as a file id (a file id is an upload token)', async () => {
    const { owner } = await env().factories.account();
    const library = await env().factories.project(owner.actor);
    const c = await env().signIn(owner);
    const res = await c.graphql('mutation($i: CreateAssetInput!) { createAsset(input: $i) { asset { id } } }', {
      i: { fileId: encodeBase64Id('Project', library.id), projectId: encodeBase64Id('Project', library.id) },
    });
    expect(res.body.errors[0].message).toBe('Unknown or expired upload');
    expect(res.body.errors[0].extensions.errors.file_id).toEqual(expect.any(Array));
  });
});
