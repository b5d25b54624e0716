import type { CSSProperties, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { HubReading } from '../../../../access/guideline-readers.js';
import type { ReaderClientAssets } from '../client-assets.js';
import { readableOn } from '../colors.js';
import type { ParsedBlock } from '../load.js';
import { responsiveImage } from '../media.js';
import type { ReaderAssetRow, ReaderPortalRow, SectionRow } from '../queries.js';
import { Block, type BlockContext } from './blocks.js';
import type { ReaderStrings } from './strings/index.js';

/**
 * Reader pages as HTML (React on the server, renderToStaticMarkup: every text and attribute escaped by React; the
 * only raw HTML is sanitised rich text and highlighted code). No app, no framework on the client: the reader's
 * small script (apps/web/src/reader/main.ts) adds copy buttons, tabs, deep links and search as you type.
 */

export interface Shell {
  title: string;
  description: string;
  /** The content's language (`<html lang>`). */
  language: string;
  /** The reader's own words, in the language strings/index.ts chose for this request. */
  t: ReaderStrings;
  /** The language of `t` (the reader's script asks for library searches in it). */
  wordsLanguage: string;
  client: ReaderClientAssets;
  portal: { id: number; title: string };
  /** The hub's address as the reader reached it (`/hub/{id}` or `/d/{token}`). */
  hubUrl: string;
  /** Only public pages may be indexed. */
  indexable: boolean;
}

/** `view=visitor`: what the banner says and where "leave" goes. */
export type ViewBanner =
  | { kind: 'none' }
  | { kind: 'visitor'; leaveUrl: string }
  | { kind: 'editor'; visitorUrl: string; draft: 'page' | 'document' | null };

function Html({ shell, banner, children }: { shell: Shell; banner: ViewBanner; children: ReactNode }) {
  const { t } = shell;
  return (
    <html lang={shell.language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{shell.title}</title>
        {shell.description ? <meta name="description" content={shell.description} /> : null}
        {shell.indexable ? null : <meta name="robots" content="noindex" />}
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {shell.client.css ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the reader's own built stylesheet (client-assets.ts)
          <style dangerouslySetInnerHTML={{ __html: shell.client.css }} />
        ) : null}
        {shell.client.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {shell.client.script ? <script type="module" src={shell.client.script} /> : null}
        <script
          type="application/json"
          id="reader-strings"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own words, escaped for HTML (scriptJson)
          dangerouslySetInnerHTML={{ __html: scriptJson(t.script) }}
        />
      </head>
      <body className="reader" data-hub-id={shell.portal.id} data-hub-title={shell.portal.title} data-reader-language={shell.wordsLanguage}>
        <a className="skip-link" href="#main">
          {t.skip}
        </a>
        <header className="reader-header">
          <div className="reader-header__inner">
            <a className="reader-header__hub" href={shell.hubUrl}>
              {shell.portal.title}
            </a>
          </div>
        </header>
        <Banner banner={banner} t={t} />
        {children}
        <footer className="reader-footer">
          <p>{t.poweredBy}</p>
        </footer>
      </body>
    </html>
  );
}

/**
 * JSON to put inside a `<script type="application/json">` element: `<`, `>` and `&` as JSON escapes, so no text can
 * end the element or open a comment, and the line separators that older parsers refuse.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function Banner({ banner, t }: { banner: ViewBanner; t: ReaderStrings }) {
  if (banner.kind === 'none') return null;
  if (banner.kind === 'visitor') {
    return (
      <div className="view-banner view-banner--visitor">
        <p>
          {t.visitorView} <a href={banner.leaveUrl}>{t.leaveVisitorView}</a>
        </p>
      </div>
    );
  }
  return (
    <div className={`view-banner${banner.draft ? ' view-banner--draft' : ''}`}>
      <p>
        {banner.draft ? (
          <strong className="badge badge--draft">{banner.draft === 'document' ? t.draftDocument : t.draftPage}</strong>
        ) : (
          t.editorView
        )}{' '}
        <a href={banner.visitorUrl}>{t.viewAsVisitor}</a>
      </p>
    </div>
  );
}

export function toHtml(node: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(node)}`;
}

/* ---------- sections ---------- */

/** Blocks of a section in its columns; a block in a column the section no longer has goes to the last one. */
function Columns({ ctx, section, blocks }: { ctx: BlockContext; section: SectionRow; blocks: ParsedBlock[] }) {
  const proportions = section.columnProportions.length ? section.columnProportions : [1];
  const total = proportions.reduce((s, p) => s + p, 0);
  const columns = proportions.map(() => [] as ParsedBlock[]);
  for (const b of blocks) columns[Math.min(Math.max(b.row.column, 0), columns.length - 1)]!.push(b);
  const style = { '--columns': proportions.map((p) => `${p}fr`).join(' ') } as CSSProperties;
  return (
    <div className={`section__columns section__columns--${proportions.length}`} style={style}>
      {columns.map((list, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
        <div key={i} className="section__column">
          {list.map((b) => (
            <Block key={b.row.id} ctx={ctx} block={b} fraction={proportions.length === 1 ? 1 : proportions[i]! / total} />
          ))}
        </div>
      ))}
    </div>
  );
}

type SectionGroup = { groupId: string | null; sections: { row: SectionRow; blocks: ParsedBlock[] }[] };

/** Consecutive sections sharing a group id form one tab group. */
export function groupSections(sections: { row: SectionRow; blocks: ParsedBlock[] }[]): SectionGroup[] {
  const groups: SectionGroup[] = [];
  for (const s of sections) {
    const last = groups.at(-1);
    if (s.row.groupId && last?.groupId === s.row.groupId) last.sections.push(s);
    else groups.push({ groupId: s.row.groupId, sections: [s] });
  }
  return groups;
}

function Sections({ ctx, sections }: { ctx: BlockContext; sections: { row: SectionRow; blocks: ParsedBlock[] }[] }) {
  return (
    <>
      {groupSections(sections).map((group) =>
        group.groupId && group.sections.length > 1 ? (
          // Without the script every tab shows, one after the other, under its title; the script makes them tabs.
          <div key={`g-${group.sections[0]!.row.id}`} className="tabs" data-tabs>
            {group.sections.map((s, i) => (
              <section
                key={s.row.id}
                id={`section-${s.row.id}`}
                className="section tabs__panel"
                data-tab-title={s.row.tabTitle || ctx.t.tab(i + 1)}
              >
                <h2 className="tabs__title">{s.row.tabTitle || ctx.t.tab(i + 1)}</h2>
                <Columns ctx={ctx} section={s.row} blocks={s.blocks} />
              </section>
            ))}
          </div>
        ) : (
          group.sections.map((s) => (
            <section key={s.row.id} id={`section-${s.row.id}`} className="section">
              <Columns ctx={ctx} section={s.row} blocks={s.blocks} />
            </section>
          ))
        ),
      )}
    </>
  );
}

/* ---------- a document page ---------- */

export interface NavPage {
  id: number;
  title: string;
  url: string;
  current: boolean;
  draft: boolean;
  headings: { id: number; title: string; url: string }[];
}

export interface DocumentPageProps {
  shell: Shell;
  banner: ViewBanner;
  ctx: BlockContext;
  document: { id: number; title: string };
  page: { id: number; title: string; cover: boolean };
  nav: NavPage[];
  invalidBlocks: number;
}

export function DocumentPage({ shell, banner, ctx, document, page, nav, invalidBlocks }: DocumentPageProps) {
  const { t } = shell;
  const index = nav.findIndex((p) => p.current);
  const previous = index > 0 ? nav[index - 1] : undefined;
  const next = index >= 0 ? nav[index + 1] : undefined;
  return (
    <Html shell={shell} banner={banner}>
      <div className="reader-layout">
        <main id="main" className="document" data-document-id={document.id} data-page-id={page.id} tabIndex={-1}>
          <header className={`page-header${page.cover ? ' page-header--cover' : ''}`}>
            {page.cover ? null : <p className="page-header__document">{document.title}</p>}
            <h1>{page.cover ? document.title : page.title}</h1>
          </header>
          {invalidBlocks > 0 && ctx.audience === 'draft' ? <p className="block__notice">{t.invalidBlock}</p> : null}
          <Sections ctx={ctx} sections={ctx.model.sections} />
          {previous || next ? (
            <nav className="pager" aria-label={t.pagination}>
              {previous ? (
                <a className="pager__link pager__link--previous" href={previous.url}>
                  <span className="pager__label">{t.previous}</span> {previous.title}
                </a>
              ) : (
                <span />
              )}
              {next ? (
                <a className="pager__link pager__link--next" href={next.url}>
                  <span className="pager__label">{t.next}</span> {next.title}
                </a>
              ) : null}
            </nav>
          ) : null}
        </main>
        <nav id="reader-nav" className="reader-nav" aria-label={t.pagesOf(document.title)}>
          <ol className="reader-nav__pages">
            {nav.map((p) => (
              <li key={p.id} className="reader-nav__page">
                <a href={p.url} aria-current={p.current ? 'page' : undefined}>
                  {p.title}
                  {p.draft ? <span className="badge badge--draft">{t.draft}</span> : null}
                </a>
                {p.headings.length ? (
                  <ol className="reader-nav__headings">
                    {p.headings.map((h) => (
                      <li key={h.id}>
                        <a href={h.url}>{h.title}</a>
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </Html>
  );
}

/* ---------- the hub ---------- */

export function HubPage({
  shell,
  banner,
  hub,
  documentUrl,
  keyVisual,
  secret,
}: {
  shell: Shell;
  banner: ViewBanner;
  hub: HubReading;
  documentUrl: (d: HubReading['documents'][number]) => string;
  keyVisual: ReaderAssetRow | null;
  secret: string;
}) {
  const { t } = shell;
  const cover = coverOf(hub.portal);
  const image = keyVisual
    ? responsiveImage(secret, keyVisual, { portalId: hub.portal.id, audience: hub.audience }, { maxWidth: 1200 })
    : null;
  return (
    <Html shell={shell} banner={banner}>
      <main id="main" className="hub" tabIndex={-1}>
        <header className="hub-cover" style={{ backgroundColor: cover.background, color: cover.text }}>
          <div className="hub-cover__inner">
            <h1>{cover.heading || hub.portal.title}</h1>
            {cover.subline ? <p className="hub-cover__subline">{cover.subline}</p> : null}
          </div>
          {image && keyVisual ? (
            <img
              className="hub-cover__visual"
              src={image.src}
              srcSet={image.srcSet}
              sizes="(max-width: 1200px) 100vw, 1200px"
              width={image.width}
              height={image.height}
              alt={keyVisual.alternativeText}
              fetchPriority="high"
            />
          ) : null}
        </header>
        <section className="hub-documents" aria-labelledby="hub-documents-title">
          <h2 id="hub-documents-title">{t.documents}</h2>
          {hub.documents.length === 0 ? (
            <p>{t.noDocuments}</p>
          ) : (
            <ul className="hub-documents__list">
              {hub.documents.map((d) => (
                <li key={d.id}>
                  <a className="hub-document" href={documentUrl(d)}>
                    <span className="hub-document__title">{d.title}</span>
                    {d.draft ? <span className="badge badge--draft">{t.draft}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
    </Html>
  );
}

/** The cover settings of a portal (portals.cover_settings), with a text colour that reads on the background. */
export function coverOf(portal: ReaderPortalRow) {
  const s = portal.coverSettings as { heading?: string; subline?: string; background_color?: string; text_color?: string };
  const hex = (v: unknown) => (typeof v === 'string' && /^#[0-9A-Fa-f]{6}$/.test(v) ? v : undefined);
  const background = hex(s.background_color) ?? '#F4F5F7';
  return {
    heading: typeof s.heading === 'string' ? s.heading : '',
    subline: typeof s.subline === 'string' ? s.subline : '',
    background,
    text: readableOn(background, hex(s.text_color)),
  };
}

/** What an editor sees at `?view=visitor` when visitors would see nothing: why, and the way back. */
export function HiddenFromVisitorsPage({ shell, reasons, leaveUrl }: { shell: Shell; reasons: string[]; leaveUrl: string }) {
  const { t } = shell;
  return (
    <Html shell={shell} banner={{ kind: 'visitor', leaveUrl }}>
      <main id="main" className="hidden-page" tabIndex={-1}>
        <h1>{t.hiddenFromVisitors}</h1>
        <ul>
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </main>
    </Html>
  );
}
