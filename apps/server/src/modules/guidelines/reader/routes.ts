import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED_HOSTS, idSchema, refId } from '@emblem/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import {
  type CheckedDocumentReading,
  documentLevel,
  type HubReading,
  readablePage,
  requireReadableBlock,
  requireReadableDocument,
  requireReadableHub,
} from '../../../access/guideline-readers.js';
import { ok } from '../../../http/envelope.js';
import { AppError, NotFoundError } from '../../../http/errors.js';
import { parse } from '../../../http/validate.js';
import type { ModuleRoutes } from '../../manifest.js';
import { type CachedPage, PageCache, renderedPage, utcDay } from './cache.js';
import { readerClientAssets } from './client-assets.js';
import { loadLibrary, loadPage, type PageModel } from './load.js';
import {
  accountHasFlag,
  findReaderDocument,
  findReaderDocumentBySlug,
  type ReaderDocumentRow,
  type ReaderPageRef,
  readerAssets,
} from './queries.js';
import { LibraryList } from './render/blocks.js';
import { DocumentPage, HiddenFromVisitorsPage, HubPage, type NavPage, type Shell, toHtml, type ViewBanner } from './render/pages.js';
import { READER_STRINGS, readerLanguage } from './render/strings/index.js';

/**
 * The public guideline reader: server-rendered pages at `/hub/{portalId}/{language?}`, `/document/{documentId}
 * [/{pageId}]` and `/d/{portalToken}/{language?}/{documentSlug?}` (outside /api: these addresses do not mount the
 * web app), and the library search its script calls. Who reads what: access/guideline-readers.ts. Anything the caller
 * may not read answers the web app's not-found page with 404.
 */

/** Reader pages may frame the embed hosts, and load nothing else from another origin. */
export const READER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  `frame-src ${EMBED_HOSTS.map((h) => `https://${h}`).join(' ')}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const LANGUAGE = /^[a-z]{2,3}(?:-[A-Z]{2})?$/;
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

const readerQuery = z.object({
  view: z.string().optional(),
  library: z.string().optional(),
  q: z.string().optional(),
});

interface ReaderQuery {
  asVisitor: boolean;
  search?: { blockId: number; search: string };
}

function readQuery(req: FastifyRequest): ReaderQuery {
  // Other parameters (campaign tags and the like) are ignored, not refused: these are addresses people share.
  const q = readerQuery.safeParse(req.query);
  const query = q.success ? q.data : {};
  const blockId = idSchema.safeParse(query.library);
  return {
    asVisitor: query.view === 'visitor',
    search: blockId.success && query.q !== undefined ? { blockId: blockId.data, search: query.q.slice(0, 100) } : undefined,
  };
}

const documentParams = z.object({ documentId: refId('document'), pageId: refId('page').optional() }).strict();
const hubParams = z.object({ portalId: refId('portal'), language: z.string().optional() }).strict();
const tokenParams = z.object({ token: z.string(), segment: z.string().optional(), slug: z.string().optional() }).strict();
const blockParams = z.object({ blockId: refId('block') }).strict();

/** The current address with `view=visitor` added or removed. */
function withView(req: FastifyRequest, visitor: boolean): string {
  const url = new URL(req.url, 'http://reader.invalid');
  if (visitor) url.searchParams.set('view', 'visitor');
  else url.searchParams.delete('view');
  return `${url.pathname}${url.search}`;
}

