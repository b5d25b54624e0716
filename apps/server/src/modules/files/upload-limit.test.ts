import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachBackend, type Json } from '../../test/harness.js';
import { fileRowCount, graphqlUpload, storedObjects, upload } from '../../test/media.js';

const MAX = 1_048_576;

/** The configured maximum (UPLOAD_MAX_MB), which the multipart parser and the storage meter both know. */
forEachBackend(
  'the upload size maximum on every multipart path',
  (env) => {
    async function setup() {
      const { owner, accountId } = await env().factories.account();
      const project = await env().factories.project(owner.actor, { type: 'DOCUMENTLIBRARY' });
      return { accountId, project, c: await env().signIn(owner) };
    }

    const paths = {
      'POST /api/upload (fields first)': (c, projectId, bytes) => upload(c, { projectId, name: 'a.bin', bytes }),
      'POST /api/upload (fields after the file)': (c, projectId, bytes) =>
        upload(c, { projectId, name: 'a.bin', bytes, fieldsAfter: true }),
      'GraphQL uploadFile': (c, projectId, bytes) => graphqlUpload(c, projectId, 'a.bin', bytes),
    } satisfies Record<string, (c: Awaited<ReturnType<typeof setup>>['c'], projectId: number, bytes: Buffer) => Promise<Json>>;

    for (const [name, send] of Object.entries(paths)) {
      it(`${name}: one byte over is refused with 413 and leaves nothing; exactly the maximum is stored`, async () => {
        const { accountId, project, c } = await setup();
        const objects = storedObjects(env()).length;
        const over = await send(c, project.id, randomBytes(MAX + 1));
        expect(over.status, JSON.stringify(over.body)).toBe(413);
        expect(over.body.error ?? over.body.errors?.[0]?.message).toBe('The file is larger than the maximum of 1 MB');
        expect(await fileRowCount(env(), accountId)).toBe(0);
        expect(storedObjects(env())).toHaveLength(objects);

        const exact = await send(c, project.id, randomBytes(MAX));
        expect(exact.body.data?.payload?.size ?? exact.body.data?.uploadFile?.file?.size, JSON.stringify(exact.body)).toBe(MAX);
        expect(await fileRowCount(env(), accountId)).toBe(1);
        expect(storedObjects(env())).toHaveLength(objects + 1);
      });
    }
  },
  { env: { UPLOAD_MAX_MB: '1' } },
);
