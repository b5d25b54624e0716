import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { accounts, settingImages } from '../../db/schema.js';
import { type Client, forEachBackend } from '../../test/harness.js';
import { expectRefused } from '../../test/helpers.js';
import { fetchBytes, halves, pdf, upload } from '../../test/media.js';

/** Setting images (avatars, key visuals), exercised through the brand avatar: upload, crop, serve, refuse. */
forEachBackend('setting images', (env) => {
  const team = async () => {
    const { owner, accountId } = await env().factories.account();
    const member = await env().factories.member(accountId, 'MEMBER');
    const admin = await env().signIn(owner);
    const brand = await env().factories.brand(owner.actor);
    return { owner, accountId, admin, member: await env().signIn(member), brand };
  };
  const imageUpload = async (c: Client, name: string, bytes: Buffer) => {
    const res = await upload(c, { name, bytes, extraFields: { purpose: 'image' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.file_id as number;
  };
  const setAvatar = (c: Client, brandId: number, body: Record<string, unknown>) => c.patch(`/brand/${brandId}`, { i18n: 'en', ...body });

  it('renders the crop of an upload once and serves it publicly, immutable and sandboxed', async () => {
    const { admin, brand } = await team();
    // 1600×800: red left half, blue right half. The crop (reference width 800) is the right half's square.
    const fileId = await imageUpload(admin, 'logo.png', await halves(1600, 800, '#ff0000', '#0000ff'));
    const crop = { x: 400, y: 0, width: 400, height: 400, reference_width: 800 };
    const res = await setAvatar(admin, brand.id, { avatar: 'blob:local', avatar_crop: crop, avatar_ratio: 'square', file_id: fileId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.data.avatar;
    expect(url).toMatch(/^\/media\/image\/[A-Za-z0-9_-]{22}\.webp$/);

    const got = await fetchBytes(env().anon(), url);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-security-policy')).toContain('sandbox');
    expect(got.headers.get('cache-control')).toContain('immutable');
    const { data, info } = await sharp(got.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([800, 800]);
    expect(data[0]).toBeLessThan(40); // blue, not red: the crop was taken from the right half
    expect(data[2]).toBeGreaterThan(200);

    const again = await fetchBytes(env().anon(), url, { 'if-none-match': got.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
  });

  it('keeps an image when saved again, re-crops it when the crop changes, and clears it with null', async () => {
    const { admin, brand } = await team();
    const fileId = await imageUpload(admin, 'logo.jpg', await halves(1000, 500, '#00ff00', '#ffffff', 'jpeg'));
    const first = (await setAvatar(admin, brand.id, { avatar: 'blob:x', avatar_crop: null, file_id: fileId })).body.data.avatar;
    const meta = await sharp((await fetchBytes(env().anon(), first)).bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1000, 500]);

    const same = await setAvatar(admin, brand.id, { avatar: first, avatar_crop: null });
    expect(same.body.data.avatar).toBe(first);
    const recropped = await setAvatar(admin, brand.id, {
      avatar: first,
      avatar_crop: { x: 0, y: 0, width: 200, height: 100, reference_width: 800 },
    });
    expect(recropped.status).toBe(200);
    expect(recropped.body.data.avatar).not.toBe(first);
    const small = await sharp((await fetchBytes(env().anon(), recropped.body.data.avatar)).bytes).metadata();
    expect([small.width, small.height]).toEqual([250, 125]);

    const cleared = await setAvatar(admin, brand.id, { avatar: null, file_id: null });
    expect(cleared.body.data.avatar).toBeNull();
  });

  it('crops a saved image again as the cropper showed it, not the first upload', async () => {
    const { admin, brand } = await team();
    const fileId = await imageUpload(admin, 'logo.png', await halves(1600, 800, '#ff0000', '#0000ff'));
    const left = { x: 0, y: 0, width: 400, height: 400, reference_width: 800 };
    const first = (await setAvatar(admin, brand.id, { avatar: 'blob:x', avatar_crop: left, file_id: fileId })).body.data.avatar;
    // The shown image is the red 800×800 square; its right half is still red (the upload's right half is blue).
    const right = { x: 400, y: 0, width: 400, height: 400, reference_width: 800 };
    const again = await setAvatar(admin, brand.id, { avatar: first, avatar_crop: right });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const { data, info } = await sharp((await fetchBytes(env().anon(), again.body.data.avatar)).bytes)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 400]);
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(40);
  });

  it('sanitises and rasterises an SVG', async () => {
    const { admin, brand } = await team();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><script>alert(1)</script><rect width="120" height="60" fill="#f00"/></svg>',
    );
    const fileId = await imageUpload(admin, 'mark.svg', svg);
    const res = await setAvatar(admin, brand.id, { avatar: 'blob:x', file_id: fileId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = await fetchBytes(env().anon(), res.body.data.avatar);
    expect(got.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(got.bytes).metadata()).format).toBe('webp');
  });

  it('refuses uploads that are not images, or lie about their type', async () => {
    const { admin } = await team();
    const pdfUp = await upload(admin, { name: 'doc.pdf', bytes: await pdf(1), extraFields: { purpose: 'image' } });
    expectRefused(pdfUp, 400, ['file']);
    expect(pdfUp.body.error).toContain('.pdf');
    const fake = await upload(admin, { name: 'photo.png', bytes: Buffer.from('not an image at all'), extraFields: { purpose: 'image' } });
    expectRefused(fake, 400, ['file']);
    const wrongPurpose = await upload(admin, {
      name: 'photo.png',
      bytes: await halves(10, 10, '#000', '#fff'),
      extraFields: { purpose: 'avatar' },
    });
    expectRefused(wrongPurpose, 400, ['purpose']);
  });

  it('refuses a blocked extension for setting images too', async () => {
    const { admin, accountId } = await team();
    await env()
      .started.app.db.update(accounts)
      .set({ blockedExtensions: ['png'] })
      .where(eq(accounts.id, accountId));
    const res = await upload(admin, { name: 'logo.png', bytes: await halves(10, 10, '#000', '#fff'), extraFields: { purpose: 'image' } });
    expectRefused(res, 400, ['file']);
    expect(res.body.error).toContain('.png');
  });

  it('refuses foreign files, non-image files, bad crops and URLs that are not uploaded images', async () => {
    const { admin, brand, owner } = await team();
    const other = await team();
    const foreign = await imageUpload(other.admin, 'theirs.png', await halves(20, 20, '#000', '#fff'));
    expectRefused(await setAvatar(admin, brand.id, { avatar: 'blob:x', file_id: foreign }), 400, ['file_id']);

    const pdfFile = await env().factories.file(owner.actor, { name: 'doc.pdf', bytes: await pdf(1), mime: 'application/pdf' });
    expectRefused(await setAvatar(admin, brand.id, { avatar: 'blob:x', file_id: pdfFile.id }), 400, ['file_id']);

    expectRefused(await setAvatar(admin, brand.id, { avatar: 'https://evil.example/x.png' }), 400, ['avatar']);
    const otherImage = await setAvatar(other.admin, other.brand.id, { avatar: 'blob:x', file_id: foreign });
    expectRefused(await setAvatar(admin, brand.id, { avatar: otherImage.body.data.avatar }), 400, ['avatar']);

    const mine = await imageUpload(admin, 'mine.png', await halves(20, 20, '#000', '#fff'));
    expectRefused(
      await setAvatar(admin, brand.id, {
        avatar: 'blob:x',
        avatar_crop: { x: -1, y: 0, width: 5, height: 5, reference_width: 800 },
        file_id: mine,
      }),
      400,
      ['avatar_crop.x'],
    );
    expect((await admin.get(`/brand/${brand.id}`)).body.data.avatar).toBeNull();
  });

  it('lets only brand editors set the avatar, and creates no image for a refused caller', async () => {
    const { member, brand, accountId } = await team();
    const fileId = await imageUpload(member, 'logo.png', await halves(20, 20, '#000', '#fff'));
    const res = await setAvatar(member, brand.id, { avatar: 'blob:x', file_id: fileId });
    expect(res.status).toBe(403);
    const [row] = await env().started.app.db.select({ n: count() }).from(settingImages).where(eq(settingImages.accountId, accountId));
    expect(row?.n).toBe(0);
  });

  it('answers 404 for unknown or malformed image names', async () => {
    expect((await fetchBytes(env().anon(), '/media/image/AAAAAAAAAAAAAAAAAAAAAA.webp')).status).toBe(404);
    expect((await fetchBytes(env().anon(), '/media/image/..%2Fsecret.webp')).status).toBe(404);
  });
});
