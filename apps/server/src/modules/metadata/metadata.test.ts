import { encodeBase64Id } from '@emblem/core';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { assetCustomMetadata, events, userGroupMembers, userGroups } from '../../db/schema.js';
import { type Client, forEachBackend, type Json } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { assetsKit } from '../assets/assets-test-kit.js';

type Property = { id: number; options: { id: number; value: string }[]; [k: string]: unknown };

forEachBackend('custom metadata', (env) => {
  const kit = assetsKit(env);

  async function world() {
    const { owner, accountId, project, c } = await kit.setup();
    const logos = await env().factories.project(owner.actor, { brandId: project.brandId, name: 'Logos', type: 'LOGOLIBRARY' });
    const assetIds = await kit.links(c, project.id, ['One', 'Two', 'Three']);
    const [logo] = await kit.links(c, logos.id, ['Logo']);
    const brandId = project.brandId as number;
    const create = async (body: Record<string, unknown>, client: Client = c) => {
      const res = await client.post(`/brand/${brandId}/custom-metadata-properties`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as Property;
    };
    return { owner, accountId, project, logos, c, assetIds: assetIds as [number, number, number], logo: logo as number, brandId, create };
  }

  const values = (c: Client, body: Record<string, unknown>) => c.post('/asset/custom-metadata', body);
  const metadataOf = async (c: Client, id: number) => {
    const res = await c.get(`/asset/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.custom_metadata as { property_id: number; value: unknown }[];
  };

  it('creates properties of every type, lists them in order, and validates values by type', async () => {
    const w = await world();
    const text = await w.create({ name: 'Caption', type: 'TEXT', help_text: 'Shown under the image' });
    const long = await w.create({ name: 'Notes', type: 'LONGTEXT' });
    const url = await w.create({ name: 'Source', type: 'URL', should_be_opened_in_a_new_tab: true });
    const num = await w.create({ name: 'Weight', type: 'NUMBER', unit: 'kg', default_value: 2 });
    const date = await w.create({ name: 'Shoot date', type: 'DATE' });
    const usage = await w.create({ name: 'Usage', type: 'SELECT', options: [{ value: 'Web', is_default: true }, { value: 'Print' }] });
    const channels = await w.create({ name: 'Channels', type: 'MULTISELECT', options: [{ value: 'A' }, { value: 'B' }, { value: 'C' }] });

    const list = await w.c.get(`/brand/${w.brandId}/custom-metadata-properties`);
    expect(list.status).toBe(200);
    const props = list.body.data.properties as Property[];
    expect(props.map((p) => p.name)).toEqual(['Caption', 'Notes', 'Source', 'Weight', 'Shoot date', 'Usage', 'Channels']);
    expect(props[3]).toMatchObject({ unit: 'kg', default_value: 2, can_admin: true, can_edit: true, asset_count: 0, project_ids: [] });
    expect(props[5]).toMatchObject({ default_value: usage.options[0]?.id, dependency: null });
    expect(props[2]).toMatchObject({ should_be_opened_in_a_new_tab: true });

    const [a1, a2] = w.assetIds;
    const [web, print] = usage.options.map((o) => o.id) as [number, number];
    const [ca, cb, cc] = channels.options.map((o) => o.id) as [number, number, number];
    const ok = await values(w.c, {
      asset_ids: [a1],
      action: 'set',
      values: [
        { property_id: text.id, value: ' Hello ' },
        { property_id: long.id, value: 'Line one\nLine two' },
        { property_id: url.id, value: 'https://example.com/x' },
        { property_id: num.id, value: '12.5' },
        { property_id: date.id, value: '2024-02-29' },
        { property_id: usage.id, value: print },
        { property_id: channels.id, value: [cc, ca] },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ success: true, asset_count: 1, changed: 7 });
    expect(await metadataOf(w.c, a1)).toEqual([
      { property_id: text.id, type: 'TEXT', value: 'Hello' },
      { property_id: long.id, type: 'LONGTEXT', value: 'Line one\nLine two' },
      { property_id: url.id, type: 'URL', value: 'https://example.com/x' },
      { property_id: num.id, type: 'NUMBER', value: 12.5 },
      { property_id: date.id, type: 'DATE', value: '2024-02-29' },
      { property_id: usage.id, type: 'SELECT', value: print },
      { property_id: channels.id, type: 'MULTISELECT', value: [ca, cc] },
    ]);

    // Wrong types and unknown options are refused, naming the value; nothing is written.
    const refusals: [number, unknown][] = [
      [text.id, 'x'.repeat(1001)],
      [text.id, 5],
      [long.id, 'x'.repeat(20_001)],
      [url.id, 'javascript:alert(1)'],
      [num.id, 'twelve'],
      [date.id, '2023-02-29'],
      [date.id, '29/02/2024'],
      [usage.id, 999_999],
      [usage.id, [web, print]],
      [channels.id, [ca, 999_999]],
      [channels.id, [ca, ca]],
    ];
    for (const [property_id, value] of refusals) {
      expectRefused(await values(w.c, { asset_ids: [a2], action: 'set', values: [{ property_id, value }] }), 400, ['values.0.value']);
    }
    expect(await metadataOf(w.c, a2)).toEqual([]);

    // add puts options on a MULTISELECT; remove with options takes only those; remove without value clears it.
    expect((await values(w.c, { asset_ids: [a1], action: 'add', values: [{ property_id: channels.id, value: [cb] }] })).status).toBe(200);
    expect((await metadataOf(w.c, a1)).find((v) => v.property_id === channels.id)?.value).toEqual([ca, cb, cc]);
    await values(w.c, { asset_ids: [a1], action: 'remove', values: [{ property_id: channels.id, value: [ca, cc] }] });
    expect((await metadataOf(w.c, a1)).find((v) => v.property_id === channels.id)?.value).toEqual([cb]);
    await values(w.c, { asset_ids: [a1], action: 'remove', values: [{ property_id: text.id }, { property_id: channels.id }] });
    expect((await metadataOf(w.c, a1)).map((v) => v.property_id)).not.toContain(text.id);
    expect((await metadataOf(w.c, a1)).map((v) => v.property_id)).not.toContain(channels.id);

    const recorded = await kit
      .db()
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.accountId, w.accountId), eq(events.type, 'metadata-values:change')));
    expect(recorded.length).toBe(4);
  });

  it('refuses bad definitions, naming the field', async () => {
    const w = await world();
    const url = `/brand/${w.brandId}/custom-metadata-properties`;
    expectRefused(await w.c.post(url, { name: 'X', type: 'COLOR' }), 400, ['type']);
    expectRefused(await w.c.post(url, { name: 'X', type: 'SELECT' }), 400, ['options']);
    expectRefused(await w.c.post(url, { name: 'X', type: 'MULTISELECT', options: [{ value: 'A' }, { value: 'a' }] }), 400, ['options']);
    expectRefused(await w.c.post(url, { name: 'X', type: 'DATE', default_value: '2024-13-01' }), 400, ['default_value']);
    expectRefused(await w.c.post(url, { name: 'X', type: 'NUMBER', default_value: 'ten' }), 400, ['default_value']);
    expectRefused(await w.c.post(url, { name: 'X', type: 'TEXT', project_ids: [999_999] }), 400, ['project_ids']);
    expectRefused(await w.c.post(url, { name: 'X', type: 'TEXT', permissions: { custom: [{ user_id: 999_999, level: 'EDIT' }] } }), 400, [
      'permissions.custom',
    ]);
    const text = await w.create({ name: 'Caption', type: 'TEXT' });
    expectRefused(await w.c.post(url, { name: 'X', type: 'TEXT', dependency: { property_id: text.id, property_option_ids: [1] } }), 400, [
      'dependency.property_id',
    ]);
    expectRefused(await w.c.patch(`/custom-metadata-property/${text.id}`, { type: 'NUMBER' }), 400, ['type']);
    expectRefused(await w.c.patch(`/custom-metadata-property/${text.id}`, { options: [{ value: 'A' }] }), 400, ['options']);
  });

  it('dependencies: options of a select property of the brand, no cycles, shown only for the options named', async () => {
    const w = await world();
    const usage = await w.create({ name: 'Usage', type: 'SELECT', options: [{ value: 'Web' }, { value: 'Print' }] });
    const [web, print] = usage.options.map((o) => o.id) as [number, number];
    const size = await w.create({
      name: 'Print size',
      type: 'SELECT',
      options: [{ value: 'A4' }, { value: 'A3' }],
      dependency: { property_id: usage.id, property_option_ids: [print] },
      is_required: true,
    });
    const other = await w.create({ name: 'Other', type: 'SELECT', options: [{ value: 'x' }] });
    expectRefused(
      await w.c.post(`/brand/${w.brandId}/custom-metadata-properties`, {
        name: 'Bad',
        type: 'TEXT',
        dependency: { property_id: usage.id, property_option_ids: [other.options[0]?.id] },
      }),
      400,
      ['dependency.property_option_ids'],
    );
    // usage depending on size would close a cycle; so would a property on itself.
    expectRefused(
      await w.c.patch(`/custom-metadata-property/${usage.id}`, {
        dependency: { property_id: size.id, property_option_ids: [size.options[0]?.id] },
      }),
      400,
      ['dependency'],
    );
    expectRefused(
      await w.c.patch(`/custom-metadata-property/${usage.id}`, { dependency: { property_id: usage.id, property_option_ids: [web] } }),
      400,
      ['dependency'],
    );
    const list = (await w.c.get(`/brand/${w.brandId}/custom-metadata-properties`)).body.data.properties as Property[];
    expect(list.find((p) => p.id === usage.id)?.forbidden_dependee_property_ids).toEqual([usage.id, size.id]);
    expect(list.find((p) => p.id === size.id)?.dependency).toEqual({
      property_id: usage.id,
      type: 'IS_ONE_OF',
      property_option_ids: [print],
    });

    // The list flag: the required size counts only where usage is Print.
    const [a1, a2] = w.assetIds;
    await values(w.c, { asset_ids: [a1], action: 'set', values: [{ property_id: usage.id, value: print }] });
    await values(w.c, { asset_ids: [a2], action: 'set', values: [{ property_id: usage.id, value: web }] });
    const page = await w.c.post('/asset/list', { ids: [a1, a2], include_required_custom_metadata_property_ids_without_value: true });
    expect(page.status).toBe(200);
    expect(page.body.data.items.map((i: Json['body']) => i.required_custom_metadata_property_ids_without_value)).toEqual([[size.id], []]);
    const plain = await w.c.post('/asset/list', { ids: [a1] });
    expect(plain.body.data.items[0].required_custom_metadata_property_ids_without_value).toBeUndefined();

    // A required value cannot be set empty or removed.
    expectRefused(await values(w.c, { asset_ids: [a1], action: 'set', values: [{ property_id: size.id, value: null }] }), 400, [
      'values.0.value',
    ]);
    await values(w.c, { asset_ids: [a1], action: 'set', values: [{ property_id: size.id, value: size.options[0]?.id }] });
    expectRefused(await values(w.c, { asset_ids: [a1], action: 'remove', values: [{ property_id: size.id }] }), 400, [
      'values.0.property_id',
    ]);
    const after = await w.c.post('/asset/list', { ids: [a1], include_required_custom_metadata_property_ids_without_value: true });
    expect(after.body.data.items[0].required_custom_metadata_property_ids_without_value).toEqual([]);
  });

  it('bulk set on many assets in one request, all or nothing, and the selection aggregate', async () => {
    const w = await world();
    const more = await kit.links(
      w.c,
      w.project.id,
      Array.from({ length: 12 }, (_, i) => `Bulk ${i}`),
    );
    const usage = await w.create({ name: 'Usage', type: 'SELECT', options: [{ value: 'Web' }, { value: 'Print' }] });
    const caption = await w.create({ name: 'Caption', type: 'TEXT' });
    const onlyLogos = await w.create({ name: 'Logo kind', type: 'TEXT', project_ids: [w.logos.id] });
    const [web, print] = usage.options.map((o) => o.id) as [number, number];
    const all = [...w.assetIds, ...more];
    const bulk = await values(w.c, { asset_ids: all, action: 'set', values: [{ property_id: usage.id, value: web }] });
    expect(bulk.body.data).toEqual({ success: true, asset_count: all.length, changed: all.length });
    const rows = await kit.db().select().from(assetCustomMetadata).where(eq(assetCustomMetadata.propertyId, usage.id));
    expect(rows.length).toBe(all.length);
    expect(rows[0]?.value).toEqual([web]);

    // A property of the other library only: refused for the assets of this one, and nothing is written.
    expectRefused(
      await values(w.c, { asset_ids: [w.logo, w.assetIds[0]], action: 'set', values: [{ property_id: onlyLogos.id, value: 'x' }] }),
      400,
      ['values.0.property_id'],
    );
    expect((await kit.db().select().from(assetCustomMetadata).where(eq(assetCustomMetadata.propertyId, onlyLogos.id))).length).toBe(0);
    // An unknown asset among them: 404, nothing written.
    expectRefused(
      await values(w.c, { asset_ids: [...all, 999_999], action: 'set', values: [{ property_id: usage.id, value: print }] }),
      404,
    );
    const still = await kit.db().select().from(assetCustomMetadata).where(eq(assetCustomMetadata.propertyId, usage.id));
    expect(still.every((r) => JSON.stringify(r.value) === JSON.stringify([web]))).toBe(true);

    const [a1, a2, a3] = w.assetIds;
    await values(w.c, { asset_ids: [a1], action: 'set', values: [{ property_id: caption.id, value: 'Hi' }] });
    await values(w.c, { asset_ids: [a2], action: 'set', values: [{ property_id: usage.id, value: print }] });
    const sel = await w.c.post('/asset/custom-metadata/selection', { asset_ids: [a1, a2, a3] });
    expect(sel.status).toBe(200);
    expect(sel.body.data).toEqual({
      asset_count: 3,
      properties: [
        { property_id: usage.id, type: 'SELECT', state: 'MIXED', value: null, count: 3 },
        { property_id: caption.id, type: 'TEXT', state: 'MIXED', value: null, count: 1 },
      ],
    });
    const same = await w.c.post('/asset/custom-metadata/selection', { asset_ids: [a1, a3] });
    expect(same.body.data.properties[0]).toEqual({ property_id: usage.id, type: 'SELECT', state: 'SAME', value: web, count: 2 });
    const none = await w.c.post('/asset/custom-metadata/selection', { asset_ids: [a2, a3] });
    expect(none.body.data.properties[1]).toEqual({ property_id: caption.id, type: 'TEXT', state: 'NONE', value: null, count: 0 });
    // The library's list leaves out the property of the other library.
    const libList = await w.c.get(`/brand/${w.brandId}/custom-metadata-properties?project_id=${w.project.id}`);
    expect((libList.body.data.properties as Property[]).map((p) => p.id)).toEqual([usage.id, caption.id]);
  });

  it('delete answers the count of values removed; move reorders', async () => {
    const w = await world();
    const a = await w.create({ name: 'A', type: 'TEXT' });
    const b = await w.create({ name: 'B', type: 'TEXT' });
    const cc = await w.create({ name: 'C', type: 'TEXT' });
    const moved = await w.c.post(`/custom-metadata-property/${cc.id}/move`, { position: 0 });
    expect(moved.status).toBe(200);
    expect((moved.body.data.properties as Property[]).map((p) => p.id)).toEqual([cc.id, a.id, b.id]);
    expectRefused(await w.c.post(`/custom-metadata-property/${cc.id}/move`, { position: -1 }), 400, ['position']);
    await values(w.c, { asset_ids: [w.assetIds[0], w.assetIds[1]], action: 'set', values: [{ property_id: a.id, value: 'x' }] });
    const listed = (await w.c.get(`/brand/${w.brandId}/custom-metadata-properties`)).body.data.properties as Property[];
    expect(listed.find((p) => p.id === a.id)?.asset_count).toBe(2);
    const del = await w.c.delete(`/custom-metadata-property/${a.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ success: true, removed_value_count: 2 });
    expectRefused(await w.c.delete(`/custom-metadata-property/${a.id}`), 404);
  });

  it('permissions: defaults, basic and custom rows decide can_edit and can_admin', async () => {
    const w = await world();
    const viewer = await kit.collaborator(w.c, w.accountId, w.project.id, 'VIEW');
    const editorUser = await env().factories.member(w.accountId);
    expect((await w.c.put(`/project/${w.project.id}/user/${editorUser.id}`, { level: 'EDIT' })).status).toBe(200);
    const editor = await env().signIn(editorUser);
    const open = await w.create({ name: 'Open', type: 'TEXT' });
    const [a1] = w.assetIds;
    const rightsOf = async (c: Client, id: number) => {
      const res = await c.get(`/brand/${w.brandId}/custom-metadata-properties?project_id=${w.project.id}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const p = (res.body.data.properties as Property[]).find((x) => x.id === id);
      return [p?.can_edit, p?.can_admin];
    };
    // No rows: library editors edit values, only account admins manage.
    expect(await rightsOf(editor, open.id)).toEqual([true, false]);
    expect(await rightsOf(viewer, open.id)).toEqual([false, false]);
    expect((await values(editor, { asset_ids: [a1], action: 'set', values: [{ property_id: open.id, value: 'e' }] })).status).toBe(200);
    expectRefused(await values(viewer, { asset_ids: [a1], action: 'set', values: [{ property_id: open.id, value: 'v' }] }), 403);
    expectRefused(await editor.patch(`/custom-metadata-property/${open.id}`, { name: 'Mine' }), 403);
    expectRefused(await editor.post(`/brand/${w.brandId}/custom-metadata-properties`, { name: 'X', type: 'TEXT' }), 403);

    // Basic ADMIN only: library editors may no longer edit values.
    const locked = await w.create({ name: 'Locked', type: 'TEXT', permissions: { basic: [{ subject: 'ADMIN', level: 'EDIT' }] } });
    expect(await rightsOf(editor, locked.id)).toEqual([false, false]);
    expectRefused(await values(editor, { asset_ids: [a1], action: 'set', values: [{ property_id: locked.id, value: 'e' }] }), 403);

    // A group with ADMIN: its member manages the property.
    const [group] = await kit.db().insert(userGroups).values({ accountId: w.accountId, name: 'Curators' }).returning({ id: userGroups.id });
    await kit
      .db()
      .insert(userGroupMembers)
      .values({ groupId: group?.id as number, userId: editorUser.id });
    const curated = await w.create({ name: 'Curated', type: 'TEXT', permissions: { custom: [{ group_id: group?.id, level: 'ADMIN' }] } });
    expect(await rightsOf(editor, curated.id)).toEqual([true, true]);
    const renamed = await editor.patch(`/custom-metadata-property/${curated.id}`, { name: 'Curated!' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.permissions.custom).toEqual([{ user_id: null, group_id: group?.id, name: 'Curators', level: 'ADMIN' }]);
    // Even with EDIT on the property, a VIEW member cannot set values (asset.edit).
    const everyone = await w.create({ name: 'Everyone', type: 'TEXT', permissions: { basic: [{ subject: 'EVERYONE', level: 'EDIT' }] } });
    expect(await rightsOf(viewer, everyone.id)).toEqual([true, false]);
    expectRefused(await values(viewer, { asset_ids: [a1], action: 'set', values: [{ property_id: everyone.id, value: 'v' }] }), 403);
    // The selection serves the bulk editor and shows values of properties that are not viewable: editors only.
    expectRefused(await viewer.post('/asset/custom-metadata/selection', { asset_ids: [a1] }), 403);

    // An outsider sees none of it.
    const other = await env().factories.account();
    const outsider = await env().signIn(other.owner);
    expectRefused(await outsider.get(`/brand/${w.brandId}/custom-metadata-properties`), 404);
    expectRefused(await outsider.patch(`/custom-metadata-property/${open.id}`, { name: 'x' }), 404);
    expectRefused(await outsider.post('/asset/custom-metadata/selection', { asset_ids: [a1] }), 404);
  }, 90_000);

  it('GraphQL calls the same operations', async () => {
    const w = await world();
    const created = await w.c.graphql(
      `mutation($input: CreateCustomMetadataPropertyInput!) { createCustomMetadataProperty(input: $input) {
        id name type canAdmin options { id value isDefault } } }`,
      {
        input: {
          brandId: encodeBase64Id('Brand', w.brandId),
          name: 'Usage',
          type: 'SELECT',
          options: [{ value: 'Web' }, { value: 'Print' }],
        },
      },
    );
    expect(created.body.errors, JSON.stringify(created.body)).toBeUndefined();
    const prop = created.body.data.createCustomMetadataProperty;
    expect(prop).toMatchObject({ name: 'Usage', type: 'SELECT', canAdmin: true });
    const assetId = encodeBase64Id('Asset', w.assetIds[0]);
    const set = await w.c.graphql(
      'mutation($a: [ID!]!, $v: [CustomMetadataValueInput!]!) { setCustomMetadataOnAssets(assetIds: $a, values: $v) { assetCount changed } }',
      { a: [assetId], v: [{ propertyId: prop.id, optionIds: [prop.options[1].id] }] },
    );
    expect(set.body.errors, JSON.stringify(set.body)).toBeUndefined();
    expect(set.body.data.setCustomMetadataOnAssets).toEqual({ assetCount: 1, changed: 1 });
    const read = await w.c.graphql(
      `query($id: ID!, $b: ID!) { asset(id: $id) { customMetadata { propertyId value { optionIds } } }
        customMetadataProperties(brandId: $b) { name assetCount }
        metadataSelection(assetIds: [$id]) { assetCount properties { state value { optionIds } count } } }`,
      { id: assetId, b: encodeBase64Id('Brand', w.brandId) },
    );
    expect(read.body.errors, JSON.stringify(read.body)).toBeUndefined();
    expect(read.body.data.asset.customMetadata).toEqual([{ propertyId: prop.id, value: { optionIds: [prop.options[1].id] } }]);
    expect(read.body.data.customMetadataProperties).toEqual([{ name: 'Usage', assetCount: 1 }]);
    expect(read.body.data.metadataSelection.properties).toEqual([{ state: 'SAME', value: { optionIds: [prop.options[1].id] }, count: 1 }]);
    const bad = await w.c.graphql(
      'mutation($a: [ID!]!, $v: [CustomMetadataValueInput!]!) { setCustomMetadataOnAssets(assetIds: $a, values: $v) { changed } }',
      { a: [assetId], v: [{ propertyId: prop.id, text: 'Web' }] },
    );
    expect(bad.body.errors?.[0]?.message).toBeTruthy();
    const removed = await w.c.graphql('mutation($id: ID!) { deleteCustomMetadataProperty(id: $id) }', { id: prop.id });
    expect(removed.body.data.deleteCustomMetadataProperty).toBe(1);
  });
});
