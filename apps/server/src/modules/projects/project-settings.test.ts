import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { events } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, upload, uploadAsset } from '../../test/media.js';

type Level = 'VIEW' | 'COMMENT' | 'EDIT' | 'ADMIN';

forEachBackend('project settings', (env) => {
  /** An account whose owner is signed in, with a workspace project under a brand. */
  async function setup(type = 'WORKSPACE') {
    const { owner, accountId } = await env().factories.account();
    const project = await env().factories.project(owner.actor, { type, name: 'Summer campaign' });
    return { owner, accountId, project, c: await env().signIn(owner) };
  }

  async function collaborator(c: Client, accountId: number, projectId: number, level: Level) {
    const user = await env().factories.member(accountId);
    expect((await c.put(`/project/${projectId}/user/${user.id}`, { level })).status).toBe(200);
    return env().signIn(user);
  }

  const sizes = async (c: Client, id: number) => (await c.get(`/project/${id}/download-custom-sizes`)).body.data;

  it('saves name, description, dates, blocked extensions and download sizes with PATCH', async () => {
    const { c, project } = await setup();
    const res = await c.patch(`/project/${project.id}`, {
      name: ' Winter campaign ',
      description: 'Snow and lights',
      date_begin: '2025-11-01',
      date_end: '2026-01-31',
      blocked_extensions: ['.EXE', 'bat', 'exe'],
      download_custom_sizes: [
        { name: 'Web', width: 1200, format: 'JPG' },
        { name: 'Square', width: 600, height: 600, format: 'png' },
      ],
      i18n: 'en',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Winter campaign',
      description: 'Snow and lights',
      blocked_extensions: ['exe', 'bat'],
      project_blocked_extensions: ['exe', 'bat'],
      download_custom_sizes: [
        { name: 'Web', width: 1200, height: null, format: 'jpeg' },
        { name: 'Square', width: 600, height: 600, format: 'png' },
      ],
    });
    expect(res.body.data.begins_at.slice(0, 10)).toBe('2025-11-01');
    expect(res.body.data.ends_at.slice(0, 10)).toBe('2026-01-31');
    expect((await sizes(c, project.id)).map((s: { name: string }) => s.name)).toEqual(['Web', 'Square']);
    // Clearing the dates and lists.
    const cleared = await c.patch(`/project/${project.id}`, {
      date_begin: null,
      date_end: null,
      blocked_extensions: [],
      download_custom_sizes: [],
    });
    expect(cleared.body.data).toMatchObject({ begins_at: null, ends_at: null, blocked_extensions: [], download_custom_sizes: [] });
  });

  it('records the changed API fields in the project:update event', async () => {
    const { c, project } = await setup();
    expect((await c.patch(`/project/${project.id}`, { description: 'New', date_end: '2026-02-01', i18n: 'en' })).status).toBe(200);
    const [event] = await env()
      .started.database.db.select({ data: events.data })
      .from(events)
      .where(and(eq(events.type, 'project:update'), eq(events.subjectId, project.id)))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event?.data).toEqual({ fields: ['description', 'date_end'] });
  });

  it('merges the account list into project_blocked_extensions but answers the project list on its own', async () => {
    const { c, project } = await setup();
    await c.patch('/account', { blocked_extensions: ['exe', 'psd'] });
    const res = await c.patch(`/project/${project.id}`, { blocked_extensions: ['psd', 'bat'] });
    expect(res.body.data.blocked_extensions).toEqual(['psd', 'bat']);
    expect([...res.body.data.project_blocked_extensions].sort()).toEqual(['bat', 'exe', 'psd']);
  });

  it('answers a body with only the toolkit language unchanged', async () => {
    const { c, project } = await setup();
    const res = await c.patch(`/project/${project.id}`, { i18n: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.name).toBe('Summer campaign');
  });

  it('refuses an end before the begin, also against the stored begin (400)', async () => {
    const { c, project } = await setup();
    expectRefused(await c.patch(`/project/${project.id}`, { date_begin: '2025-06-10', date_end: '2025-06-01' }), 400, ['date_end']);
    expect((await c.patch(`/project/${project.id}`, { date_begin: '2025-06-10' })).status).toBe(200);
    expectRefused(await c.patch(`/project/${project.id}`, { date_end: '2025-06-09' }), 400, ['date_end']);
    expect((await c.patch(`/project/${project.id}`, { date_end: '2025-06-10' })).status).toBe(200);
    expectRefused(await c.patch(`/project/${project.id}`, { date_begin: '2025-06-11' }), 400, ['date_end']);
    expectRefused(await c.patch(`/project/${project.id}`, { date_end: 'soon' }), 400, ['date_end']);
  });

  it('refuses bad lists with the field that is wrong (400) and keeps the project as it was', async () => {
    const { c, project } = await setup();
    expectRefused(await c.patch(`/project/${project.id}`, { blocked_extensions: ['exe', 'tar.gz'] }), 400, ['blocked_extensions.1']);
    expectRefused(await c.patch(`/project/${project.id}`, { name: '' }), 400, ['name']);
    const duplicate = await c.patch(`/project/${project.id}`, {
      download_custom_sizes: [
        { name: 'Web', width: 100, format: 'png' },
        { name: 'web', width: 200, format: 'png' },
      ],
    });
    expectRefused(duplicate, 400, ['download_custom_sizes.1.name']);
    expectRefused(await c.patch(`/project/${project.id}`, { download_custom_sizes: [{ name: 'A', width: 0, format: 'png' }] }), 400, [
      'download_custom_sizes.0.width',
    ]);
    expectRefused(await c.patch(`/project/${project.id}`, { download_custom_sizes: [{ name: 'A', width: 10, format: 'gif' }] }), 400, [
      'download_custom_sizes.0.format',
    ]);
    expectRefused(await c.patch(`/project/${project.id}`, { download_custom_sizes: [{ name: 'A', format: 'png' }] }), 400, [
      'download_custom_sizes.0.width',
    ]);
    const got = (await c.get(`/project/${project.id}`)).body.data;
    expect(got).toMatchObject({ name: 'Summer campaign', blocked_extensions: [], download_custom_sizes: [] });
  });

  it('refuses collaborators below ADMIN (403) and people who cannot see the project (404) on every settings call', async () => {
    const { c, accountId, project } = await setup();
    await c.patch(`/project/${project.id}`, {
      blocked_extensions: ['exe'],
      download_custom_sizes: [{ name: 'Web', width: 100, format: 'png' }],
    });
    const calls = (client: Client) => [
      client.patch(`/project/${project.id}`, { name: 'Taken over' }),
      client.post(`/project/${project.id}/blocked-extensions`, { extension: 'psd' }),
      client.put(`/project/${project.id}/blocked-extensions/exe`, { label: 'com' }),
      client.put(`/project/${project.id}/blocked-extensions/position`, { items: ['exe'] }),
      client.delete(`/project/${project.id}/blocked-extensions/exe`),
      client.post(`/project/${project.id}/download-custom-sizes`, { size: { label: 'Print', width: 3000, format: 'png' } }),
      client.put(`/project/${project.id}/download-custom-sizes/Web`, { label: 'Web', width: 50, format: 'png' }),
      client.put(`/project/${project.id}/download-custom-sizes/position`, { items: ['Web'] }),
      client.delete(`/project/${project.id}/download-custom-sizes/Web`),
    ];
    const editor = await collaborator(c, accountId, project.id, 'EDIT');
    for (const res of await Promise.all(calls(editor))) expectRefused(res, 403);
    const stranger = await env().signIn(await env().factories.member(accountId));
    for (const res of await Promise.all(calls(stranger))) expectRefused(res, 404);
    const otherAccount = await env().signIn((await env().factories.account()).owner);
    for (const res of await Promise.all(calls(otherAccount))) expectRefused(res, 404);
    // Unknown project: 404 too.
    expectRefused(await c.post('/project/2000000000/download-custom-sizes', { size: { label: 'X', width: 1, format: 'png' } }), 404);

    const got = (await c.get(`/project/${project.id}`)).body.data;
    expect(got).toMatchObject({
      name: 'Summer campaign',
      blocked_extensions: ['exe'],
      download_custom_sizes: [{ name: 'Web', width: 100, height: null, format: 'png' }],
    });
    // A project ADMIN collaborator who is not an account admin may.
    const projectAdmin = await collaborator(c, accountId, project.id, 'ADMIN');
    expect((await projectAdmin.post(`/project/${project.id}/blocked-extensions`, { extension: 'psd' })).status).toBe(201);
    expect((await projectAdmin.patch(`/project/${project.id}`, { description: 'Mine now' })).status).toBe(200);
  });

  it('edits blocked extensions one at a time; refuses duplicates (409), bad input (400), unknown entries (404)', async () => {
    const { c, project } = await setup();
    const base = `/project/${project.id}/blocked-extensions`;
    const added = await c.post(base, { extension: { label: '.EXE', value: '0-exe', visible: true }, i18n: 'en' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({
      success: true,
      data: { blocked_extensions: ['exe'] },
      savedEntry: { id: 'exe', label: 'exe', value: 'exe' },
    });
    await c.post(base, { extension: 'bat' });
    expect((await c.put(`${base}/bat`, { id: 'bat', label: 'cmd', value: 'bat' })).body.savedEntry).toEqual({
      id: 'cmd',
      label: 'cmd',
      value: 'cmd',
    });
    expect((await c.put(`${base}/position`, { items: ['cmd', 'exe'] })).body.data.blocked_extensions).toEqual(['cmd', 'exe']);
    expectRefused(await c.post(base, { extension: 'EXE' }), 409, ['extension.label']);
    expectRefused(await c.post(base, { extension: 'a b' }), 400, ['extension.label']);
    expectRefused(await c.put(`${base}/cmd`, { label: 'exe' }), 409, ['label']);
    expectRefused(await c.put(`${base}/psd`, { label: 'ai' }), 404);
    expectRefused(await c.put(`${base}/position`, { items: ['cmd'] }), 400, ['items']);
    expect((await c.delete(`${base}/cmd`)).body.data.blocked_extensions).toEqual(['exe']);
    expectRefused(await c.delete(`${base}/cmd`), 404);
    expect((await c.get(`/project/${project.id}/asset-extension`)).body.data.blocked).toEqual(['exe']);
  });

  it('edits download sizes one at a time; refuses duplicates (409), bad sizes (400), unknown sizes (404)', async () => {
    const { c, project } = await setup();
    const base = `/project/${project.id}/download-custom-sizes`;
    const added = await c.post(base, {
      size: { label: 'Web', value: '0-web', visible: true, width: 1200, height: null, format: 'jpg' },
      i18n: 'en',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toEqual({
      success: true,
      data: [{ name: 'Web', width: 1200, height: null, format: 'jpeg', fit: 'crop' }],
      savedEntry: { id: 'Web', label: 'Web', value: 'Web', name: 'Web', width: 1200, height: null, format: 'jpeg', fit: 'crop' },
    });
    await c.post(base, { size: { name: 'Social post', width: 1080, height: 1080, format: 'png' } });
    const edited = await c.put(`${base}/${encodeURIComponent('social POST')}`, {
      id: 'Social post',
      label: 'Social',
      width: 1080,
      height: 1350,
      format: 'webp',
      fit: 'pad',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.savedEntry).toMatchObject({ id: 'Social', width: 1080, height: 1350, format: 'webp', fit: 'pad' });
    expect((await c.put(`${base}/position`, { items: ['Social', 'Web'] })).body.data.map((s: { name: string }) => s.name)).toEqual([
      'Social',
      'Web',
    ]);

    expectRefused(await c.post(base, { size: { label: 'WEB', width: 10, format: 'png' } }), 409, ['size.label']);
    expectRefused(await c.post(base, { size: { label: 'Tiny', width: -1, format: 'png' } }), 400, ['size.width']);
    expectRefused(await c.post(base, { size: { label: 'Tiny', width: 10, height: 1.5, format: 'png' } }), 400, ['size.height']);
    expectRefused(await c.post(base, { size: { label: 'Tiny', width: 10, format: 'tiff' } }), 400, ['size.format']);
    expectRefused(await c.post(base, { size: { label: 'Tiny', width: 10, height: 10, format: 'png', fit: 'stretch' } }), 400, ['size.fit']);
    expectRefused(await c.post(base, { size: { label: '', width: 10, format: 'png' } }), 400, ['size.label']);
    expectRefused(await c.put(`${base}/Social`, { label: 'Web', width: 10, format: 'png' }), 409, ['label']);
    expectRefused(await c.put(`${base}/Print`, { label: 'Print', width: 10, format: 'png' }), 404);
    expectRefused(await c.delete(`${base}/Print`), 404);
    expect((await c.delete(`${base}/web`)).body.data.map((s: { name: string }) => s.name)).toEqual(['Social']);
    expect(await sizes(c, project.id)).toEqual([{ name: 'Social', width: 1080, height: 1350, format: 'webp', fit: 'pad' }]);
  });

  it('offers a size added in the settings as a download of the project’s images', async () => {
    const { c, project } = await setup('MEDIALIBRARY');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const asset = await uploadAsset(env(), c, project.id, 'photo.jpg', photo, 'Holiday');
    expect((await fetchBytes(c, `/api/asset/${asset.id}/download?size=Thumb`)).status).toBe(400);
    expect(
      (await c.post(`/project/${project.id}/download-custom-sizes`, { size: { label: 'Thumb', width: 160, format: 'png' } })).status,
    ).toBe(201);
    const thumb = await fetchBytes(c, `/api/asset/${asset.id}/download?size=Thumb`);
    expect(thumb.status).toBe(200);
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'png', width: 160, height: 120 });
  });

  it('refuses uploads of an extension the project blocks, in that project only', async () => {
    const { owner, c, project } = await setup('MEDIALIBRARY');
    const other = await env().factories.project(owner.actor);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await c.post(`/project/${project.id}/blocked-extensions`, { extension: 'png' });
    expectRefused(await upload(c, { projectId: project.id, name: 'logo.png', bytes: png }), 400, ['file']);
    expect((await upload(c, { projectId: other.id, name: 'logo.png', bytes: png })).status).toBe(201);
  });
});