/** A short description for search engines: the page's first words. */
function describe(model: PageModel): string {
  for (const s of model.sections) {
    for (const b of s.blocks) {
      const text =
        b.type === 'text' ? b.settings.html.replace(/<[^>]*>/g, ' ') : b.type === 'callout' || b.type === 'quote' ? b.settings.text : '';
      const clean = text
        .replace(/&[a-z#0-9]+;/gi, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      if (clean) return clean.length > 160 ? `${clean.slice(0, 157).trimEnd()}…` : clean;
    }
  }
  return '';
}

export const readerRoutes: ModuleRoutes = async (app) => {
  const db = app.db;
  const secret = app.config.sessionSecret;
  const cache = new PageCache();
  const client = () => readerClientAssets(app.config.webDistDir);

  // The web app's page, with the caller's CSRF token (as http/web.ts serves it), for addresses that show nothing.
  const appFile = app.config.webDistDir ? join(app.config.webDistDir, 'index.html') : undefined;
  const appTemplate = appFile && existsSync(appFile) ? readFileSync(appFile, 'utf8') : undefined;
  const notFound = (req: FastifyRequest, reply: FastifyReply) => {
    reply.status(404).header('cache-control', 'no-store');
    if (!appTemplate) return reply.type('text/plain; charset=utf-8').send('Not found');
    const token = (req.csrfToken ?? '').replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return reply
      .type('text/html; charset=utf-8')
      .send(appTemplate.replace(/<meta name="csrf-token" content="[^"]*"\s*\/?>/, `<meta name="csrf-token" content="${token}" />`));
  };

  /** `negotiated`: the page's words follow the visitor's Accept-Language (render/strings/index.ts). */
  const sendHtml = (
    req: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage | { html: string; etag: null },
    negotiated: boolean,
    status = 200,
  ) => {
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('content-security-policy', READER_CSP)
      // Readers always revalidate (a page that stops being public must stop showing); an unchanged page is a 304.
      .header('cache-control', 'private, no-cache')
      .header('vary', negotiated ? 'accept-encoding, cookie, accept-language' : 'accept-encoding, cookie');
    if (!page.etag) return reply.send(page.html);
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    // The two encodings are different bytes, so they carry different (strong) ETags.
    const etag = gzip ? `${page.etag.slice(0, -1)}-gz"` : page.etag;
    reply.header('etag', etag);
    const inm = req.headers['if-none-match'];
    if (inm?.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
    if (!gzip) return reply.send(page.html);
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  };

  /** Runs a page handler; a record the caller may not read (404) shows the not-found page. */
  const page =
    (handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        return await handler(req, reply);
      } catch (err) {
        if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 400)) return notFound(req, reply);
        throw err;
      }
    };

  /**
   * The content's language (the address's, else the portal's first) and the reader's words for this request: in
   * that language when the interface has it, else in the visitor's browser language (render/strings/index.ts).
   */
  const languageOf = async (req: FastifyRequest, portal: HubReading['portal'], language: string | undefined) => {
    const content = language ?? portal.languages[0] ?? 'en';
    const words = await readerLanguage(content, req.headers['accept-language'], () => accountHasFlag(db, portal.accountId, 'I18N_ROLLOUT'));
    return { content, words: words.language, negotiated: words.negotiated };
  };
  type ReaderLanguage = Awaited<ReturnType<typeof languageOf>>;

  const shellOf = (document: ReaderDocumentRow | null, portal: HubReading['portal'], title: string, lang: ReaderLanguage) =>
    ({
      title,
      description: '',
      language: lang.content,
      t: READER_STRINGS[lang.words],
      wordsLanguage: lang.words,
      client: client(),
      portal: { id: portal.id, title: portal.title },
      hubUrl: `/hub/${portal.id}`,
      indexable: portal.visibility === 'PUBLIC' && (document === null || document.published),
    }) satisfies Shell;

  /** Why a visitor sees nothing of a page an editor can read. */
  const hiddenReasons = (document: ReaderDocumentRow, pageId: number | undefined, lang: ReaderLanguage) => {
    const t = READER_STRINGS[lang.words];
    const reasons: string[] = [];
    if (document.portal.visibility !== 'PUBLIC') reasons.push(t.hiddenReason.portal);
    if (!document.published) reasons.push(t.hiddenReason.document);
    const target = pageId === undefined ? document.pages[0] : document.pages.find((p) => p.id === pageId);
    if (target?.hidden) reasons.push(t.hiddenReason.page);
    return reasons;
  };

  async function renderDocument(
    req: FastifyRequest,
    reply: FastifyReply,
    documentId: number,
    pageId: number | undefined,
    via: { hubUrl?: string; language?: string; known?: ReaderDocumentRow },
  ) {
    const query = readQuery(req);
    let reading: CheckedDocumentReading;
    let target: ReaderPageRef;
    try {
      reading = await requireReadableDocument(db, req.actor, documentId, { asVisitor: query.asVisitor, known: via.known });
      target = readablePage(reading, pageId);
    } catch (err) {
      // An editor asking for the visitor's view of what visitors cannot see: say why, rather than a bare 404.
      if (!(err instanceof NotFoundError) || !query.asVisitor || !req.actor) throw err;
      const document = via.known ?? (await findReaderDocument(db, documentId));
      if (!document || document.deletedAt || !(await documentLevel(db, req.actor, document))) throw err;
      const lang = await languageOf(req, document.portal, via.language);
      const t = READER_STRINGS[lang.words];
      const shell = { ...shellOf(document, document.portal, `${t.hiddenFromVisitors} · ${document.title}`, lang), indexable: false };
      const reasons = hiddenReasons(document, pageId, lang);
      const html = toHtml(HiddenFromVisitorsPage({ shell, reasons, leaveUrl: withView(req, false) }));
      return sendHtml(req, reply, { html, etag: null }, lang.negotiated, 404);
    }
    const { document } = reading;
    const language = via.language;
    if (language !== undefined && !document.portal.languages.includes(language)) throw new NotFoundError();
    const lang = await languageOf(req, document.portal, language);
    const search = query.search;
    const key =
      reading.drafts || search
        ? null
        : [
            'page',
            target.id,
            document.contentVersion,
            document.version,
            document.modifiedAt.getTime(),
            JSON.stringify(reading.pages),
            document.portal.modifiedAt.getTime(),
            document.portal.visibility,
            query.asVisitor ? 'visitor' : 'reader',
            via.hubUrl ?? '',
            language ?? '',
            lang.words,
            utcDay(),
          ].join('|');
    const cached = key ? cache.get(key) : undefined;
    if (cached) return sendHtml(req, reply, cached, lang.negotiated);

    const model = await loadPage(db, reading, target, { librarySearch: search });
    const pageUrl = `/document/${document.id}/${target.id}`;
    const nav: NavPage[] = reading.pages.map((p) => {
      const url = `/document/${document.id}/${p.id}`;
      return {
        id: p.id,
        title: p.type === 'COVERPAGE' ? document.title : p.title,
        url,
        current: p.id === target.id,
        draft: p.hidden,
        headings: (model.headings.get(p.id) ?? []).map((h) => ({
          id: h.id,
          title: h.title,
          url: h.sectionId ? `${url}#section-${h.sectionId}` : url,
        })),
      };
    });
    const cover = target.type === 'COVERPAGE';
    const title = cover ? `${document.title} · ${document.portal.title}` : `${target.title} · ${document.title} · ${document.portal.title}`;
    const shell: Shell = {
      ...shellOf(document, document.portal, title, lang),
      description: describe(model),
      hubUrl: via.hubUrl ?? `/hub/${document.portal.id}`,
    };
    const banner: ViewBanner = reading.drafts
      ? {
          kind: 'editor',
          visitorUrl: withView(req, true),
          draft: !document.published ? 'document' : target.hidden ? 'page' : null,
        }
      : query.asVisitor
        ? { kind: 'visitor', leaveUrl: withView(req, false) }
        : { kind: 'none' };
    const html = toHtml(
      DocumentPage({
        shell: { ...shell, indexable: shell.indexable && !reading.drafts },
        banner,
        ctx: { secret, audience: reading.audience, model, pageUrl, images: { count: 0 }, t: shell.t },
        document: { id: document.id, title: document.title },
        page: { id: target.id, title: target.title, cover },
        nav,
        invalidBlocks: model.invalidBlocks.length,
      }),
    );
    return sendHtml(req, reply, key ? cache.set(key, html, model.expiresAt) : renderedPage(html), lang.negotiated);
  }

  /** A hub page; `token`: reached through `/d/{token}`, whose addresses its links then keep. */
  async function renderHub(req: FastifyRequest, reply: FastifyReply, hub: HubReading, language: string | undefined, token?: string) {
    const query = readQuery(req);
    if (language !== undefined && !hub.portal.languages.includes(language)) throw new NotFoundError();
    const lang = await languageOf(req, hub.portal, language);
    const prefix = token ? `/d/${token}${language ? `/${language}` : ''}` : null;
    const keyVisualId = (hub.portal.coverSettings as { key_visual_asset_id?: unknown }).key_visual_asset_id;
    const [keyVisual] = typeof keyVisualId === 'number' ? await readerAssets(db, hub.portal.accountId, [keyVisualId]) : [undefined];
    const shell: Shell = {
      ...shellOf(null, hub.portal, hub.portal.title, lang),
      description: coverText(hub.portal.coverSettings),
      hubUrl: prefix ?? `/hub/${hub.portal.id}`,
      indexable: hub.audience === 'public' && !query.asVisitor,
    };
    const banner: ViewBanner = query.asVisitor
      ? { kind: 'visitor', leaveUrl: withView(req, false) }
      : hub.documents.some((d) => d.draft)
        ? { kind: 'editor', visitorUrl: withView(req, true), draft: null }
        : { kind: 'none' };
    const html = toHtml(
      HubPage({
        shell,
        banner,
        hub,
        secret,
        keyVisual: keyVisual ?? null,
        documentUrl: (d) => (prefix ? `${prefix}/${d.slug}` : `/document/${d.id}`),
      }),
    );
    return sendHtml(req, reply, renderedPage(html), lang.negotiated);
  }

  const route = { config: { access: 'public' as const } };

  const hubHandler = page(async (req, reply) => {
    const { portalId, language } = parse(hubParams, req.params);
    if (language !== undefined && !LANGUAGE.test(language)) throw new NotFoundError();
    const hub = await requireReadableHub(db, req.actor, { portalId }, { asVisitor: readQuery(req).asVisitor });
    return renderHub(req, reply, hub, language);
  });
  app.get('/hub/:portalId', route, hubHandler);
  app.get('/hub/:portalId/:language', route, hubHandler);
  const documentHandler = page(async (req, reply) => {
    const { documentId, pageId } = parse(documentParams, req.params);
    return renderDocument(req, reply, documentId, pageId, {});
  });
  app.get('/document/:documentId', route, documentHandler);
  app.get('/document/:documentId/:pageId', route, documentHandler);

  // `/d/{token}`: the hub; `/d/{token}/{x}`: the hub in language x when the portal has it, else the document with slug x;
  // `/d/{token}/{language}/{slug}`: that document in that language.
  const tokenHandler = page(async (req, reply) => {
    const { token, segment, slug } = parse(tokenParams, req.params);
    if (!TOKEN.test(token)) throw new NotFoundError();
    const hub = await requireReadableHub(db, req.actor, { token }, { asVisitor: readQuery(req).asVisitor });
    const portal = hub.portal;
    const isLanguage = segment !== undefined && LANGUAGE.test(segment) && portal.languages.includes(segment);
    if (segment === undefined || (isLanguage && slug === undefined)) return renderHub(req, reply, hub, segment, token);
    if (slug !== undefined && !isLanguage) throw new NotFoundError();
    const documentSlug = slug ?? segment;
    const language = slug !== undefined ? segment : undefined;
    const document = await findReaderDocumentBySlug(db, portal.id, documentSlug);
    if (!document) throw new NotFoundError();
    return renderDocument(req, reply, document.id, undefined, {
      hubUrl: `/d/${token}${language ? `/${language}` : ''}`,
      language,
      known: document,
    });
  });
  app.get('/d/:token', route, tokenHandler);
  app.get('/d/:token/:segment', route, tokenHandler);
  app.get('/d/:token/:segment/:slug', route, tokenHandler);

  // A library block's list for a search (the reader's script searches as you type): `{ html, count, more }`, in the
  // language of the page's words (`language`, which the page gives its script), else as a page would choose it.
  const searchQuery = z.object({ q: z.string().max(100, 'Is too long').optional(), language: z.string().max(35).optional() }).strict();
  app.get('/api/guideline-block/:blockId/assets', route, async (req, reply) => {
    const { blockId } = parse(blockParams, req.params);
    const { q, language } = parse(searchQuery, req.query);
    const reading = await requireReadableBlock(db, req.actor, blockId);
    const block = reading.placement.block;
    const projectId = (block.settings as { project_id?: unknown }).project_id;
    if (block.type !== 'library' || typeof projectId !== 'number') throw new NotFoundError();
    const listing = await loadLibrary(db, reading.placement.document.accountId, projectId, q ?? '');
    if (!listing.library) throw new NotFoundError();
    const lang = await languageOf(req, reading.placement.portal, language);
    if (lang.negotiated) reply.header('vary', 'accept-language');
    const ctx = { secret, audience: reading.audience, images: { count: 1 }, t: READER_STRINGS[lang.words] };
    const html = renderToStaticMarkup(LibraryList({ ctx, blockId, listing }));
    return ok({ html, count: listing.assets.length, more: listing.more });
  });
};

function coverText(settings: Record<string, unknown>): string {
  return typeof settings.subline === 'string' ? settings.subline.slice(0, 160) : '';
}
