import { createAssetBodySchema, idParams, transferBodySchema } from '@emblem/core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { parse } from '../http/validate.js';
import { noteChecked, uncheckedClaims, withClaimLedger } from './claims.js';
import { claimsPlugin } from './plugin.js';

describe('id claims', () => {
  it('records every marked id a request schema parses, until the access module checks it', () =>
    withClaimLedger(() => {
      parse(transferBodySchema, {
        source: { project: 1 },
        target: { project: 2, folder: 3 },
        folders: [4],
        assets: [5, 6],
        metadata: true,
        mode: 'copy',
      });
      expect(uncheckedClaims().sort()).toEqual(['asset:5', 'asset:6', 'folder:3', 'folder:4', 'project:1', 'project:2']);
      for (const [kind, id] of [
        ['project', 1],
        ['project', 2],
        ['folder', 3],
        ['folder', 4],
        ['asset', 5],
      ] as const)
        noteChecked(kind, id);
      expect(uncheckedClaims()).toEqual(['asset:6']);
    }));

  it('names uploads by their token, and top-level folder 0 claims nothing', () =>
    withClaimLedger(() => {
      parse(createAssetBodySchema, { file_id: 'AAAAAAAAAAAAAAAAAAAAAA', project_id: 7, set_id: 0 });
      expect(uncheckedClaims().sort()).toEqual(['project:7', 'upload:AAAAAAAAAAAAAAAAAAAAAA']);
    }));

  it('keeps the ids of concurrent requests apart', async () => {
    const a = withClaimLedger(async () => {
      parse(idParams('asset'), { id: '1' });
      await new Promise((r) => setTimeout(r, 5));
      return uncheckedClaims();
    });
    const b = withClaimLedger(async () => {
      parse(idParams('brand'), { id: '2' });
      return uncheckedClaims();
    });
    expect(await Promise.all([a, b])).toEqual([['asset:1'], ['brand:2']]);
  });

  it('outside a request, parsing records nothing', () => {
    parse(idParams('asset'), { id: '1' });
    expect(uncheckedClaims()).toEqual([]);
  });

  for (const mode of ['enforce', 'log'] as const) {
    it(`a route that succeeds with an id it never checked: ${mode === 'enforce' ? '500 (tests)' : 'logged, answered (production)'}`, async () => {
      const app = Fastify({ logger: false });
      app.decorate('config', { uncheckedIds: mode } as Config);
      await app.register(claimsPlugin);
      app.get('/forgot/:id', async (req) => ({ id: parse(idParams('asset'), req.params).id }));
      app.get('/checked/:id', async (req) => {
        const { id } = parse(idParams('asset'), req.params);
        noteChecked('asset', id);
        return { id };
      });
      app.get('/refused/:id', async (req, reply) => {
        parse(idParams('asset'), req.params);
        return reply.status(404).send({ error: 'Not found' });
      });
      expect((await app.inject('/forgot/9')).statusCode).toBe(mode === 'enforce' ? 500 : 200);
      expect((await app.inject('/checked/9')).statusCode).toBe(200);
      expect((await app.inject('/refused/9')).statusCode).toBe(404);
      await app.close();
    });
  }
});
