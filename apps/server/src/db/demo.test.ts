import { expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { forEachBackend } from '../test/harness.js';
import { seedDemoContent } from './demo.js';

forEachBackend('demo content (issue 14 item 13)', (env) => {
  it('fills a brand with libraries of generated files that process into previews', async () => {
    const { owner } = await env().factories.account();
    const brand = await env().factories.brand(owner.actor, 'Acme');
    const started = env().started;
    const demo = await seedDemoContent(
      { db: started.database.db, storage: started.app.storage, config: started.app.config, jobsEnqueued: () => {} },
      owner.actor,
      brand.id,
    );
    await env().drainJobs();
    const admin = await env().signIn(owner);

    const projects = (await admin.get(`/brand/${brand.id}/projects`)).body.data as { name: string; project_type: string }[];
    expect(projects.map((p) => [p.name, p.project_type]).sort()).toEqual([
      ['Acme brand guidelines', 'STYLEGUIDE'],
      ['Documents', 'DOCUMENTLIBRARY'],
      ['Logos', 'LOGOLIBRARY'],
      ['Photography', 'MEDIALIBRARY'],
      ['Spring launch', 'WORKSPACE'],
    ]);

    // Twelve photos in three folders, each a real JPEG that processed into previews.
    const folders = (await admin.get(`/project/${demo.mediaLibraryId}/sets`)).body.data as {
      name: string;
      total_asset_count: number;
    }[];
    expect(folders.map((f) => [f.name, f.total_asset_count]).sort()).toEqual([
      ['Landscapes', 4],
      ['Night and city', 4],
      ['Spring campaign', 4],
    ]);
    const photo = (await admin.get(`/asset/${demo.assetIds['Alpine sunrise']}`)).body.data as {
      status: string;
      extension: string;
      width: number;
      height: number;
    };
    expect(photo).toMatchObject({ status: 'FINISHED', extension: 'jpg', width: 1600, height: 1067 });

    // Custom metadata on the photographs (usage rights, photographer, shoot date), searchable and faceted.
    const properties = (await admin.get(`/brand/${brand.id}/custom-metadata-properties?project_id=${demo.mediaLibraryId}`)).body.data
      .properties as {
      id: number;
      name: string;
      type: string;
      asset_count: number;
    }[];
    expect(properties.map((p) => [p.name, p.type, p.asset_count])).toEqual([
      ['Usage rights', 'SELECT', 12],
      ['Photographer', 'TEXT', 12],
      ['Shoot date', 'DATE', 12],
    ]);
    const usage = `custom_metadata.${properties[0]?.id}`;
    const found = await admin.post('/asset/search', { brand_id: brand.id, query: 'tomás', facets: [usage] });
    expect(found.body.data.total).toBe(4);
    expect(found.body.data.facets[usage]).toMatchObject([{ label: 'Web and social', count: 4 }]);

    // Logos in SVG (sanitised on upload) and PNG, and a PDF that renders a preview.
    for (const [title, extension] of [
      ['Acme logo', 'svg'],
      ['Acme mark', 'svg'],
      ['Acme logo (white)', 'svg'],
      ['Acme logo (PNG)', 'png'],
      ['Acme brand book', 'pdf'],
    ] as const) {
      const asset = (await admin.get(`/asset/${demo.assetIds[title]}`)).body.data as { status: string; extension: string };
      expect(asset, title).toMatchObject({ status: 'FINISHED', extension });
    }

    // A published guideline in the brand's portal, which members of the account read.
    const member = await env().signIn(await env().factories.member(owner.actor.accountId));
    const hub = (await member.get(`/hub/pages/${demo.portalId}`)).body.data as {
      documents: { id: number; title: string; published: boolean; pages: { title: string }[] }[];
    };
    expect(hub.documents.map((d) => [d.id, d.title, d.published])).toEqual([[demo.guidelineId, 'Acme brand guidelines', true]]);
    expect(hub.documents[0]?.pages.map((p) => p.title)).toEqual(['Cover', 'Logo', 'Colour', 'Typography', 'Photography']);
  });

  it('is on by default and EMBLEM_DEMO=false turns it off', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).demo).toBe(true);
    expect(loadConfig({ DATA_DIR: '/tmp/x', EMBLEM_DEMO: 'false' }).demo).toBe(false);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', EMBLEM_DEMO: 'no' })).toThrow(/EMBLEM_DEMO/);
  });
});
