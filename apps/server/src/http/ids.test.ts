import { expect, it } from 'vitest';
import { Client, forEachBackend } from '../test/harness.js';
import { addLinkAsset } from '../test/helpers.js';

const NOT_DECIMAL = 'Must be a whole number in plain decimal digits';

/**
 * Security issue #9: ids in paths and bodies are taken only in canonical decimal form. `Number()` reads
 * `0x10` as 16 and `1e3` as 1000, so `DELETE /api/asset/0x10` used to delete asset 16.
 */
forEachBackend('ids in paths and bodies', (env) => {
  /** A signed-in owner with one asset; `forms` are other spellings of the asset's id that Number() reads as it. */
  const setup = async () => {
    const { owner } = await env().factories.account();
    const project = await env().factories.project(owner.actor, { name: 'Media' });
    const c = await env().signIn(owner);
    const id = await addLinkAsset(c, project.id, 'kept');
    const forms = [
      `0x${id.toString(16)}`,
      `0X${id.toString(16)}`,
      `0o${id.toString(8)}`,
      `0b${id.toString(2)}`,
      `${id}e0`,
      `0${id}`,
      `00${id}`,
      `+${id}`,
      `${id}.0`,
      `%20${id}`,
      `${id}%20`,
    ];
    return { owner, c, id, forms };
  };

  it('answers 400 to a path id that is not plain digits, and deletes, changes or reads nothing', async () => {
    const { c, id, forms } = await setup();
    for (const form of [...forms, '0x10', '1e3', '16.0']) {
      for (const res of [
        await c.delete(`/asset/${form}`),
        await c.get(`/asset/${form}`),
        await c.patch(`/asset/${form}`, { title: 'Changed' }),
      ]) {
        expect(res.status, form).toBe(400);
        expect(res.body, form).toEqual({ success: false, error: 'Validation failed', errors: { id: [NOT_DECIMAL] } });
      }
    }
    const kept = await c.get(`/asset/${id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ id, title: 'kept' });
  });

  it('answers 400 to a body id given as a string that is not plain digits; plain digits and JSON numbers still work', async () => {
    const { c, id, forms } = await setup();
    for (const form of forms.filter((f) => !f.includes('%'))) {
      const res = await c.post('/screen/delete', { asset_ids: [form] });
      expect(res.status, form).toBe(400);
      expect(res.body.errors, form).toEqual({ 'asset_ids.0': [NOT_DECIMAL] });
    }
    expect((await c.post('/screen/delete', { asset_ids: [` ${id}`] })).body.errors).toEqual({ 'asset_ids.0': [NOT_DECIMAL] });
    expect((await c.get(`/asset/${id}`)).status).toBe(200);

    expect((await c.post('/asset/list', { ids: [String(id)] })).body.data.items.map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await c.post('/screen/delete', { asset_ids: [id] })).status).toBe(200);
    expect((await c.get(`/asset/${id}`)).status).toBe(404);
  });

  it('refuses the same forms from an API token on /v1', async () => {
    const { c, id, forms } = await setup();
    const token = (await c.post('/user/tokens', { name: 'api' })).body.data.token;
    const api = new Client(env().base, { prefix: '/v1', bearer: token });
    for (const form of forms) {
      const res = await api.delete(`/asset/${form}`);
      expect(res.status, form).toBe(400);
      expect(res.body.errors, form).toEqual({ id: [NOT_DECIMAL] });
    }
    expect((await api.get(`/asset/${id}`)).status).toBe(200);
  });
});
