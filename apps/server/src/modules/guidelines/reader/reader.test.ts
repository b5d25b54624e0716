import { BLOCK_TYPES } from '@emblem/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Client, forEachBackend } from '../../../test/harness.js';
import { fetchBytes, jpeg, uploadAsset } from '../../../test/media.js';
import { READER_CSP } from './routes.js';
import { kit, readerGet } from './test-kit.js';

/**
 * The public reader through real HTTP: server-rendered pages that read without JavaScript, every block type, deep
 * link anchors, escaping, the navigation, the hub and `/d/{token}` addresses, the in-memory cache, and the access
 * rules (who sees published content, who sees drafts, who gets the not-found page).
 */

let PHOTO: Buffer;
beforeAll(async () => {
  PHOTO = await jpeg(1200, 800, '#2266aa');
});

/** Every element id of a page. */
const ids = (html: string) => [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);

forEachBackend('guideline reader pages', (env) => {
  const k = kit(env);

  /** An account, its signed-in admin, a library with one photo, and a PUBLIC portal of the library's brand. */
  async function team(visibility: 'PUBLIC' | 'ACCOUNT' | 'EDITORS' = 'PUBLIC') {
    const { owner, accountId } = await env().factories.account();
    const admin = await env().signIn(owner);
    const library = await env().factories.project(owner.actor, { name: 'Brand assets' });
    const photo = await uploadAsset(env(), admin, library.id, 'photo.jpg', PHOTO, 'Harbour at dawn');
    const portal = await k.portal(admin, library.brandId, { title: 'Acme brand', visibility });
    return { owner, accountId, admin, library, photo, portal };
  }

  /** A published document with a cover page and one page holding a text block. */
  async function simpleDocument(portalId: number, text = 'Our logo is our signature.') {
    const doc = await k.document(portalId, { title: 'Brand book' });
    const page = await k.page(doc.id, { title: 'Logo' });
    const section = await k.section(page);
    const block = await k.block(section, 'text', { html: `<p>${text}</p>` });
    return { doc, page, section, block };
  }

  const anon = () => env().anon();

  it('renders a page with every block type as HTML that reads without JavaScript', async () => {
    const t = await team();
    const { admin, photo, library } = t;
    const folder = await admin.post(`/set/create/${library.id}`, { name: 'Logos' });
    expect(folder.status).toBe(201);
    const doc = await k.document(t.portal.id, { title: 'Brand book' });
    const page = await k.page(doc.id, { title: 'Basics' });
    const intro = await k.section(page, { columns: [2, 1] });
    await k.heading(page, 'Introduction', intro);
    const blocks: Record<string, number> = {};
    blocks.text = await k.block(intro, 'text', {
      html: '<p>We write <strong>plainly</strong>.</p><p><a href="https://example.com">Read more</a></p>',
    });
    blocks.heading = await k.block(intro, 'heading', { text: 'Voice and tone', level: 2 });
    blocks.quote = await k.block(intro, 'quote', { text: 'Simplicity is the ultimate sophistication.', attribution: 'Leonardo' });
    blocks.callout = await k.block(
      intro,
      'callout',
      { title: 'Remember', text: 'Never stretch the logo.', tone: 'warning' },
      { column: 1 },
    );
    blocks.divider = await k.block(intro, 'divider', { style: 'DASHED' }, { column: 1 });
    const media = await k.section(page);
    blocks.image = await k.block(media, 'image', { asset_ids: [photo.id], caption: 'The harbour', fit: 'FILL', download: true });
    blocks.palette = await k.block(media, 'palette', {
      title: 'Primary colours',
      colors: [
        { name: 'Ocean', hex: '#1a5fb4', pantone: 'PMS 2945 C' },
        { name: 'Sand', hex: '#F6D32D', cmyk: '0 10 85 0', ral: 'RAL 1018' },
      ],
    });
    blocks.typography = await k.block(media, 'typography', {
      family: 'Inter',
      weights: [400, 700],
      styles: [{ name: 'Headline', size: 48, weight: 700, line_height: 1.1, sample: 'Big headline' }],
    });
    blocks.dodont = await k.block(media, 'dodont', {
      items: [
        { asset_id: photo.id, verdict: 'DO', note: 'Use on calm backgrounds' },
        { asset_id: photo.id, verdict: 'DONT', note: 'Rotate the mark' },
      ],
    });
    blocks.downloads = await k.block(media, 'downloads', { title: 'Logo files', asset_ids: [photo.id] });
    blocks.library = await k.block(media, 'library', { project_id: library.id, title: 'All brand assets' });
    blocks.video = await k.block(media, 'video', { asset_id: null, caption: 'No video yet' });
    blocks.embed = await k.block(media, 'embed', {
      url: 'https://www.youtube-nocookie.com/embed/abc123',
      title: 'Brand film',
      aspect: '16:9',
    });
    blocks.code = await k.block(media, 'code', { code: 'const logo = "<svg>";', language: 'javascript' });
    const tabA = await k.section(page, { groupId: 'usage', tabTitle: 'Print' });
    const tabB = await k.section(page, { groupId: 'usage', tabTitle: 'Screen' });
    await k.block(tabA, 'text', { html: '<p>Print in CMYK.</p>' });
    await k.block(tabB, 'text', { html: '<p>Screens use RGB.</p>' });

    const res = await readerGet(anon(), `/document/${doc.id}/${page}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(READER_CSP);
    const html = res.html;
    // The document element the address scheme reads, and stable anchors for deep links.
    expect(html).toContain(`class="document" data-document-id="${doc.id}" data-page-id="${page}"`);
    const anchors = ids(html);
    for (const id of Object.values(blocks)) expect(anchors).toContain(`block-${id}`);
    for (const id of [intro, media, tabA, tabB]) expect(anchors).toContain(`section-${id}`);
    expect(anchors).toContain(`block-${blocks.palette}-1`);
    // Each block type has its rendering (the video block without a video shows nothing to visitors).
    for (const type of BLOCK_TYPES) if (type !== 'video') expect(html).toContain(`class="block block--${type}"`);
    expect(html).toContain('<h1>Basics</h1>');
    expect(html).toContain('We write <strong>plainly</strong>.');
    expect(html).toContain('<h2 class="heading">Voice and tone</h2>');
    expect(html).toContain('Simplicity is the ultimate sophistication.');
    expect(html).toContain('class="callout callout--warning" role="note"');
    expect(html).toContain('class="divider divider--dashed"');
    // Palette: HEX, RGB computed, CMYK computed when missing (and said so), the brand's own CMYK, Pantone and RAL.
    expect(html).toContain('<code>#1A5FB4</code>');
    expect(html).toContain('<code>26 95 180</code>');
    expect(html).toMatch(/CMYK<span class="swatch__computed"> \(computed\)<\/span><\/dt><dd><code>86 47 0 29<\/code>/);
    expect(html).toContain('<code>0 10 85 0</code>');
    expect(html).toContain('PMS 2945 C');
    expect(html).toContain('RAL 1018');
    expect(html).toContain('data-copy="#F6D32D"');
    // Typography: the family with system fallbacks (nothing from another origin), weights and type styles.
    expect(html).toContain('font-family:&quot;Inter&quot;, system-ui');
    expect(html).toContain('Regular 400');
    expect(html).toContain('Big headline');
    expect(html).not.toMatch(/fonts\.(googleapis|gstatic)|@import|url\(/);
    // Do and don't, downloads (one by one and as a ZIP), the library with its search form, embed, code.
    expect(html).toContain('Use on calm backgrounds');
    expect(html).toContain(`href="/api/guideline-block/${blocks.downloads}/assets/${photo.id}/download"`);
    expect(html).toContain(`href="/api/guideline-block/${blocks.downloads}/download.zip"`);
    expect(html).toContain(`href="/api/guideline-block/${blocks.image}/assets/${photo.id}/download"`);
    expect(html).toContain(`<form class="library__search" action="/document/${doc.id}/${page}#block-${blocks.library}" method="get">`);
    expect(html).toContain('All brand assets');
    expect(html).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="Brand film" sandbox="allow-scripts allow-same-origin allow-presentation" referrerPolicy="no-referrer" loading="lazy"',
    );
    expect(html).toContain('<span class="hljs-keyword">const</span> logo = <span class="hljs-string">&quot;&lt;svg&gt;&quot;</span>;');
    // Tabs read one after the other without the script.
    expect(html).toContain('data-tab-title="Print"');
    expect(html).toContain('Screens use RGB.');
    // The navigation: pages (the cover page under the document's title) and the page's headings.
    expect(html).toContain(`<a href="/document/${doc.id}/${doc.coverPageId}">Brand book</a>`);
    expect(html).toContain(`<a href="/document/${doc.id}/${page}" aria-current="page">Basics</a>`);
    expect(html).toContain(`<a href="/document/${doc.id}/${page}#section-${intro}">Introduction</a>`);
    // Responsive images: scoped signed transforms, size attributes, the first eager and the others lazy.
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const img of images) {
      expect(img).toMatch(/ srcSet="\/media\/[^"]+ 320w, /);
      expect(img).toMatch(/ width="\d+" height="\d+"/);
    }
    expect(images[0]).toContain('loading="eager"');
    expect(images.slice(1).every((img) => img.includes('loading="lazy"'))).toBe(true);
    expect(images[0]).toContain(`gb=${blocks.image}`);
    expect(images[0]).toContain('fit=FILL');
    // No script is needed to read it; the reader's own script is the only one (none in API-only tests), beside the
    // data its words come in (JSON, never run).
    expect(html).not.toMatch(/<script(?![^>]*type="module" src="\/assets\/)(?! type="application\/json" id="reader-strings")/);
  });

  it('escapes what editors write: a title or text with a script stays text', async () => {
    const t = await team();
    const doc = await k.document(t.portal.id, { title: '<script>alert("doc")</script>' });
    const page = await k.page(doc.id, { title: '"><img src=x onerror=alert(1)>' });
    const section = await k.section(page);
    await k.block(section, 'text', { html: '<p>Hi<script>alert(2)</script><img src="x" onerror="alert(3)"></p>' });
    await k.block(section, 'callout', { text: '</div><script>alert(4)</script>' });
    await k.block(section, 'typography', { family: 'Inter"; background: url(https://evil.example/x)', weights: [400], styles: [] });
    const { html, status } = await readerGet(anon(), `/document/${doc.id}/${page}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<[^>]+ onerror=/);
    // A font family is text in the page, and only letters, digits and spaces of it reach a style.
    const style = /<div class="typography" style="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(style).toMatch(/^font-family:&quot;Inter background urlhttpsevil\.examplex&quot;, system-ui/);
    expect(style).not.toMatch(/url\(|;background/);
    expect(html).toContain('&lt;script&gt;alert(&quot;doc&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;/div&gt;&lt;script&gt;alert(4)&lt;/script&gt;');
    expect(html).toContain('<h1>&quot;&gt;&lt;img src=x on' + 'error=alert(1)&gt;</h1>');
  });

  it('shows visitors published content only; drafts, hidden pages and deleted items are the not-found page', async () => {
    const t = await team();
    const { doc, page } = await simpleDocument(t.portal.id);
    const hidden = await k.page(doc.id, { title: 'Secret page', hidden: true });
    const visible = async (path: string) => (await readerGet(anon(), path)).status;
    expect(await visible(`/document/${doc.id}`)).toBe(200);
    expect(await visible(`/document/${doc.id}/${page}`)).toBe(200);
    expect(await visible(`/document/${doc.id}/${hidden}`)).toBe(404);
    const cover = await readerGet(anon(), `/document/${doc.id}`);
    expect(cover.html).toContain('<h1>Brand book</h1>');
    expect(cover.html).not.toContain('Secret page');
    // A page of another document under this document's address.
    const other = await simpleDocument(t.portal.id);
    expect(await visible(`/document/${doc.id}/${other.page}`)).toBe(404);
    // Unknown and malformed addresses.
    expect(await visible('/document/999999')).toBe(404);
    expect(await visible('/document/0x10')).toBe(404);
    expect(await visible(`/document/${doc.id}/abc`)).toBe(404);
    // Unpublished document, deleted page, deleted document.
    await k.setDocument(doc.id, { published: false });
    expect(await visible(`/document/${doc.id}/${page}`)).toBe(404);
    await k.setDocument(doc.id, { published: true });
    expect(await visible(`/document/${doc.id}/${page}`)).toBe(200);
    await k.setPage(page, { deleted: true });
    expect(await visible(`/document/${doc.id}/${page}`)).toBe(404);
    await k.setDocument(other.doc.id, { deleted: true });
    expect(await visible(`/document/${other.doc.id}`)).toBe(404);
    const hub = await readerGet(anon(), `/hub/${t.portal.id}`);
    expect(hub.status).toBe(200);
    expect(hub.html).toContain(`href="/document/${doc.id}"`);
    expect(hub.html).not.toContain(`href="/document/${other.doc.id}"`);
  });

  it('ACCOUNT portals are read by signed-in members; EDITORS portals by admins; visitors and other accounts get 404', async () => {
    const t = await team('ACCOUNT');
    const { doc, page } = await simpleDocument(t.portal.id);
    const member = await env().signIn(await env().factories.member(t.accountId, 'MEMBER'));
    const outsider = await env().signIn((await env().factories.account()).owner);
    const path = `/document/${doc.id}/${page}`;
    expect((await readerGet(anon(), path)).status).toBe(404);
    expect((await readerGet(outsider, path)).status).toBe(404);
    expect((await readerGet(anon(), `/hub/${t.portal.id}`)).status).toBe(404);
    const read = await readerGet(member, path);
    expect(read.status).toBe(200);
    expect(read.html).toContain('Our logo is our signature.');
    expect(read.html).not.toContain('view-banner');
    // Pages of non-public portals are not for search engines.
    expect(read.html).toContain('<meta name="robots" content="noindex"/>');
    expect((await readerGet(member, `/hub/${t.portal.id}`)).status).toBe(200);
    await k.setVisibility(t.admin, t.portal.id, 'EDITORS');
    expect((await readerGet(member, path)).status).toBe(404);
    expect((await readerGet(t.admin, path)).status).toBe(200);
    expect((await readerGet(anon(), path)).status).toBe(404);
  });

  it('editors see drafts with a banner, and ?view=visitor shows exactly what visitors see', async () => {
    const t = await team();
    const { doc, page } = await simpleDocument(t.portal.id);
    const hidden = await k.page(doc.id, { title: 'Next season', hidden: true });
    const viewer = await env().factories.member(t.accountId, 'MEMBER');
    const viewerClient = await env().signIn(viewer);
    expect((await t.admin.put(`/project/${doc.id}/user/${viewer.id}`, { level: 'VIEW' })).status).toBe(200);
    const member = await env().signIn(await env().factories.member(t.accountId, 'MEMBER'));

    const draft = await readerGet(viewerClient, `/document/${doc.id}/${hidden}`);
    expect(draft.status).toBe(200);
    expect(draft.html).toContain('Draft: visitors do not see this page until it is shown.');
    expect(draft.html).toContain(`href="/document/${doc.id}/${hidden}?view=visitor"`);
    expect(draft.html).toContain('<meta name="robots" content="noindex"/>');
    // Members without a level on the document are readers, not editors.
    expect((await readerGet(member, `/document/${doc.id}/${hidden}`)).status).toBe(404);
    // The published page, for an editor: their banner, and the hidden page in the navigation, marked.
    const published = await readerGet(t.admin, `/document/${doc.id}/${page}`);
    expect(published.html).toContain('You see drafts because you can edit this document.');
    expect(published.html).toMatch(/Next season<span class="badge badge--draft">Draft<\/span>/);

    const asVisitor = await readerGet(t.admin, `/document/${doc.id}/${page}?view=visitor`);
    expect(asVisitor.status).toBe(200);
    expect(asVisitor.html).not.toContain('Next season');
    expect(asVisitor.html).toContain('You are viewing this page as a visitor sees it.');
    expect(asVisitor.html).toContain(`href="/document/${doc.id}/${page}"`);
    // A page visitors cannot see: the editor learns why, with the not-found status visitors get.
    const hiddenAsVisitor = await readerGet(t.admin, `/document/${doc.id}/${hidden}?view=visitor`);
    expect(hiddenAsVisitor.status).toBe(404);
    expect(hiddenAsVisitor.html).toContain('Visitors cannot see this page');
    expect(hiddenAsVisitor.html).toContain('The page is hidden (a draft).');
    // An unpublished document: its editors read it, visitors and members do not, and its hub lists it as a draft.
    await k.setDocument(doc.id, { published: false });
    const unpublished = await readerGet(t.admin, `/document/${doc.id}/${page}`);
    expect(unpublished.html).toContain('Draft: visitors do not see this document until it is published.');
    expect((await readerGet(member, `/document/${doc.id}/${page}`)).status).toBe(404);
    expect((await readerGet(anon(), `/hub/${t.portal.id}`)).html).not.toContain(`/document/${doc.id}"`);
    expect((await readerGet(t.admin, `/hub/${t.portal.id}`)).html).toMatch(/Brand book<\/span><span class="badge badge--draft">Draft/);
    // Someone with the view=visitor parameter but no level on the document: the plain not-found page.
    const stranger = await readerGet(member, `/document/${doc.id}/${page}?view=visitor`);
    expect(stranger.status).toBe(404);
    expect(stranger.html).not.toContain('Visitors cannot see this page');
  });

  it('serves the hub and documents at /d/{token}, with languages, and the old address dies with a new token', async () => {
    const t = await team();
    const { doc } = await simpleDocument(t.portal.id);
    const hub = await readerGet(anon(), `/d/${t.portal.token}`);
    expect(hub.status).toBe(200);
    expect(hub.html).toContain(`href="/d/${t.portal.token}/${doc.slug}"`);
    expect(hub.html).toContain(`data-hub-id="${t.portal.id}" data-hub-title="Acme brand"`);
    const bySlug = await readerGet(anon(), `/d/${t.portal.token}/${doc.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.html).toContain(`data-document-id="${doc.id}"`);
    expect(bySlug.html).toContain(`<a class="reader-header__hub" href="/d/${t.portal.token}">`);
    expect((await readerGet(anon(), `/d/${t.portal.token}/en`)).status).toBe(200);
    expect((await readerGet(anon(), `/d/${t.portal.token}/en/${doc.slug}`)).html).toContain('<html lang="en"');
    expect((await readerGet(anon(), `/d/${t.portal.token}/de/${doc.slug}`)).status).toBe(404);
    expect((await readerGet(anon(), `/d/${t.portal.token}/no-such-document`)).status).toBe(404);
    expect((await readerGet(anon(), `/hub/${t.portal.id}/en`)).status).toBe(200);
    expect((await readerGet(anon(), `/hub/${t.portal.id}/fr`)).status).toBe(404);
    expect((await readerGet(anon(), '/d/not-a-token')).status).toBe(404);
    const regenerated = await t.admin.post(`/portal/${t.portal.id}/token`);
    expect(regenerated.status).toBe(200);
    const fresh = regenerated.body.data.token as string;
    expect((await readerGet(anon(), `/d/${t.portal.token}`)).status).toBe(404);
    expect((await readerGet(anon(), `/d/${t.portal.token}/${doc.slug}`)).status).toBe(404);
    expect((await readerGet(anon(), `/d/${fresh}/${doc.slug}`)).status).toBe(200);
    // A token grants no more than the portal's visibility.
    await k.setVisibility(t.admin, t.portal.id, 'ACCOUNT');
    expect((await readerGet(anon(), `/d/${fresh}`)).status).toBe(404);
  });

  it('serves a cached page with an ETag (304 when unchanged) and shows edits at once', async () => {
    const t = await team();
    const { doc, page, section } = await simpleDocument(t.portal.id, 'First words.');
    const path = `/document/${doc.id}/${page}`;
    const first = await readerGet(anon(), path);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    // Sent gzipped to clients that take it (fetch does, and unpacks it), plain to others, each with its own ETag.
    expect(first.headers.get('content-encoding')).toBe('gzip');
    const plain = await readerGet(anon(), path, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.html).toBe(first.html);
    expect(plain.headers.get('etag')).not.toBe(etag);
    const again = await readerGet(anon(), path);
    expect(again.html).toBe(first.html);
    expect((await readerGet(anon(), path, { 'if-none-match': etag! })).status).toBe(304);
    await k.block(section, 'text', { html: '<p>Second words.</p>' });
    const edited = await readerGet(anon(), path, { 'if-none-match': etag! });
    expect(edited.status).toBe(200);
    expect(edited.html).toContain('Second words.');
    await k.setPage(page, { title: 'Renamed page' });
    expect((await readerGet(anon(), path)).html).toContain('<h1>Renamed page</h1>');
    await k.setVisibility(t.admin, t.portal.id, 'ACCOUNT');
    expect((await readerGet(anon(), path)).status).toBe(404);
  });

  it('searches a library block with a plain form and through the search the script calls', async () => {
    const t = await team();
    await uploadAsset(env(), t.admin, t.library.id, 'logo.jpg', await jpeg(200, 200, '#000000'), 'Primary logo');
    const doc = await k.document(t.portal.id);
    const page = await k.page(doc.id);
    const section = await k.section(page);
    const block = await k.block(section, 'library', { project_id: t.library.id });
    const all = await readerGet(anon(), `/document/${doc.id}/${page}`);
    expect(all.html).toContain('Primary logo');
    expect(all.html).toContain('Harbour at dawn');
    const found = await readerGet(anon(), `/document/${doc.id}/${page}?library=${block}&q=logo`);
    expect(found.html).toContain('Primary logo');
    expect(found.html).not.toContain('Harbour at dawn');
    expect(found.html).toContain('value="logo"');
    const none = await readerGet(anon(), `/document/${doc.id}/${page}?library=${block}&q=zebra`);
    expect(none.html).toContain('No assets match this search.');

    const api = await anon().get(`/api/guideline-block/${block}/assets?q=harbour`);
    expect(api.status).toBe(200);
    expect(api.body.data.count).toBe(1);
    expect(api.body.data.html).toContain('Harbour at dawn');
    expect(api.body.data.html).toContain(`/api/guideline-block/${block}/assets/`);
    expect((await anon().get(`/api/guideline-block/${block}/assets?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await anon().get(`/api/guideline-block/${block}/assets?other=1`)).status).toBe(400);
    // Not a library block, or a block visitors do not see.
    const text = await k.block(section, 'text', { html: '<p>x</p>' });
    expect((await anon().get(`/api/guideline-block/${text}/assets`)).status).toBe(404);
    await k.setPage(page, { hidden: true });
    expect((await anon().get(`/api/guideline-block/${block}/assets`)).status).toBe(404);
    expect((await t.admin.get(`/api/guideline-block/${block}/assets`)).status).toBe(200);
  });

  describe('the page of another account', () => {
    it('shows nothing of an asset of another account that a block names', async () => {
      const t = await team();
      const other = await team();
      const doc = await k.document(t.portal.id);
      const page = await k.page(doc.id);
      const section = await k.section(page);
      // The API refuses such settings; the reader holds even when they were stored.
      await k.rawBlock(section, 'image', { asset_ids: [other.photo.id] });
      const { html } = await readerGet(anon(), `/document/${doc.id}/${page}`);
      expect(html).not.toContain('<img');
      expect(html).not.toContain(other.photo.asset_token);
    });
  });

  /** Fetches each scoped media URL of a page anonymously. */
  async function mediaStatuses(c: Client, html: string) {
    const urls = [...html.matchAll(/ src="(\/media\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    return Promise.all(urls.map(async (u) => (await fetchBytes(c, u)).status));
  }

  it('builds image URLs visitors can load, which stop with the page', async () => {
    const t = await team();
    const doc = await k.document(t.portal.id);
    const page = await k.page(doc.id);
    const section = await k.section(page);
    const image = await k.block(section, 'image', { asset_ids: [t.photo.id] });
    const { html } = await readerGet(anon(), `/document/${doc.id}/${page}`);
    expect(await mediaStatuses(anon(), html)).toEqual([200]);
    await k.deleteBlock(image);
    expect(await mediaStatuses(anon(), html)).toEqual([404]);
  });
});
