import { expect, it } from 'vitest';
import { forEachBackend } from '../../test/harness.js';
import { fetchBytes, jpeg, pdf, uploadAsset } from '../../test/media.js';

forEachBackend('page previews of multi-page documents', (env) => {
  async function setup() {
    const { owner } = await env().factories.account();
    const project = await env().factories.project(owner.actor, { type: 'DOCUMENTLIBRARY' });
    return { project, c: await env().signIn(owner) };
  }

  it('lists a signed preview of each page of a multi-page PDF, and each page renders', async () => {
    const { project, c } = await setup();
    const asset = await uploadAsset(env(), c, project.id, 'brochure.pdf', await pdf(3));
    expect(asset).toMatchObject({ status: 'FINISHED', page_count: 3 });

    const res = await c.get(`/screen/data/${asset.id}`);
    expect(res.status).toBe(200);
    const urls: string[] = res.body.data.page_preview_urls;
    expect(urls).toHaveLength(3);
    expect(urls.map((url) => new URL(url, 'http://x').searchParams.get('page'))).toEqual(['1', '2', '3']);
    for (const url of urls) expect(new URL(url, 'http://x').searchParams.get('sig')).toBeTruthy();

    const page2 = await fetchBytes(c, urls[1] as string);
    expect(page2.status).toBe(200);
    expect(page2.headers.get('content-type')).toMatch(/^image\//);
    expect(page2.bytes.length).toBeGreaterThan(0);
    // Another page is another picture.
    const page1 = await fetchBytes(c, urls[0] as string);
    expect(page1.status).toBe(200);
    expect(page1.bytes.equals(page2.bytes)).toBe(false);

    // A tampered page number is refused (the signature covers it).
    const tampered = (urls[1] as string).replace('page=2', 'page=3');
    expect((await fetchBytes(c, tampered)).status).toBe(403);
  });

  it('lists no page previews for a single-page PDF or an image', async () => {
    const { project, c } = await setup();
    const single = await uploadAsset(env(), c, project.id, 'one.pdf', await pdf(1));
    expect(single).toMatchObject({ status: 'FINISHED', page_count: 1 });
    const image = await uploadAsset(env(), c, project.id, 'photo.jpg', await jpeg(64, 48));
    expect(image.status).toBe('FINISHED');
    for (const id of [single.id, image.id]) {
      const res = await c.get(`/screen/data/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.data.page_preview_urls).toEqual([]);
    }
  });
});
